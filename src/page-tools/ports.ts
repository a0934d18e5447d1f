/**
 * What the page-tools hub needs from the browser, injected so it never touches `chrome.*`
 * (MCP-B: "transport agnosticism in hub"). The extension passes implementations over runtime
 * ports and `chrome.tabs`; tests pass in-memory ones.
 */
import type { ExecuteToolRequest } from './page-tool-messages';

/** The long-lived channel between the hub and each tab's content-script proxy. */
export interface TabHubTransport {
  /**
   * Sends a request to the tab's proxy and resolves with its answer. Rejects with
   * {@link TabNotReadyError} when the tab has no proxy (yet), {@link TabGoneError} when it
   * disconnects before answering, and {@link TabTimeoutError} after `timeoutMs`.
   */
  sendRequest(tabId: number, request: ExecuteToolRequest, timeoutMs: number): Promise<unknown>;
  /** Messages from proxies; `url` is the tab's address as the browser reports it, not the page. */
  onMessage(
    listener: (tabId: number, message: unknown, sender: { url: string }) => void,
  ): () => void;
  onDisconnect(listener: (tabId: number) => void): () => void;
  disconnect(tabId: number): void;
}

/** The browser's tabs, as far as routing needs them. */
export interface BrowserTabs {
  activeTabId(): Promise<number | undefined>;
  onActivated(listener: (tabId: number) => void): () => void;
  /** Opens a tab in the background at `url` and resolves with its id. */
  open(url: string): Promise<number>;
  close(tabId: number): Promise<void>;
}

export class TabNotReadyError extends Error {
  override readonly name = 'TabNotReadyError';
}
export class TabGoneError extends Error {
  override readonly name = 'TabGoneError';
}
export class TabTimeoutError extends Error {
  override readonly name = 'TabTimeoutError';
}
