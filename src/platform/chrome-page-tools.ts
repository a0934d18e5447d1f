/**
 * The chrome.* side of page tools: the long-lived ports tabs' content-script proxies open to the
 * background (the hub's TabHubTransport), and the browser's tabs. Only the top frame of a tab,
 * from this extension's own content script, may connect; one port per tab (a reload replaces
 * it). Requests carry ids of their own, time out, and fail when their tab's port goes.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  TabGoneError,
  TabNotReadyError,
  TabTimeoutError,
  type BrowserTabs,
  type TabHubTransport,
} from '../page-tools/ports';

export const PAGE_TOOLS_PORT = 'patchbay-page-tools';

/**
 * The tab of a port from Patchbay's own content script in a tab's top frame; anything else is
 * disconnected (undefined).
 */
export function topFrameTabOf(port: Browser.runtime.Port): number | undefined {
  const tabId = port.sender?.tab?.id;
  if (tabId !== undefined && port.sender?.id === browser.runtime.id && port.sender.frameId === 0)
    return tabId;
  port.disconnect();
  return undefined;
}
/** Events kept for the hub before it listens (a reconnect per open tab with tools). */
const MAX_EARLY = 512;

type Port = Browser.runtime.Port;

interface Waiting {
  tabId: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

function responseOf(message: unknown): { id: string; result: unknown } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { jsonrpc, id, result, method } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof id !== 'string' || method !== undefined) return undefined;
  return { id, result };
}

export function createChromeTabTransport(): TabHubTransport {
  const ports = new Map<number, Port>();
  const waiting = new Map<string, Waiting>();
  const messageListeners = new Set<Parameters<TabHubTransport['onMessage']>[0]>();
  const disconnectListeners = new Set<(tabId: number) => void>();
  /**
   * What proxies said before the hub listened: ports are heard from the worker's first moment
   * (a proxy reconnecting wakes it), while the hub reads its storage first. Kept in order, at
   * most {@link MAX_EARLY} events, and handed over when the hub subscribes.
   */
  let early: (() => void)[] | undefined = [];
  const emitMessage = (tabId: number, message: unknown, sender: { url: string }) => {
    if (early) {
      if (early.length < MAX_EARLY) early.push(() => emitMessage(tabId, message, sender));
      return;
    }
    for (const listener of messageListeners) listener(tabId, message, sender);
  };
  const emitDisconnect = (tabId: number) => {
    if (early) {
      if (early.length < MAX_EARLY) early.push(() => emitDisconnect(tabId));
      return;
    }
    for (const listener of disconnectListeners) listener(tabId);
  };

  const failTab = (tabId: number) => {
    for (const [id, call] of waiting) {
      if (call.tabId !== tabId) continue;
      waiting.delete(id);
      clearTimeout(call.timer);
      call.reject(new TabGoneError(`Tab ${tabId} closed or left its page.`));
    }
  };

  const flush = () => {
    if (!early || messageListeners.size === 0 || disconnectListeners.size === 0) return;
    const waiting = early;
    early = undefined;
    for (const replay of waiting) replay();
  };

  // Registered when the worker starts, so a proxy connecting wakes it and is heard.
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PAGE_TOOLS_PORT) return;
    const tabId = topFrameTabOf(port);
    if (tabId === undefined) return;
    const previous = ports.get(tabId);
    if (previous) {
      ports.delete(tabId);
      failTab(tabId);
      previous.disconnect();
      emitDisconnect(tabId);
    }
    ports.set(tabId, port);
    const url = port.sender?.url ?? port.sender?.tab?.url ?? '';
    port.onMessage.addListener((message: unknown) => {
      const response = responseOf(message);
      if (response) {
        const call = waiting.get(response.id);
        if (!call || call.tabId !== tabId) return;
        waiting.delete(response.id);
        clearTimeout(call.timer);
        call.resolve(response.result);
        return;
      }
      emitMessage(tabId, message, { url });
    });
    port.onDisconnect.addListener(() => {
      if (ports.get(tabId) !== port) return;
      ports.delete(tabId);
      failTab(tabId);
      emitDisconnect(tabId);
    });
  });

  return {
    sendRequest(tabId, request, timeoutMs) {
      const port = ports.get(tabId);
      if (!port) return Promise.reject(new TabNotReadyError(`Tab ${tabId} has no page tools yet.`));
      const id = crypto.randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new TabTimeoutError(`Tab ${tabId} did not answer within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiting.set(id, { tabId, resolve, reject, timer });
        try {
          port.postMessage({ jsonrpc: '2.0', id, ...request });
        } catch {
          waiting.delete(id);
          clearTimeout(timer);
          reject(new TabGoneError(`Tab ${tabId} closed or left its page.`));
        }
      });
    },
    onMessage(listener) {
      messageListeners.add(listener);
      // The hub subscribes to both in one go (page-tool-hub.ts): after the second, replay.
      queueMicrotask(flush);
      return () => messageListeners.delete(listener);
    },
    onDisconnect(listener) {
      disconnectListeners.add(listener);
      queueMicrotask(flush);
      return () => disconnectListeners.delete(listener);
    },
    disconnect(tabId) {
      ports.get(tabId)?.disconnect();
      ports.delete(tabId);
      failTab(tabId);
    },
  };
}

export function createChromeBrowserTabs(): BrowserTabs {
  return {
    async activeTabId() {
      const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
      return tab?.id;
    },
    onActivated(listener) {
      const handler = ({ tabId }: { tabId: number }) => listener(tabId);
      browser.tabs.onActivated.addListener(handler);
      return () => browser.tabs.onActivated.removeListener(handler);
    },
    async open(url) {
      const tab = await browser.tabs.create({ url, active: false });
      if (tab.id === undefined) throw new Error('The browser opened no tab.');
      return tab.id;
    },
    async close(tabId) {
      await browser.tabs.remove(tabId);
    },
  };
}
