/**
 * The chrome.* side of browser tools: tabs, history navigation, screenshots, tab groups, and the
 * page agent (entrypoints/browser-agent.ts), injected into a tab's top frame on first use and
 * asked to run commands with chrome.scripting.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  DocumentGoneError,
  type BrowserControl,
  type TabInfo,
} from '../browser-tools/browser-control';
import {
  BROWSER_AGENT_GLOBAL,
  type BrowserAgentCommand,
  type BrowserAgentResponse,
} from '../browser-tools/page-agent/commands';

/** The agent's script, as WXT builds the unlisted script. */
const AGENT_FILE = '/browser-agent.js';
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

/** Runs in the page's isolated world: must not close over anything (it is serialized). */
function runAgent(command: unknown, globalName: string): unknown {
  const agent = (globalThis as Record<string, unknown>)[globalName] as
    { run(command: unknown): Promise<unknown> } | undefined;
  if (!agent) return { ok: false, code: 'agent-missing', message: 'The page agent is not here.' };
  return agent.run(command);
}

/** Where a script runs: the tab's top frame, or only the pinned document of it. */
const targetOf = (tabId: number, documentId?: string) =>
  documentId === undefined ? { tabId } : { tabId, documentIds: [documentId] };

/**
 * Chrome refuses a script for a document id the tab no longer has ("No document with id …"):
 * that refusal, told apart from others.
 */
async function inDocument<T>(documentId: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (documentId !== undefined && /document/i.test(String((error as Error)?.message ?? error)))
      throw new DocumentGoneError(String((error as Error)?.message ?? error));
    throw error;
  }
}

export function createChromeBrowserControl(): BrowserControl {
  async function execute(
    tabId: number,
    command: BrowserAgentCommand,
    documentId?: string,
  ): Promise<unknown> {
    const [frame] = await inDocument(documentId, () =>
      browser.scripting.executeScript({
        target: targetOf(tabId, documentId),
        func: runAgent,
        args: [command, BROWSER_AGENT_GLOBAL],
      }),
    );
    return frame?.result;
  }

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
      if (!tab) throw new Error('The browser did not open the tab.');
      return tab;
    },
    async closeTab(tabId) {
      await browser.tabs.remove(tabId);
    },
    async activateTab(tabId) {
      const updated = await browser.tabs.update(tabId, { active: true });
      const tab = updated && infoOf(updated);
      if (!tab) throw new Error(`Tab ${tabId} went away.`);
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
    settle(tabId, timeoutMs) {
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
    },
    async documentOf(tabId) {
      try {
        const [frame] = await browser.scripting.executeScript({ target: { tabId }, func: () => 0 });
        return frame?.documentId;
      } catch {
        return undefined; // a page scripts may not run in
      }
    },
    async runInPage<C extends BrowserAgentCommand>(tabId: number, command: C, documentId?: string) {
      let response = (await execute(tabId, command, documentId)) as
        { ok: boolean; code?: string } | undefined;
      if (!response || (!response.ok && response.code === 'agent-missing')) {
        await inDocument(documentId, () =>
          browser.scripting.executeScript({
            target: targetOf(tabId, documentId),
            files: [AGENT_FILE],
          }),
        );
        response = (await execute(tabId, command, documentId)) as typeof response;
      }
      if (!response) throw new Error('The page did not answer.');
      return response as BrowserAgentResponse<C['type']>;
    },
    async captureVisible(windowId) {
      return browser.tabs.captureVisibleTab(windowId, { format: 'png' });
    },
    async group(tabIds, title, groupId) {
      // tabGroups is optional (asked for with "Use this browser" and browser access): without
      // it the tabs stay ungrouped rather than in a group without its name.
      if (!(await browser.permissions.contains({ permissions: ['tabGroups'] }))) return undefined;
      const grouped = async (options: { groupId?: number }) => {
        const id = await browser.tabs.group({
          tabIds: tabIds as [number, ...number[]],
          ...options,
        });
        await browser.tabGroups.update(id, { title, color: 'purple' });
        return id;
      };
      try {
        return await grouped(groupId === undefined ? {} : { groupId });
      } catch {
        // The group was closed, or the tab is in a window where groups cannot be (a popup).
        return groupId === undefined ? undefined : grouped({}).catch(() => undefined);
      }
    },
  };
}
