/**
 * What the page-tools hub needs from the browser, injected so it never touches `chrome.*`
 * (MCP-B: "transport agnosticism in hub"). The extension passes implementations over runtime
 * ports and `chrome.tabs`; tests pass in-memory ones.
 */
import type { ExecuteToolRequest } from './page-tool-messages';
import type { PageLook } from './page-look';

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

/** Where page tools report what went wrong by default: the console, a line each. */
export const warnInConsole = (message: string): void =>
  console.warn(`Patchbay page tools: ${message}`);

export class TabNotReadyError extends Error {
  override readonly name = 'TabNotReadyError';
}
export class TabGoneError extends Error {
  override readonly name = 'TabGoneError';
}
export class TabTimeoutError extends Error {
  override readonly name = 'TabTimeoutError';
}

/**
 * Where the proxy (and the WebMCP bridge in the page's own world) run: registered for the
 * allowed sites' pages, and injected into a tab already open when its site is allowed. Nothing
 * of the proxy runs anywhere else (docs/page-tools-injection.md).
 */
export interface PageInjector {
  /**
   * Runs the proxy from the start of every page of these sites, replacing what ran before:
   * `always` across browser restarts, `once` until the browser closes.
   */
  register(sites: { always: readonly string[]; once: readonly string[] }): Promise<void>;
  /** Runs the proxy and the bridge in the tab's top frame now. */
  inject(tabId: number): Promise<void>;
  /**
   * The tab's address (as the browser reports it), and the page asked once in its own world
   * (src/page-tools/page-look.ts) how many tools it registered with the WebMCP API and whether
   * an MCP-B server answers: how a site nobody allowed that offers tools is noticed while the
   * panel is open, leaving nothing behind in the page.
   */
  probe(tabId: number): Promise<{ url: string } & PageLook>;
  /** The tab's address, as the browser reports it. */
  address(tabId: number): Promise<string>;
  /**
   * Runs the detector (src/page-tools/page-detector.ts) in the tab's top frame: it asks the
   * page whether it runs an MCP-B server and tells its count over an offer port, now and as the
   * server's tools change.
   */
  detect(tabId: number): Promise<void>;
}

/** The detectors' word (src/page-tools/page-detector.ts): how many tools a tab's page has. */
export interface OfferTransport {
  /** `url` is the tab's address as the browser reports it, not the page. */
  onOffer(listener: (tabId: number, count: number, sender: { url: string }) => void): () => void;
  /** The tab closed or left its page. */
  onGone(listener: (tabId: number) => void): () => void;
}
