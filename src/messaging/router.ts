import { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';
import type { McpManager } from '../mcp/manager';
import {
  globalRequests,
  parseRequestType,
  requestEnvelopeSchema,
  serverRequests,
  type ErrorBody,
  type GlobalRequestType,
  type Response,
  type ServerAction,
} from './contract';

/** Who sent a message, as chrome.runtime.MessageSender describes it. */
export interface MessageSenderInfo {
  id?: string;
  url?: string;
  origin?: string;
}

export interface RouterOptions {
  manager: McpManager;
  /** The extension's own id; only its pages may send commands. */
  extensionId: string;
}

/**
 * Validates and dispatches requests from the extension's pages. It always resolves with a
 * {@link Response}: errors become `{ ok: false, error }`, never a thrown value or `undefined`.
 */
export function createRouter({ manager, extensionId }: RouterOptions) {
  const ownOrigin = `chrome-extension://${extensionId}`;

  function isOwnPage(sender: MessageSenderInfo): boolean {
    if (sender.id !== extensionId) return false;
    // Content scripts share the extension id but carry the web page's origin and URL.
    if (sender.origin !== undefined) return sender.origin === ownOrigin;
    return sender.url?.startsWith(`${ownOrigin}/`) ?? false;
  }

  async function handle(message: unknown, sender: MessageSenderInfo): Promise<Response> {
    try {
      if (!isOwnPage(sender)) {
        throw new PatchbayError(
          'forbidden-sender',
          'Only Patchbay’s own pages may send it commands.',
        );
      }
      const envelope = requestEnvelopeSchema.safeParse(message);
      if (!envelope.success) {
        throw new PatchbayError(
          'invalid-request',
          'A request needs a string "type" and an optional "payload".',
        );
      }
      const { type, payload } = envelope.data;
      const parsed = parseRequestType(type);
      if (!parsed)
        throw new PatchbayError(
          'unknown-type',
          `Patchbay does not know the request type "${type}".`,
        );
      const result =
        parsed.scope === 'global'
          ? await handleGlobal(parsed.type, validate(globalRequests[parsed.type], payload, type))
          : await handleServer(
              parsed.serverId,
              parsed.action,
              validate(serverRequests[parsed.action], payload, type),
            );
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: toErrorBody(error) };
    }
  }

  async function handleGlobal(type: GlobalRequestType, payload: unknown): Promise<unknown> {
    switch (type) {
      case 'mcp/servers/get':
        return { servers: await manager.listServers() };
      case 'mcp/servers/add':
        return {
          server: await manager.addServer(
            payload as z.output<(typeof globalRequests)['mcp/servers/add']>,
          ),
        };
      case 'mcp/servers/update':
        return {
          server: await manager.updateServer(
            payload as z.output<(typeof globalRequests)['mcp/servers/update']>,
          ),
        };
      case 'mcp/servers/remove': {
        const { id } = payload as { id: string };
        await manager.removeServer(id);
        return { id };
      }
      case 'mcp/tools/list':
        return { tools: await manager.listEnabledTools() };
      case 'mcp/servers/test':
        return manager.testConnection(
          payload as z.output<(typeof globalRequests)['mcp/servers/test']>,
        );
      case 'mcp/servers/export':
        return manager.exportConfiguration();
    }
  }

  async function handleServer(
    serverId: string,
    action: ServerAction,
    payload: unknown,
  ): Promise<unknown> {
    switch (action) {
      case 'enable':
        return { status: await manager.enable(serverId) };
      case 'disable':
        return { status: await manager.disable(serverId) };
      case 'auth/start':
        return { status: await manager.startSignIn(serverId) };
      case 'disconnect':
        return { status: await manager.disconnect(serverId) };
      case 'status/get':
        return { status: await manager.getStatus(serverId) };
      case 'health/check':
        return manager.healthCheck(serverId);
      case 'tool/call':
        return manager.callTool(
          serverId,
          payload as z.output<(typeof serverRequests)['tool/call']>,
        );
      case 'tool/cancel':
        return {
          cancelled: await manager.cancelTool(serverId, (payload as { callId: string }).callId),
        };
      case 'tools/disabled/set':
        return {
          names: await manager.setDisabledTools(serverId, (payload as { names: string[] }).names),
        };
      case 'tools/get':
        return manager.getServerTools(serverId);
    }
  }

  return { handle, isOwnPage };
}

function validate(schema: z.ZodType, payload: unknown, type: string): unknown {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.join('.') || 'payload';
  throw new PatchbayError(
    'invalid-request',
    `Invalid payload for ${type}: ${path}: ${issue?.message ?? 'invalid'}.`,
    {
      field: path,
    },
  );
}

function toErrorBody(error: unknown): ErrorBody {
  if (PatchbayError.isInstance(error)) return error.toBody();
  // Unexpected: log the kind of failure here, and tell the page without internals.
  console.error(
    '[patchbay] unexpected error',
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error,
  );
  return {
    code: 'internal',
    message:
      'Something went wrong inside Patchbay. Try again; if it persists, reload the extension.',
  };
}
