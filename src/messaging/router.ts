import { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';
import type { McpManager } from '../mcp/manager';
import type { BrowserAccessService } from '../browser-access/browser-access-service';
import type { PageToolsService } from '../page-tools/page-tools-service';
import type { RoutineService } from '../routines/routine-service';
import { BROWSER_SERVER_ID } from './browser-access-contract';
import { browserAccessRoutes } from './browser-access-routes';
import { pageToolsRoutes } from './page-tools-routes';
import { routinesOf, routinesRoutes } from './routines-routes';
import { tasksRoutes } from './tasks-routes';
import { route, validate, type Route } from './route';
import { PAGE_TOOLS_SERVER_ID } from './page-tools-contract';
import {
  globalRequests,
  type globalResults,
  parseRequestType,
  requestEnvelopeSchema,
  serverRequests,
  type serverResults,
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

/** A request's handler behind its payload schema: the handler only ever sees valid input. */
type GlobalRoutes = { [K in GlobalRequestType]: Route<z.input<(typeof globalResults)[K]>> };
type ServerRoutes = { [A in ServerAction]: Route<z.input<(typeof serverResults)[A]>> };

function serverRoute<S extends z.ZodType, R>(
  schema: S,
  handler: (serverId: string, payload: z.output<S>) => Promise<R>,
): Route<R> {
  return (payload, type, serverId = '') => handler(serverId, validate(schema, payload, type));
}

export interface RouterOptions {
  manager: McpManager;
  /** Websites' own tools (src/page-tools/); without it, there are none. */
  pageTools?: PageToolsService;
  /** The browser as an MCP server and the chat's browser tools (src/browser-access/). */
  browserAccess?: BrowserAccessService;
  /** Routines (src/routines/); without it, there are none. */
  routines?: RoutineService;
  /** The extension's own id; only its pages may send commands. */
  extensionId: string;
}

/**
 * Validates and dispatches requests from the extension's pages. It always resolves with a
 * {@link Response}: errors become `{ ok: false, error }`, never a thrown value or `undefined`.
 */
export function createRouter({
  manager,
  extensionId,
  pageTools,
  browserAccess,
  routines,
}: RouterOptions) {
  const access = () => {
    if (!browserAccess)
      throw new PatchbayError('not-found', 'Browser access is not available here.');
    return browserAccess;
  };
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
          ? await dispatchGlobal(parsed.type, payload)
          : await dispatchServer(parsed.serverId, parsed.action, payload, type);
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: toErrorBody(error) };
    }
  }

  // One route per request type, its payload validated by the contract's schema: the compiler
  // checks that every type has a handler and that each answers with what its result schema says.
  const globalRoutes: GlobalRoutes = {
    'mcp/servers/get': route(globalRequests['mcp/servers/get'], async () => ({
      servers: await manager.listServers(),
    })),
    'mcp/servers/add': route(globalRequests['mcp/servers/add'], async (input) => ({
      server: await manager.addServer(input),
    })),
    'mcp/servers/update': route(globalRequests['mcp/servers/update'], async (input) => ({
      server: await manager.updateServer(input),
    })),
    'mcp/servers/remove': route(globalRequests['mcp/servers/remove'], async ({ id }) => {
      await manager.removeServer(id);
      return { id };
    }),
    'mcp/tools/list': route(globalRequests['mcp/tools/list'], async () => ({
      tools: [
        ...(await manager.listEnabledTools()),
        ...((await pageTools?.views()) ?? []),
        ...((await browserAccess?.chatTools()) ?? []),
      ],
    })),
    'mcp/skills/list': route(globalRequests['mcp/skills/list'], (input) =>
      manager.skills.list(input?.allowedOnly),
    ),
    'mcp/servers/test': route(globalRequests['mcp/servers/test'], (input) =>
      manager.testConnection(input),
    ),
    'mcp/servers/export': route(globalRequests['mcp/servers/export'], () =>
      manager.exportConfiguration(),
    ),
    'backup/restored': route(globalRequests['backup/restored'], async () => {
      await manager.reload();
      await routines?.reload();
      return {};
    }),
    'mcp/resources/list': route(globalRequests['mcp/resources/list'], () => manager.allResources()),
    'mcp/prompts/list': route(globalRequests['mcp/prompts/list'], () => manager.allPrompts()),
    'mcp/asks/list': route(globalRequests['mcp/asks/list'], async () => ({
      asks: await manager.listAsks(),
    })),
    'mcp/asks/answer': route(globalRequests['mcp/asks/answer'], async ({ id, answer }) => ({
      answered: await manager.answerAsk(id, answer),
    })),
    ...pageToolsRoutes(pageTools),
    ...browserAccessRoutes(access),
    ...tasksRoutes(manager),
    ...routinesRoutes(routinesOf(routines)),
  };

  const serverRoutes: ServerRoutes = {
    enable: serverRoute(serverRequests.enable, async (id) => ({
      status: await manager.enable(id),
    })),
    disable: serverRoute(serverRequests.disable, async (id) => ({
      status: await manager.disable(id),
    })),
    'auth/start': serverRoute(serverRequests['auth/start'], async (id) => ({
      status: await manager.startSignIn(id),
    })),
    disconnect: serverRoute(serverRequests.disconnect, async (id) => ({
      status: await manager.disconnect(id),
    })),
    'status/get': serverRoute(serverRequests['status/get'], async (id) => ({
      status: await manager.getStatus(id),
    })),
    'health/check': serverRoute(serverRequests['health/check'], (id) => manager.healthCheck(id)),
    'tool/call': serverRoute(serverRequests['tool/call'], (id, input) =>
      manager.callTool(id, input),
    ),
    'tool/cancel': serverRoute(serverRequests['tool/cancel'], async (id, { detach, ...call }) => ({
      cancelled: await manager.cancelTool(id, call, detach),
    })),
    'tools/disabled/set': serverRoute(
      serverRequests['tools/disabled/set'],
      async (id, { names }) => ({
        names: await manager.setDisabledTools(id, names),
      }),
    ),
    'tools/get': serverRoute(serverRequests['tools/get'], (id) => manager.getServerTools(id)),
    'resources/list': serverRoute(serverRequests['resources/list'], (id, input) =>
      manager.listResources(id, input?.cursor),
    ),
    'resources/templates/list': serverRoute(
      serverRequests['resources/templates/list'],
      (id, input) => manager.listResourceTemplates(id, input?.cursor),
    ),
    'resources/read': serverRoute(serverRequests['resources/read'], (id, { uri }) =>
      manager.readResource(id, uri),
    ),
    'resources/subscribe': serverRoute(serverRequests['resources/subscribe'], (id, { uri }) =>
      manager.subscribeResource(id, uri),
    ),
    'resources/unsubscribe': serverRoute(serverRequests['resources/unsubscribe'], (id, { uri }) =>
      manager.unsubscribeResource(id, uri),
    ),
    'prompts/list': serverRoute(serverRequests['prompts/list'], (id, input) =>
      manager.listPrompts(id, input?.cursor),
    ),
    'prompts/get': serverRoute(serverRequests['prompts/get'], (id, input) =>
      manager.getPrompt(id, input),
    ),
    'completion/complete': serverRoute(serverRequests['completion/complete'], (id, input) =>
      manager.complete(id, input),
    ),
    'skills/decide': serverRoute(serverRequests['skills/decide'], async (id, input) => ({
      skill: await manager.skills.decide(id, input),
    })),
    'skills/read': serverRoute(serverRequests['skills/read'], (id, input) =>
      manager.skills.read(id, input),
    ),
    'sampling/set': serverRoute(serverRequests['sampling/set'], async (id, { enabled }) => ({
      enabled: await manager.setSampling(id, enabled),
    })),
  };

  function dispatchGlobal(type: GlobalRequestType, payload: unknown): Promise<unknown> {
    return globalRoutes[type](payload, type);
  }

  function dispatchServer(
    serverId: string,
    action: ServerAction,
    payload: unknown,
    type: string,
  ): Promise<unknown> {
    if (serverId === PAGE_TOOLS_SERVER_ID) return dispatchPageTools(action, payload, type);
    if (serverId === BROWSER_SERVER_ID) return dispatchBrowserTools(action, payload, type);
    return serverRoutes[action](payload, type, serverId);
  }

  /**
   * Websites' tools and the browser's own are called like a server's tools and have nothing else
   * a server has; apps may not call them, and a call runs to its end (nothing to cancel).
   */
  function toolsOnly(
    whose: string,
    call: (name: string, args: Record<string, unknown>, callId?: string) => Promise<unknown>,
  ) {
    return async (action: ServerAction, payload: unknown, type: string): Promise<unknown> => {
      if (action === 'tool/call') {
        const input = validate(serverRequests['tool/call'], payload, type);
        if (input.caller === 'app')
          throw new PatchbayError('not-allowed', `${whose} tools are not for apps to call.`);
        return call(input.name, input.arguments, input.callId);
      }
      if (action === 'tool/cancel') return { cancelled: false };
      throw new PatchbayError('not-found', `${whose} tools are all there is to them.`);
    };
  }
  const dispatchPageTools = toolsOnly('Websites’', (name, args) => {
    if (!pageTools) throw new PatchbayError('not-found', 'No website offers tools here.');
    return pageTools.call(name, args);
  });
  // The call's id finds the tab its approval card pinned.
  const dispatchBrowserTools = toolsOnly('The browser’s', (name, args, callId) =>
    access().callFromChat(name, args, callId),
  );

  return { handle, isOwnPage };
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
