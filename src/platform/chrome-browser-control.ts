/**
 * The chrome.* side of browser tools: tabs, history navigation, waiting for a tab to load, and
 * screenshots; the page agent (chrome-page-agent.ts) and tab groups (chrome-tab-groups.ts).
 */
import { browser, type Browser } from 'wxt/browser';
import type { BrowserControl, TabInfo } from '../browser-tools/browser-control';
import { documentOf, runInPage } from './chrome-page-agent';
import { groupTabs } from './chrome-tab-groups';
import { notFound, PatchbayError } from '../errors/patchbay-error';

/** How long a settled tab waits for a navigation to begin before taking it as done. */
const START_GRACE_MS = 400;

function infoOf(tab: Browser.tabs.Tab): TabInfo | undefined {
  if (tab.id === undefined || tab.id < 0) return undefined;
  return {
    id: tab.id,
    windowId: tab.windowId,
    url: tab.url ?? tab.pendingUrl ?? '',
    title: tab.title ?? '',
    active: tab.active,
    loading: tab.status === 'loading',
  };
}

async function tabInfo(tabId: number): Promise<TabInfo | undefined> {
  try {
    return infoOf(await browser.tabs.get(tabId));
  } catch {
    return undefined; // no such tab
  }
}

/** Resolves when the tab has loaded (or at once if it has), or after `timeoutMs`. */
function settleTab(tabId: number, timeoutMs: number): Promise<TabInfo | undefined> {
  return new Promise((resolve) => {
    let started = false;
    const finish = () => {
      clearTimeout(limit);
      clearTimeout(grace);
      browser.tabs.onUpdated.removeListener(listener);
      void tabInfo(tabId).then(resolve);
    };
    const listener = (id: number, change: Browser.tabs.OnUpdatedInfo) => {
      if (id !== tabId) return;
      if (change.status === 'loading') started = true;
      if (change.status === 'complete') finish();
    };
    browser.tabs.onUpdated.addListener(listener);
    const limit = setTimeout(finish, timeoutMs);
    // A navigation just asked for may not have begun yet: give it a moment to.
    const grace = setTimeout(() => {
      void tabInfo(tabId).then((tab) => {
        if (!tab || (!started && !tab.loading)) finish();
      });
    }, START_GRACE_MS);
  });
}

export function createChromeBrowserControl(): BrowserControl {
  return {
    async listTabs() {
      const tabs = await browser.tabs.query({});
      return tabs.map(infoOf).filter((tab): tab is TabInfo => tab !== undefined);
    },
    getTab: tabInfo,
    async activeTab() {
      const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
      return tab ? infoOf(tab) : undefined;
    },
    async openTab(url, active) {
      const tab = infoOf(await browser.tabs.create({ url, active }));
      if (!tab) throw new PatchbayError('tool-failed', 'The browser did not open the tab.');
      return tab;
    },
    async closeTab(tabId) {
      await browser.tabs.remove(tabId);
    },
    async activateTab(tabId) {
      const updated = await browser.tabs.update(tabId, { active: true });
      const tab = updated && infoOf(updated);
      if (!tab) throw notFound(`Tab ${tabId} went away.`);
      await browser.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
      return { ...tab, active: true };
    },
    async navigate(tabId, url) {
      await browser.tabs.update(tabId, { url });
    },
    async goBack(tabId) {
      await browser.tabs.goBack(tabId);
    },
    async goForward(tabId) {
      await browser.tabs.goForward(tabId);
    },
    settle: settleTab,
    documentOf,
    runInPage,
    async captureVisible(windowId) {
      return browser.tabs.captureVisibleTab(windowId, { format: 'png' });
    },
    group: groupTabs,
  };
}
