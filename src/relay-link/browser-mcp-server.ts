/**
 * The MCP server an external client reaches through the relay: one per relay connection,
 * served in both protocol eras by the SDK (`serveStdio` over the connection's transport), in
 * the offscreen host. It answers `tools/list` and `tools/call` itself (the SDK's low-level
 * handlers: the hub's tools come with JSON Schemas and change at run time) by asking the
 * service worker, which holds the clients, the gate and the tools; a call the client cancels
 * is cancelled there too.
 */
import {
  CLIENT_INFO_META_KEY,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { clientIdentitySchema } from '../messaging/browser-link-contract';
import { CLIENT_META } from '../../relay/src/wire/tags';
import type { LinkAsk } from './worker-asks';

export interface BrowserServerOptions {
  version: string;
  connectionId: string;
  ask: LinkAsk;
}

type Meta = Record<string, unknown> | undefined;
/** Who a connection says it is: the relay's word for the token, the client's for its name. */
export type ClientIdentity = z.infer<typeof clientIdentitySchema>;

/** The client's identity from the relay's tag and its own clientInfo; undefined if untagged. */
export function identityOf(meta: Meta, clientInfo: unknown): ClientIdentity | undefined {
  const tag = meta?.[CLIENT_META] as { user?: unknown; token?: unknown } | undefined;
  if (typeof tag?.user !== 'string' || typeof tag.token !== 'string') return undefined;
  const info = (clientInfo ?? {}) as { name?: unknown; version?: unknown };
  const name =
    typeof info.name === 'string' && info.name.trim()
      ? info.name.trim().slice(0, 100)
      : 'Unnamed client';
  return {
    user: tag.user,
    token: tag.token,
    name,
    ...(typeof info.version === 'string' && { version: info.version.slice(0, 50) }),
  };
}

/** The worker's refusal (or its silence) as the protocol error the client gets. */
const refused = (error: unknown) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidRequest,
    error instanceof Error ? error.message : String(error),
  );

export function createBrowserMcpServer(options: BrowserServerOptions): McpServer {
  const { ask, connectionId } = options;
  const server = new McpServer(
    { name: 'patchbay-browser', title: 'Patchbay: this browser', version: options.version },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        'Tools of the browser this person uses: its tabs and pages (read, snapshot, click, type, screenshot), and the tools of the MCP servers and websites they connected in Patchbay. The person approves what each client may do; a refused call says why.',
    },
  );

  function identity(meta: Meta, envelope: unknown): ClientIdentity {
    const fromEnvelope = (envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY];
    const found = identityOf(meta, fromEnvelope ?? server.server.getClientVersion());
    if (!found) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        'Patchbay serves external clients only through its relay.',
      );
    }
    return found;
  }

  server.server.setRequestHandler('tools/list', async (request, context) => {
    const client = identity(request.params?._meta as Meta, context.mcpReq.envelope);
    const { tools } = await ask('browser-link/tools/list', {
      connectionId,
      identity: client,
    }).catch((error: unknown) => Promise.reject(refused(error)));
    return { tools: tools as never };
  });

  server.server.setRequestHandler('tools/call', async (request, context) => {
    const client = identity(request.params._meta as Meta, context.mcpReq.envelope);
    const callId = crypto.randomUUID();
    const signal = context.mcpReq.signal;
    const cancel = () => void ask('browser-link/tools/cancel', { callId }).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const { result } = await ask('browser-link/tools/call', {
        connectionId,
        callId,
        identity: client,
        name: request.params.name,
        arguments: (request.params.arguments ?? {}) as Record<string, unknown>,
      });
      return result as never;
    } catch (error) {
      throw refused(error);
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  });

  return server;
}
