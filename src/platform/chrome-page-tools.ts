/**
 * The chrome.* side of page tools: the long-lived ports tabs' content-script proxies open to the
 * background (the hub's TabHubTransport), and the browser's tabs. Only the top frame of a tab,
 * from this extension's own content script, may connect; one port per tab (a reload replaces
 * it). Requests wait for their answers in tab-requests.ts; what proxies say waits for the hub
 * in tab-hub-events.ts.
 */
import { browser, type Browser } from 'wxt/browser';
import { TabNotReadyError, type BrowserTabs, type TabHubTransport } from '../page-tools/ports';
import { createTabHubEvents } from './tab-hub-events';
import { createTabRequests, responseOf } from './tab-requests';
import { PatchbayError } from '../errors/patchbay-error';

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
type Port = Browser.runtime.Port;

export function createChromeTabTransport(): TabHubTransport {
  const ports = new Map<number, Port>();
  const requests = createTabRequests();
  const events = createTabHubEvents();

  // Registered when the worker starts, so a proxy connecting wakes it and is heard.
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PAGE_TOOLS_PORT) return;
    const tabId = topFrameTabOf(port);
    if (tabId === undefined) return;
    const previous = ports.get(tabId);
    if (previous) {
      ports.delete(tabId);
      requests.failTab(tabId);
      previous.disconnect();
      events.disconnect(tabId);
    }
    ports.set(tabId, port);
    const url = port.sender?.url ?? port.sender?.tab?.url ?? '';
    port.onMessage.addListener((message: unknown) => {
      const response = responseOf(message);
      if (response) requests.answer(tabId, response);
      else events.message(tabId, message, { url });
    });
    port.onDisconnect.addListener(() => {
      if (ports.get(tabId) !== port) return;
      ports.delete(tabId);
      requests.failTab(tabId);
      events.disconnect(tabId);
    });
  });

  return {
    sendRequest(tabId, request, timeoutMs) {
      const port = ports.get(tabId);
      if (!port) return Promise.reject(new TabNotReadyError(`Tab ${tabId} has no page tools yet.`));
      return requests.send(tabId, port, request, timeoutMs);
    },
    onMessage: events.onMessage,
    onDisconnect: events.onDisconnect,
    disconnect(tabId) {
      ports.get(tabId)?.disconnect();
      ports.delete(tabId);
      requests.failTab(tabId);
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
      if (tab.id === undefined)
        throw new PatchbayError('tool-failed', 'The browser opened no tab.');
      return tab.id;
    },
    async close(tabId) {
      await browser.tabs.remove(tabId);
    },
  };
}
