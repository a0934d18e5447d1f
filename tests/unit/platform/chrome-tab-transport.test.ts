/**
 * The chrome.* side of page tools' ports (src/platform/chrome-page-tools.ts), against a stand-in
 * for `chrome.runtime`'s ports: who may connect, what the hub hears before it listens (a waking
 * worker hears proxies reconnect before its hub has read its storage), and requests' fates.
 * The real ports are exercised in Chromium by tests/e2e/page-tools.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;
const event = () => {
  const listeners = new Set<Listener>();
  return {
    addListener: (listener: Listener) => void listeners.add(listener),
    emit: (...args: unknown[]) => listeners.forEach((listener) => listener(...args)),
    clear: () => listeners.clear(),
  };
};
const onConnect = event();

vi.mock('wxt/browser', () => ({
  browser: { runtime: { id: 'patchbay', onConnect } },
}));

const { createChromeTabTransport, PAGE_TOOLS_PORT } =
  await import('../../../src/platform/chrome-page-tools');
const { TabGoneError, TabTimeoutError } = await import('../../../src/page-tools/ports');

/** A content script's port arriving at the worker. */
function connect(tabId: number, options: { frameId?: number; extension?: string } = {}) {
  const onMessage = event();
  const onDisconnect = event();
  const port = {
    name: PAGE_TOOLS_PORT,
    sender: {
      id: options.extension ?? 'patchbay',
      frameId: options.frameId ?? 0,
      tab: { id: tabId },
      url: `https://shop.example/?tab=${tabId}`,
    },
    onMessage,
    onDisconnect,
    posted: [] as unknown[],
    disconnected: false,
    postMessage(message: unknown) {
      port.posted.push(message);
    },
    disconnect() {
      port.disconnected = true;
    },
  };
  onConnect.emit(port);
  return port;
}

const EXECUTE = {
  method: 'browser/executeTool' as const,
  params: { toolName: 'get_cart', args: {} },
};
const register = (tools: string[]) => ({
  jsonrpc: '2.0',
  method: 'browser/registerTools',
  params: { tools },
});

afterEach(() => {
  vi.useRealTimers();
  // Each test's transport hears only its own ports.
  onConnect.clear();
});

describe('page tools’ ports', () => {
  it('keeps what proxies said before the hub listened, and hands it over in order', async () => {
    const transport = createChromeTabTransport();
    const first = connect(1);
    first.onMessage.emit(register(['a']));
    const second = connect(2);
    second.onMessage.emit(register(['b']));
    first.onDisconnect.emit();
    const heard: unknown[] = [];
    transport.onMessage((tabId, message) => heard.push([tabId, message]));
    await Promise.resolve();
    expect(heard).toEqual([]); // not before the hub listens to both kinds
    transport.onDisconnect((tabId) => heard.push([tabId, 'gone']));
    await Promise.resolve();
    expect(heard).toEqual([
      [1, register(['a'])],
      [2, register(['b'])],
      [1, 'gone'],
    ]);
    second.onMessage.emit(register(['c']));
    expect(heard.at(-1)).toEqual([2, register(['c'])]);
  });

  it.each([
    ['a sub-frame', { frameId: 3 }],
    ['another extension', { extension: 'someone-else' }],
  ])('refuses a port from %s', (_case, options) => {
    createChromeTabTransport();
    expect(connect(5, options).disconnected).toBe(true);
  });

  it('answers a request from the tab’s port, and fails it when a reload replaces the port', async () => {
    const transport = createChromeTabTransport();
    transport.onMessage(() => undefined);
    const gone: number[] = [];
    transport.onDisconnect((tabId) => gone.push(tabId));
    const port = connect(7);
    const answered = transport.sendRequest(7, EXECUTE, 1_000);
    const { id } = port.posted[0] as { id: string };
    port.onMessage.emit({ jsonrpc: '2.0', id, result: { success: true } });
    await expect(answered).resolves.toEqual({ success: true });

    const pending = transport.sendRequest(7, EXECUTE, 1_000);
    const reloaded = connect(7);
    await expect(pending).rejects.toBeInstanceOf(TabGoneError);
    expect(port.disconnected).toBe(true);
    expect(gone).toEqual([7]);
    // The old port's answer, arriving late, is nobody's.
    port.onMessage.emit({ jsonrpc: '2.0', id: (port.posted[1] as { id: string }).id, result: 1 });
    expect(reloaded.posted).toEqual([]);
  });

  it('gives up on a tab that does not answer in time', async () => {
    vi.useFakeTimers();
    const transport = createChromeTabTransport();
    connect(9);
    const late = transport.sendRequest(9, EXECUTE, 10_000);
    const settled = expect(late).rejects.toBeInstanceOf(TabTimeoutError);
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });
});
