/**
 * What browser tools need of the browser (tabs, navigation, running the page agent, taking a
 * screenshot): chrome.tabs, chrome.scripting and chrome.tabGroups in the extension
 * (src/platform/chrome-browser-control.ts).
 */
import type { BrowserAgentCommand, BrowserAgentResponse } from './page-agent/commands';

export interface TabInfo {
  id: number;
  windowId: number;
  url: string;
  title: string;
  active: boolean;
  /** The browser is still loading the page. */
  loading: boolean;
}

export interface BrowserControl {
  listTabs(): Promise<TabInfo[]>;
  /** The tab, or undefined when there is none with that id. */
  getTab(tabId: number): Promise<TabInfo | undefined>;
  /** The active tab of the window the person used last. */
  activeTab(): Promise<TabInfo | undefined>;
  openTab(url: string, active: boolean): Promise<TabInfo>;
  closeTab(tabId: number): Promise<void>;
  /** Makes the tab the visible one in its window, and focuses the window. */
  activateTab(tabId: number): Promise<TabInfo>;
  navigate(tabId: number, url: string): Promise<void>;
  goBack(tabId: number): Promise<void>;
  goForward(tabId: number): Promise<void>;
  /** Resolves when the tab has loaded (or at once if it has), or after `timeoutMs`. */
  settle(tabId: number, timeoutMs: number): Promise<TabInfo | undefined>;
  /**
   * The id of the document the tab's top frame shows now (a new one after every navigation or
   * reload); undefined where Patchbay may not run scripts (a restricted page, no access).
   */
  documentOf(tabId: number): Promise<string | undefined>;
  /**
   * Runs one command of the page agent in the tab's top frame (injecting it when missing), in
   * the document `documentId` only when given: rejects with {@link DocumentGoneError} when the
   * tab shows another document by then.
   */
  runInPage<C extends BrowserAgentCommand>(
    tabId: number,
    command: C,
    documentId?: string,
  ): Promise<BrowserAgentResponse<C['type']>>;
  /** The visible part of the window's active tab, as a PNG `data:` URL. */
  captureVisible(windowId: number): Promise<string>;
  /** Puts the tabs in the group named `title` (made when missing); its id. */
  group(tabIds: number[], title: string, groupId?: number): Promise<number | undefined>;
}

/** The tab no longer shows the document a call was pinned to (it navigated or reloaded). */
export class DocumentGoneError extends Error {
  override name = 'DocumentGoneError';
}
