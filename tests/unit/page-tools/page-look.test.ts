/**
 * The look at a page in its own world (src/page-tools/page-look.ts): a page's MCP-B server (the
 * real `TabServerTransport` of MCP-B, on a stand-in window) answers it, a plain page does not, a
 * page's WebMCP tools are counted, nothing waits on a page that stalls, no listener is left
 * behind, and Patchbay keeps only a bounded count and a plain yes of what the page says.
 */
import { TabServerTransport } from '@mcp-b/transports';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MCP_B_CHANNEL } from '../../../src/page-tools/mcp-b-channel';
import { lookInPage, readPageLook } from '../../../src/page-tools/page-look';
import { closeFakeWindows, fakeWindow } from '../../helpers/fake-window';

/** A page of `shop.example`: its window, location and document stubbed as the global ones. */
function page(modelContext?: unknown) {
  const { win, listeners } = fakeWindow();
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', win.location);
  vi.stubGlobal('document', modelContext === undefined ? {} : { modelContext });
  return { win, listeners };
}

async function startMcpBServer(origin: string) {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.registerTool('search', { description: 'Search.' }, async () => ({ content: [] }));
  await server.connect(new TabServerTransport({ allowedOrigins: [origin] }));
  return server;
}

afterEach(() => {
  vi.useRealTimers();
  closeFakeWindows();
  vi.unstubAllGlobals();
});

describe('the look in a page’s own world', () => {
  it('hears a running MCP-B server and counts WebMCP tools', async () => {
    const { win } = page({ getTools: async () => [{ name: 'a' }, { name: 'b' }] });
    const server = await startMcpBServer(win.location.origin);
    await expect(lookInPage(MCP_B_CHANNEL, 1_000, 1_000)).resolves.toEqual({
      webmcpTools: 2,
      mcpB: true,
    });
    await server.close();
  });

  it('says no server and no tools for a plain page, once its wait is over', async () => {
    page();
    const started = performance.now();
    await expect(lookInPage(MCP_B_CHANNEL, 50, 1_000)).resolves.toEqual({
      webmcpTools: 0,
      mcpB: false,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('does not take another channel’s word for a server', async () => {
    const { win } = page();
    win.addEventListener('message', ({ data }) => {
      if ((data as { payload?: unknown }).payload !== 'mcp-check-ready') return;
      win.postMessage({
        channel: 'someone-else',
        type: 'mcp',
        direction: 'server-to-client',
        payload: 'mcp-server-ready',
      });
    });
    await expect(lookInPage(MCP_B_CHANNEL, 50, 1_000)).resolves.toMatchObject({ mcpB: false });
  });

  it('does not wait on a page whose getTools never settles, nor fail on one that throws', async () => {
    page({ getTools: () => new Promise(() => undefined) });
    await expect(lookInPage(MCP_B_CHANNEL, 10, 50)).resolves.toEqual({
      webmcpTools: 0,
      mcpB: false,
    });
    page({
      getTools: () => {
        throw new Error('no');
      },
    });
    await expect(lookInPage(MCP_B_CHANNEL, 10, 50)).resolves.toEqual({
      webmcpTools: 0,
      mcpB: false,
    });
  });

  it('leaves no timer pending once the page has answered', async () => {
    vi.useFakeTimers();
    page({ getTools: async () => [{ name: 'a' }] });
    const look = lookInPage(MCP_B_CHANNEL, 10, 1_000);
    await vi.advanceTimersByTimeAsync(10);
    await expect(look).resolves.toEqual({ webmcpTools: 1, mcpB: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no listener behind, answered or not', async () => {
    const { win, listeners } = page();
    const server = await startMcpBServer(win.location.origin);
    const before = new Set(listeners);
    await expect(lookInPage(MCP_B_CHANNEL, 1_000, 10)).resolves.toMatchObject({ mcpB: true });
    await server.close();
    const after = new Set(listeners);
    await expect(lookInPage(MCP_B_CHANNEL, 10, 10)).resolves.toMatchObject({ mcpB: false });
    expect([...listeners].filter((listener) => !before.has(listener))).toEqual([]);
    expect([...listeners].filter((listener) => !after.has(listener))).toEqual([]);
  });
});

describe('what Patchbay takes of the page’s answer', () => {
  it('is a bounded whole count and a plain yes', () => {
    expect(readPageLook({ webmcpTools: 3, mcpB: true })).toEqual({ webmcpTools: 3, mcpB: true });
    expect(readPageLook({ webmcpTools: 10_000, mcpB: false })).toEqual({
      webmcpTools: 128,
      mcpB: false,
    });
    for (const webmcpTools of [-1, 1.5, Number.NaN, '7', Number.POSITIVE_INFINITY])
      expect(readPageLook({ webmcpTools, mcpB: 'true' })).toEqual({ webmcpTools: 0, mcpB: false });
    expect(readPageLook(undefined)).toEqual({ webmcpTools: 0, mcpB: false });
    expect(readPageLook(null)).toEqual({ webmcpTools: 0, mcpB: false });
  });
});
