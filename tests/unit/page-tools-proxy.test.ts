/**
 * The content-script proxy against a real page server (SDK v2 McpServer, linked in memory in
 * place of MCP-B's tab transport): what it registers, updates and runs for the hub.
 */
import {
  InMemoryTransport,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectMcpB, isolateRequestIds } from '../../src/page-tools/mcp-b-source';
import { startProxy, type HubPort, type RunningProxy } from '../../src/page-tools/proxy';

function fakePort() {
  const posted: unknown[] = [];
  let deliver: (message: unknown) => void = () => undefined;
  const port: HubPort = {
    post: (message) => posted.push(message),
    onMessage: (listener) => (deliver = listener),
    onDisconnect: () => undefined,
    disconnect: () => posted.push('disconnected'),
  };
  return { port, posted, send: (message: unknown) => deliver(message) };
}

function pageServer() {
  const server = new McpServer({ name: 'shop', version: '1' });
  server.registerTool('get_cart', { description: 'The cart.' }, async () => ({
    content: [{ type: 'text', text: '2 apples' }],
  }));
  server.registerTool(
    'list_orders',
    { description: 'Orders.', annotations: { readOnlyHint: true }, _meta: { cache: true } },
    async () => ({ content: [{ type: 'text', text: '#1' }] }),
  );
  server.registerTool('fail', { description: 'Fails.' }, async () => {
    throw new Error('Sign in first');
  });
  return server;
}

/** The page's server, connected to the proxy's MCP-B source, with the hub's port given. */
async function relayed(openPort: () => HubPort, options: { debounceMs?: number } = {}) {
  const server = pageServer();
  const [pageSide, proxySide] = InMemoryTransport.createLinkedPair();
  await server.connect(pageSide);
  proxy = await startProxy({ source: await connectMcpB(proxySide), openPort, ...options });
  return { server, proxy };
}

let proxy: RunningProxy | undefined;
afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
});

describe('the page-tools proxy', () => {
  it('registers the page’s tools, with MCP-B’s cache mark taken from _meta', async () => {
    const hub = fakePort();
    await relayed(() => hub.port);
    expect(hub.posted).toEqual([
      {
        jsonrpc: '2.0',
        method: 'browser/registerTools',
        params: {
          listChanged: true,
          tools: [
            expect.objectContaining({ name: 'get_cart', description: 'The cart.' }),
            expect.objectContaining({
              name: 'list_orders',
              annotations: { readOnlyHint: true, cache: true },
            }),
            expect.objectContaining({ name: 'fail' }),
          ],
        },
      },
    ]);
  });

  it('runs the hub’s requests in the page, and reports failures as text', async () => {
    const hub = fakePort();
    await relayed(() => hub.port);
    hub.send({
      jsonrpc: '2.0',
      id: 'r1',
      method: 'browser/executeTool',
      params: { toolName: 'get_cart', args: {} },
    });
    hub.send({
      jsonrpc: '2.0',
      id: 'r2',
      method: 'browser/executeTool',
      params: { toolName: 'fail', args: {} },
    });
    hub.send({ jsonrpc: '2.0', id: 'r3', method: 'something/else', params: {} });
    await vi.waitFor(() => expect(hub.posted).toHaveLength(3), { timeout: 4_000 });
    expect(hub.posted.slice(1)).toEqual(
      expect.arrayContaining([
        {
          jsonrpc: '2.0',
          id: 'r1',
          result: { success: true, payload: { content: [{ type: 'text', text: '2 apples' }] } },
        },
        {
          jsonrpc: '2.0',
          id: 'r2',
          result: {
            success: true,
            payload: expect.objectContaining({ isError: true }),
          },
        },
      ]),
    );
  });

  it('sends a changed list once it settles, and nothing when it did not change', async () => {
    const hub = fakePort();
    const { server } = await relayed(() => hub.port, { debounceMs: 20 });
    server.registerTool('track', { description: 'Tracks.' }, async () => ({ content: [] }));
    server.registerTool('ship', { description: 'Ships.' }, async () => ({ content: [] }));
    await vi.waitFor(() => expect(hub.posted).toHaveLength(2), { timeout: 4_000 });
    const update = hub.posted[1] as { method: string; params: { tools: { name: string }[] } };
    expect(update.method).toBe('browser/updateTools');
    expect(update.params.tools.map((tool) => tool.name)).toEqual([
      'get_cart',
      'list_orders',
      'fail',
      'track',
      'ship',
    ]);
  });
});

describe('a port the background refuses', () => {
  it('is opened again later and later (1 s, 2 s, 4 s…), not in a tight loop', async () => {
    let opens = 0;
    let drop: () => void = () => undefined;
    const openPort = (): HubPort => {
      opens += 1;
      return {
        post: () => undefined,
        onMessage: () => undefined,
        onDisconnect: (listener) => (drop = listener),
        disconnect: () => undefined,
      };
    };
    await relayed(openPort);
    vi.useFakeTimers();
    try {
      for (const wait of [1_000, 2_000, 4_000]) {
        const before = opens;
        drop();
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect(opens).toBe(before);
        await vi.advanceTimersByTimeAsync(1);
        expect(opens).toBe(before + 1);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a page whose server stops', () => {
  it('takes its tools away and lets go of the port', async () => {
    const hub = fakePort();
    const { server, proxy: running } = await relayed(() => hub.port);
    await server.close();
    await running.closed;
    expect(hub.posted.slice(1)).toEqual([
      { jsonrpc: '2.0', method: 'browser/updateTools', params: { tools: [] } },
      'disconnected',
    ]);
  });
});

describe('a page without a server', () => {
  it('gives up after the connect limit and stops listening', async () => {
    const close = vi.fn(async () => undefined);
    const silent: Transport = { start: async () => undefined, close, send: async () => undefined };
    await expect(connectMcpB(silent, { timeoutMs: 30 })).rejects.toThrow();
    expect(close).toHaveBeenCalled();
  });
});

describe('keeping one client’s requests apart on a shared channel', () => {
  it('renames outgoing ids and drops answers to requests it did not send', async () => {
    const sent: JSONRPCMessage[] = [];
    const inner: Transport = {
      start: async () => undefined,
      close: async () => undefined,
      send: async (message) => void sent.push(message),
    };
    const isolated = isolateRequestIds(inner, 'me');
    const heard: JSONRPCMessage[] = [];
    isolated.onmessage = (message) => heard.push(message);
    await isolated.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(sent[0]).toEqual({ jsonrpc: '2.0', id: 'me:1', method: 'tools/list' });
    inner.onmessage?.({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    inner.onmessage?.({ jsonrpc: '2.0', id: 'other:1', result: { tools: [] } });
    inner.onmessage?.({ jsonrpc: '2.0', id: 'me:1', result: { tools: [{ name: 'x' }] } });
    inner.onmessage?.({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(heard).toEqual([
      { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'x' }] } },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
  });
});
