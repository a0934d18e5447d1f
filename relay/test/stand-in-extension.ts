/**
 * A stand-in for Patchbay's extension, written from the relay protocol: it connects to
 * `/extension`, waits, answers `authenticate`, and serves MCP with the SDK (both eras, through
 * `serveStdio` over Patchbay's per-connection transport), one server per relay connection (named
 * by the `conn-…:` prefix of request ids and the relay's `io.patchbay/connection` on
 * notifications). Its default tools: `echo`, `whoami` (which connection asked), `slow` (reports
 * progress, then answers, or is cancelled), `ask` (asks the client to sample, 2025 era).
 */
import { McpServer, type McpServerFactory } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { RelayConnectionTransport } from '../../src/relay-link/connection-transport.js';

export interface StandIn {
  id: string;
  socket: WebSocket;
  /** Every message the relay sent, in order (unless made with `record: false`). */
  received: Record<string, unknown>[];
  /** Connections whose sessions were dropped after the relay said `disconnected`. */
  dropped: string[];
  cancelled: string[];
  close(): Promise<void>;
}

/** Calls of `slow` made with `ms` 0, waiting for the test to end them. */
const waitingSlowCalls = new Set<() => void>();

/**
 * Ends the calls of `slow` waiting for it (`ms` 0): a test calls it from its progress handler,
 * so the answer leaves only after the client has read the progress. A client reading both from
 * one network chunk drops the progress: the SDK handles an answer at once and a notification a
 * microtask later, when the call it reports on is over.
 */
export function finishWaitingSlowCalls(): void {
  for (const finish of waitingSlowCalls) finish();
  waitingSlowCalls.clear();
}

export function standInServer(connection: string, cancelled: string[]) {
  const server = new McpServer({ name: 'stand-in-browser', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes text.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  server.registerTool('whoami', { description: 'Which connection asked.' }, async () => ({
    content: [{ type: 'text', text: connection }],
  }));
  server.registerTool(
    'slow',
    {
      description: 'Reports progress, then answers after `ms` (0: when the test says so).',
      inputSchema: z.object({ ms: z.number() }),
    },
    async ({ ms }, context) => {
      const { signal, _meta } = context.mcpReq;
      const token = _meta?.progressToken;
      if (token !== undefined) {
        await context.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 2 },
        });
      }
      await new Promise<void>((resolve) => {
        const timer = ms > 0 ? setTimeout(resolve, ms) : undefined;
        if (ms <= 0) waitingSlowCalls.add(resolve);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          waitingSlowCalls.delete(resolve);
          cancelled.push(connection);
          resolve();
        });
      });
      return {
        content: [{ type: 'text', text: ms > 0 ? `waited ${ms} ms` : 'waited until told' }],
      };
    },
  );
  server.registerTool(
    'ask',
    { description: "Asks the client's model a question (sampling), and answers with its reply." },
    async (context) => {
      const reply = await context.mcpReq.send({
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }],
          maxTokens: 10,
        },
      });
      const content = (reply as { content?: { text?: string } }).content;
      return { content: [{ type: 'text', text: `client said: ${content?.text ?? '?'}` }] };
    },
  );
  return server;
}

export async function connectStandIn(options: {
  relayUrl: string;
  token: string;
  name?: string;
  /** Answer authenticate with this instead (bad tokens, missing fields). */
  authResult?: unknown;
  /** The MCP server each connection gets (default: the stand-in's tools). */
  factory?: (connection: string) => ReturnType<McpServerFactory>;
  /**
   * Whether to keep every message in `received` (default: yes). The bench says no: tens of
   * thousands of kept messages would make the bench process's garbage collector work harder on
   * the relayed path than on its floor, which keeps nothing.
   */
  record?: boolean;
}): Promise<StandIn> {
  const url = new URL('/extension', options.relayUrl);
  url.protocol = 'ws:';
  const socket = new WebSocket(url);
  const received: Record<string, unknown>[] = [];
  const dropped: string[] = [];
  const cancelled: string[] = [];
  const sessions = new Map<
    string,
    { transport: RelayConnectionTransport; handle: StdioServerHandle }
  >();
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  const factory = options.factory ?? ((connection: string) => standInServer(connection, cancelled));

  const session = (connection: string) => {
    const known = sessions.get(connection);
    if (known) return known.transport;
    const transport = new RelayConnectionTransport(connection, send);
    const handle = serveStdio(() => factory(connection), { transport });
    sessions.set(connection, { transport, handle });
    return transport;
  };

  const authenticated = new Promise<string>((resolve, reject) => {
    socket.on('close', (code, reason) => reject(new Error(`closed ${code} ${String(reason)}`)));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (options.record !== false) received.push(message);
      const params = (message.params ?? {}) as Record<string, unknown>;
      if (message.method === 'authenticate') {
        send({
          jsonrpc: '2.0',
          id: message.id,
          result: options.authResult ?? {
            name: options.name ?? 'Chromium',
            accessToken: options.token,
          },
        });
        return;
      }
      if (message.method === 'authenticated') return resolve(params.extension_id as string);
      if (message.method === 'status') return;
      if (message.method === 'disconnected') {
        const gone = params.connection_id as string;
        void sessions.get(gone)?.handle.close();
        sessions.delete(gone);
        dropped.push(gone);
        return;
      }
      const prefixed =
        typeof message.id === 'string' ? /^(conn-[^:]+):/.exec(message.id)?.[1] : undefined;
      const meta = params._meta as Record<string, unknown> | undefined;
      const requestPrefix =
        typeof params.requestId === 'string'
          ? /^(conn-[^:]+):/.exec(params.requestId)?.[1]
          : undefined;
      const connection =
        prefixed ??
        RelayConnectionTransport.connectionOfAnswer(message.id) ??
        (meta?.['io.patchbay/connection'] as string | undefined) ??
        requestPrefix;
      if (!connection) return;
      session(connection).receive(message as JSONRPCMessage);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const id = await authenticated;
  return {
    id,
    socket,
    received,
    dropped,
    cancelled,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
}
