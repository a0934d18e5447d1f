/**
 * Which source a tab's proxy relays: the page's MCP server when it has one, else its WebMCP
 * tools, one at a time. Sources are stand-ins here (the proxy over a real server is in
 * page-tools-proxy.test.ts, WebMCP over the real polyfill in webmcp.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import type { PageToolSource } from '../../../src/page-tools/page-tool-source';
import type { HubPort } from '../../../src/page-tools/proxy';
import { startTabProxy } from '../../../src/page-tools/tab-proxy';

/** Lets every pending promise settle (all microtasks run before the next task). */
const settled = () => new Promise((resolve) => setTimeout(resolve));

function source(name: string) {
  let closeListener = () => undefined as void;
  const closed = vi.fn(async () => closeListener());
  const tools = [{ name, description: '', inputSchema: { type: 'object' as const } }];
  const value: PageToolSource = {
    announcesChanges: true,
    listTools: async () => tools,
    callTool: async () => ({ content: [] }),
    onToolsChanged: () => undefined,
    onClose: (listener) => (closeListener = listener),
    close: closed,
  };
  return { value, closed, goAway: () => closeListener() };
}

/** The hub's side: which tools each open port registered. */
function hub() {
  const ports: { tools: string[]; open: boolean }[] = [];
  const openPort = (): HubPort => {
    const entry = { tools: [] as string[], open: true };
    ports.push(entry);
    return {
      post: (message) => {
        const params = (message as { params?: { tools?: { name: string }[] } }).params;
        if (params?.tools) entry.tools = params.tools.map((tool) => tool.name);
      },
      onMessage: () => undefined,
      onDisconnect: () => undefined,
      disconnect: () => (entry.open = false),
    };
  };
  return { ports, openPort, open: () => ports.filter((port) => port.open) };
}

function webmcp(initially: boolean, tools = source('webmcp_tool')) {
  const listeners: ((available: boolean) => void)[] = [];
  const link = {
    available: initially,
    onAvailability: (listener: (available: boolean) => void) => void listeners.push(listener),
    source: () => tools.value,
    set(available: boolean) {
      link.available = available;
      for (const listener of listeners) listener(available);
    },
  };
  return link;
}

describe('a tab’s proxy', () => {
  it('relays the page’s MCP server when it has one, and not its WebMCP tools too', async () => {
    const server = source('server_tool');
    const ports = hub();
    const proxy = startTabProxy({
      connectMcpB: async () => server.value,
      webmcp: webmcp(false),
      openPort: ports.openPort,
    });
    await vi.waitFor(
      () => expect(ports.open().map((port) => port.tools)).toEqual([['server_tool']]),
      { timeout: 4_000 },
    );
    expect(proxy.relaying).toBe('mcp-b');
  });

  it('relays WebMCP tools at once, and hands over to a server that answers later', async () => {
    let answer: (value: PageToolSource) => void = () => undefined;
    const server = source('server_tool');
    const page = webmcp(true);
    const ports = hub();
    const proxy = startTabProxy({
      connectMcpB: () => new Promise((resolve) => (answer = resolve)),
      webmcp: page,
      openPort: ports.openPort,
    });
    await vi.waitFor(
      () => expect(ports.open().map((port) => port.tools)).toEqual([['webmcp_tool']]),
      { timeout: 4_000 },
    );
    expect(proxy.relaying).toBe('webmcp');
    answer(server.value);
    await vi.waitFor(
      () => expect(ports.open().map((port) => port.tools)).toEqual([['server_tool']]),
      { timeout: 4_000 },
    );
    // The WebMCP proxy stopped before the server's registered: never two ports at once.
    expect(ports.ports.map((port) => port.tools)).toEqual([['webmcp_tool'], ['server_tool']]);
  });

  it('turns to WebMCP when the page has no server, or once its server stops', async () => {
    const server = source('server_tool');
    const page = webmcp(false);
    const ports = hub();
    let calls = 0;
    const proxy = startTabProxy({
      connectMcpB: async () => {
        calls += 1;
        if (calls === 1) throw new Error('no server');
        return server.value;
      },
      webmcp: page,
      openPort: ports.openPort,
    });
    await vi.waitFor(() => expect(calls).toBe(1), { timeout: 4_000 });
    await settled();
    expect(ports.ports).toEqual([]);
    page.set(true);
    await vi.waitFor(() => expect(proxy.relaying).toBe('webmcp'), { timeout: 4_000 });
    proxy.findServer();
    await vi.waitFor(
      () => expect(ports.open().map((port) => port.tools)).toEqual([['server_tool']]),
      { timeout: 4_000 },
    );
    server.goAway();
    await vi.waitFor(
      () => expect(ports.open().map((port) => port.tools)).toEqual([['webmcp_tool']]),
      { timeout: 4_000 },
    );
    expect(proxy.relaying).toBe('webmcp');
  });

  it('does not ask again and again for WebMCP tools the page will not list', async () => {
    const broken = source('webmcp_tool');
    broken.value.listTools = async () => Promise.reject(new Error('no answer'));
    const page = webmcp(true, broken);
    let asked = 0;
    const original = page.source;
    page.source = () => ((asked += 1), original());
    const ports = hub();
    startTabProxy({
      connectMcpB: async () => Promise.reject(new Error('no server')),
      webmcp: page,
      openPort: ports.openPort,
    });
    await vi.waitFor(() => expect(broken.closed).toHaveBeenCalled(), { timeout: 4_000 });
    await settled();
    expect(asked).toBe(1);
  });

  it('opens no port for a page with neither', async () => {
    const ports = hub();
    const connect = vi.fn(async () => Promise.reject(new Error('no server')));
    const proxy = startTabProxy({
      connectMcpB: connect,
      webmcp: webmcp(false),
      openPort: ports.openPort,
    });
    await vi.waitFor(() => expect(connect).toHaveBeenCalled(), { timeout: 4_000 });
    await settled();
    expect(ports.ports).toEqual([]);
    expect(proxy.relaying).toBeUndefined();
  });
});
