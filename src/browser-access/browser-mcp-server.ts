/**
 * The MCP server an external client reaches through the relay: one per relay connection,
 * served in both protocol eras by the SDK (`serveStdio` over the connection's transport). It
 * lists the hub's tools and runs them through the gate, as the client that the relay and the
 * client's own `clientInfo` name. Patchbay answers `tools/list` and `tools/call` itself
 * (the SDK's low-level handlers): the hub's tools come with JSON Schemas and change at run time.
 */
import {
  CLIENT_INFO_META_KEY,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { CallToolResultView } from '../messaging/contract';
import { CLIENT_META } from '../relay-link/connection-transport';
import type { ClientIdentity, ClientRegistry } from './clients';
import type { Gate } from './gate';
import { BROWSER_SOURCE, type HubTool } from './hub';

export interface BrowserServerOptions {
  version: string;
  tools(): Promise<HubTool[]>;
  /** The browser's own tools alone. */
  ownTools(): Promise<HubTool[]>;
  /** One tool by name (a browser tool without asking the servers and sites for theirs). */
  tool(name: string): Promise<HubTool | undefined>;
  clients: ClientRegistry;
  gate: Gate;
  /** Whether browser access is switched on. */
  enabled(): Promise<boolean>;
  /** A connection of this client began (the returned function ends it). */
  onClient(clientId: string): void;
}

type Meta = Record<string, unknown> | undefined;

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

export function createBrowserMcpServer(options: BrowserServerOptions): McpServer {
  const server = new McpServer(
    { name: 'patchbay-browser', title: 'Patchbay: this browser', version: options.version },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        'Tools of the browser this person uses: its tabs and pages (read, snapshot, click, type, screenshot), and the tools of the MCP servers and websites they connected in Patchbay. The person approves what each client may do; a refused call says why.',
    },
  );

  /** The client behind a request; a blocked one, or any while the switch is off, may list nothing. */
  async function clientOf(meta: Meta, envelope: unknown, listing: boolean) {
    const fromEnvelope = (envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY];
    const identity = identityOf(meta, fromEnvelope ?? server.server.getClientVersion());
    if (!identity) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        'Patchbay serves external clients only through its relay.',
      );
    }
    const client = await options.clients.identify(identity);
    if (client.policy !== 'blocked') options.onClient(client.id);
    if (!listing) return client; // the gate refuses (and logs) calls itself
    if (!(await options.enabled())) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        'Browser access is switched off in Patchbay.',
      );
    }
    if (client.policy === 'blocked') {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        'The person blocked this client in Patchbay.',
      );
    }
    return client;
  }

  server.server.setRequestHandler('tools/list', async (request, context) => {
    const client = await clientOf(request.params?._meta as Meta, context.mcpReq.envelope, true);
    // Until the person lets a client in, it sees the browser's own tools, not which servers
    // and sites they connected.
    const tools = client.policy === 'new' ? await options.ownTools() : await options.tools();
    return {
      tools: tools.map((tool) => ({
        name: tool.name,
        ...(tool.title !== undefined && { title: tool.title }),
        description:
          tool.source === BROWSER_SOURCE
            ? tool.description
            : `${tool.description}\n\n(From ${tool.source}.)`,
        inputSchema: { type: 'object' as const, ...tool.inputSchema },
        ...(tool.annotations !== undefined && { annotations: tool.annotations }),
      })),
    };
  });

  server.server.setRequestHandler('tools/call', async (request, context) => {
    const client = await clientOf(request.params._meta as Meta, context.mcpReq.envelope, false);
    const tool = await options.tool(request.params.name);
    if (!tool) {
      return {
        content: [
          {
            type: 'text' as const,
            text: `There is no tool named “${request.params.name}”; list the tools again.`,
          },
        ],
        isError: true,
      };
    }
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const signal = context.mcpReq.signal;
    // A browser tool runs on the tab the gate resolved when it decided, not on whatever tab
    // is active once the person has answered.
    const result: CallToolResultView = await options.gate.call(
      client,
      tool,
      args,
      signal,
      (target) => tool.run(args, signal, { groupTitle: client.name, ...(target && { target }) }),
    );
    return result as never;
  });

  return server;
}
