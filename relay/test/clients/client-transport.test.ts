/**
 * RelayClientTransport against a relay's side written here, which sends a request's progress
 * and its answer back to back, in one network write, as a busy relay can: the SDK client still
 * gets the progress before the answer.
 */
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/client';
import { afterEach, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { RelayClientTransport } from '../../src/clients/client-transport.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Incoming = { id?: string | number; method?: string; params?: Record<string, unknown> };

/** The relay protocol's client side, and an extension answering MCP in one write per call. */
async function relaySide(): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  server.on('connection', (socket: WebSocket & { _socket: { cork(): void; uncork(): void } }) => {
    const reply = (id: Incoming['id'], result: unknown) =>
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, result }));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Incoming;
      if (message.method === 'mcp_handshake') return reply(message.id, { authenticated: true });
      if (message.method === 'list_extensions')
        return reply(message.id, { extensions: [{ id: 'ext-1', name: 'Chromium' }] });
      if (message.method === 'connect') return reply(message.id, { connection_id: 'conn-1' });
      if (message.method === 'initialize')
        return reply(message.id, {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'side', version: '1.0.0' },
        });
      if (message.method === 'tools/call') {
        const token = (message.params?._meta as { progressToken?: unknown }).progressToken;
        // Both frames in one write to the network.
        socket._socket.cork();
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: token, progress: 1, total: 2 },
          }),
        );
        reply(message.id, { content: [{ type: 'text', text: 'done' }] });
        socket._socket.uncork();
      }
    });
  });
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

it('hands the SDK a progress notification before the answer that came right behind it', async () => {
  const url = await relaySide();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new RelayClientTransport({ url, accessToken: 'unused' }));
  cleanups.push(() => client.close());
  for (let call = 0; call < 5; call += 1) {
    const progress: unknown[] = [];
    const result = await client.callTool(
      { name: 'slow', arguments: {} },
      { onprogress: (update) => progress.push(update) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress).toEqual([{ progress: 1, total: 2 }]);
  }
});
