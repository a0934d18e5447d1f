/**
 * The content-script proxy against a real page server (SDK v2 McpServer behind MCP-B's own
 * `TabServerTransport`, on a stand-in window): what it registers, updates and runs for the hub,
 * and how its channel client keeps to its own requests on the page's shared channel.
 */
import { TabServerTransport } from '@mcp-b/transports';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectMcpB } from '../../../src/page-tools/mcp-b-source';
import { startProxy, type HubPort, type RunningProxy } from '../../../src/page-tools/proxy';
import { closeFakeWindows, fakeWindow } from '../../helpers/fake-window';

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
async function relayed(
  openPort: () => HubPort,
  options: Pick<Parameters<typeof startProxy>[0], 'debounceMs' | 'clock'> = {},
) {
  const { win } = fakeWindow();
  vi.stubGlobal('window', win);
  const server = pageServer();
  await server.connect(new TabServerTransport({ allowedOrigins: [win.location.origin] }));
  const source = await connectMcpB(win as unknown as Window);
  proxy = await startProxy({ source, openPort, ...options });
  return { server, proxy };
}

let proxy: RunningProxy | undefined;
afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
  closeFakeWindows();
  vi.unstubAllGlobals();
});

/** The page's side of the channel, answering by hand: `answer` gets each request of the proxy. */
function handWrittenServer(answer: (request: { id: unknown; method: string }) => unknown[]) {
  const page = fakeWindow();
  const win = page.win;
  const reply = (payload: unknown) =>
    win.postMessage({
      channel: 'mcp-default',
      type: 'mcp',
      direction: 'server-to-client',
      payload,
    });
  win.addEventListener('message', ({ data }) => {
    const envelope = data as { direction?: string; payload?: unknown };
    if (envelope.direction !== 'client-to-server') return;
    if (envelope.payload === 'mcp-check-ready') reply('mcp-server-ready');
    else if (typeof envelope.payload === 'object' && envelope.payload !== null)
      for (const payload of answer(envelope.payload as { id: unknown; method: string }))
        reply(payload);
  });
  return page;
}

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
    // A clock of the test's own: nothing else's timers, real or faked, can move it.
    let now = 0;
    const due: { at: number; run: () => void }[] = [];
    const clock = {
      now: () => now,
      schedule: (run: () => void, ms: number) => void due.push({ at: now + ms, run }),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const timer of due.filter((each) => each.at <= now)) {
        due.splice(due.indexOf(timer), 1);
        timer.run();
      }
    };
    await relayed(openPort, { clock });
    for (const wait of [1_000, 2_000, 4_000]) {
      const before = opens;
      drop();
      advance(wait - 1);
      expect(opens).toBe(before);
      advance(1);
      expect(opens).toBe(before + 1);
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
    const { win, listeners } = fakeWindow();
    await expect(connectMcpB(win as unknown as Window, { timeoutMs: 30 })).rejects.toThrow(
      'No MCP server answered in the page.',
    );
    expect(listeners.size).toBe(0);
  });
});

describe('the proxy’s channel to the page', () => {
  const initialized = (id: unknown, protocolVersion = '2025-06-18') => ({
    jsonrpc: '2.0',
    id,
    result: {
      protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'p', version: '1' },
    },
  });

  it('keeps to answers to its own requests on the shared channel, and answers the server’s ping', async () => {
    const page = handWrittenServer(({ id, method }) =>
      method === 'initialize'
        ? [initialized(id)]
        : method === 'tools/list'
          ? [
              // Another client's answer first, with an id like the proxy's but not its own.
              { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'not_mine' }] } },
              { jsonrpc: '2.0', id: `other:${String(id)}`, result: { tools: [] } },
              { jsonrpc: '2.0', id: 7, method: 'ping' },
              { jsonrpc: '2.0', id, result: { tools: [{ name: 'mine', inputSchema: {} }] } },
            ]
          : [],
    );
    const source = await connectMcpB(page.win as unknown as Window);
    expect((await source.listTools()).map((tool) => tool.name)).toEqual(['mine']);
    await vi.waitFor(() =>
      expect(page.posted).toContainEqual(
        expect.objectContaining({ payload: { jsonrpc: '2.0', id: 7, result: {} } }),
      ),
    );
    await source.close();
    expect(page.listeners.size).toBe(1); // the page's own
  });

  it('rejects a call with the page’s error message', async () => {
    const page = handWrittenServer(({ id, method }) =>
      method === 'initialize'
        ? [initialized(id)]
        : [{ jsonrpc: '2.0', id, error: { code: -32602, message: 'Unknown tool: nope' } }],
    );
    const source = await connectMcpB(page.win as unknown as Window);
    await expect(source.callTool('nope', {})).rejects.toThrow('Unknown tool: nope');
    await source.close();
  });

  it('refuses a server that answers with a protocol version it does not know', async () => {
    const page = handWrittenServer(({ id, method }) =>
      method === 'initialize' ? [initialized(id, '2099-01-01')] : [],
    );
    await expect(connectMcpB(page.win as unknown as Window)).rejects.toThrow(
      'speaks a version Patchbay does not: 2099-01-01',
    );
    expect(page.listeners.size).toBe(1);
  });
});
