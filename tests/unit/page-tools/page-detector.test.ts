/**
 * The detector that runs in pages of sites the person has not allowed: silent until the page
 * announces an MCP server, then it counts the server's tools over MCP-B's own tab transport (a
 * real SDK server behind `TabServerTransport`, on a stand-in window) and tells the count.
 */
import { TabServerTransport } from '@mcp-b/transports';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPageDetector, type OfferPort } from '../../../src/page-tools/page-detector';
import { closeFakeWindows, fakeWindow } from '../../helpers/fake-window';

/**
 * How long a count may take to reach the port: the detector and the page talk through messages,
 * and on a machine busy with other suites the default second was not always enough.
 */
const SETTLED = { timeout: 10_000 };

function recordingPort() {
  const counts: number[] = [];
  let opened = 0;
  let closed = false;
  let drop = () => undefined as void;
  const connect = (): OfferPort => {
    opened += 1;
    return {
      post: ({ count }) => counts.push(count),
      onDisconnect: (listener) => void (drop = listener),
      disconnect: () => void (closed = true),
    };
  };
  return {
    connect,
    counts,
    opened: () => opened,
    closed: () => closed,
    /** The background lets go of the port. */
    drop: () => drop(),
  };
}

function pageServer(tools: number) {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  for (let index = 0; index < tools; index += 1)
    server.registerTool(`tool_${index}`, { description: `Tool ${index}.` }, async () => ({
      content: [],
    }));
  return server;
}

afterEach(() => {
  closeFakeWindows();
  vi.unstubAllGlobals();
});

/** A page (its window stubbed as the global one, for MCP-B's transport) with the detector on. */
function detectorIn(options: { proxyRunning?: boolean; answerMs?: number } = {}) {
  const page = fakeWindow();
  vi.stubGlobal('window', page.win);
  const port = recordingPort();
  startPageDetector(page.win as unknown as Window, {
    connect: port.connect,
    proxyRunning: () => options.proxyRunning ?? false,
    ...(options.answerMs === undefined ? {} : { answerMs: options.answerMs }),
  });
  const connect = (server: McpServer) =>
    server.connect(new TabServerTransport({ allowedOrigins: [page.win.location.origin] }));
  return { ...page, port, connect };
}

describe('the page-tools detector', () => {
  it('does nothing in a page that announces no server', async () => {
    const { win, posted } = fakeWindow();
    const port = recordingPort();
    startPageDetector(win as unknown as Window, {
      connect: port.connect,
      proxyRunning: () => false,
    });
    win.postMessage({ type: 'something', of: 'the page' });
    win.postMessage({
      channel: 'mcp-default',
      type: 'mcp',
      direction: 'client-to-server',
      payload: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The page's own two, and the detector's one question whether a server runs.
    expect(posted).toHaveLength(3);
    expect(posted[0]).toMatchObject({ direction: 'client-to-server', payload: 'mcp-check-ready' });
    expect(port.opened()).toBe(0);
  });

  it('counts the tools of a server that was running before it came', async () => {
    const { win } = fakeWindow();
    vi.stubGlobal('window', win);
    const server = pageServer(4);
    await server.connect(new TabServerTransport({ allowedOrigins: [win.location.origin] }));
    const port = recordingPort();
    startPageDetector(win as unknown as Window, {
      connect: port.connect,
      proxyRunning: () => false,
    });
    await vi.waitFor(() => expect(port.counts).toEqual([4]), SETTLED);
  });

  it('counts the tools of a server the page starts, and counts again when they change', async () => {
    const { port, connect } = detectorIn();
    const server = pageServer(3);
    await connect(server);
    await vi.waitFor(() => expect(port.counts).toEqual([3]), SETTLED);
    server.registerTool('late', { description: 'Added later.' }, async () => ({ content: [] }));
    await vi.waitFor(() => expect(port.counts).toEqual([3, 4]), SETTLED);
    expect(port.opened()).toBe(1);
    await server.close();
    await vi.waitFor(() => expect(port.counts).toEqual([3, 4, 0]), SETTLED);
  });

  it('tells the count again on a new port when the page comes back from the back/forward cache', async () => {
    const { win, port, connect } = detectorIn();
    const server = pageServer(2);
    await connect(server);
    await vi.waitFor(() => expect(port.counts).toEqual([2]), SETTLED);
    port.drop();
    win.dispatch('pageshow', { persisted: true });
    await vi.waitFor(() => expect(port.counts).toEqual([2, 2]), SETTLED);
    expect(port.opened()).toBe(2);
  });

  it('opens no port for a server without tools', async () => {
    const { port, connect } = detectorIn();
    const server = new McpServer(
      { name: 'empty', version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    await connect(server);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(port.opened()).toBe(0);
  });

  it('offers nothing when the announced server never answers', async () => {
    const { win, port } = detectorIn({ answerMs: 20 });
    win.postMessage({
      channel: 'mcp-default',
      type: 'mcp',
      direction: 'server-to-client',
      payload: 'mcp-server-ready',
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(port.opened()).toBe(0);
  });

  it('falls silent for good where the proxy runs', async () => {
    const { posted, listeners, port, connect } = detectorIn({ proxyRunning: true });
    const server = pageServer(2);
    await connect(server);
    await vi.waitFor(() => expect(listeners.size).toBe(1), SETTLED); // the server's own, not the detector's
    expect(port.opened()).toBe(0);
    expect(posted.some((data) => JSON.stringify(data).includes('patchbay-detector'))).toBe(false);
  });
});
