/**
 * What a browser tool's handler is given and answers with: its checked input, the call's tab
 * pinned when the call was decided (tab-target.ts), and an MCP tool result. The handlers live
 * by group (tab-tools.ts, page-reading-tools.ts, page-action-tools.ts); browser-tools.ts checks
 * the arguments, pins the tab and calls them.
 */
import type { CallToolResultView } from '../messaging/contract';
import type { BrowserControl } from './browser-control';
import type { CallTarget, PinnedTabs, TabTarget } from './tab-target';
import type { BrowserToolInput, BrowserToolName } from './tool-definitions';

export interface BrowserCallOptions {
  /** Tabs this caller opens go in a tab group of this name (an external client's). */
  groupTitle?: string;
  /** The caller gave up (or its access was switched off): nothing more is done. */
  signal?: AbortSignal;
  /**
   * The tab the call acts on, as `BrowserTools.target` resolved it when the call was decided;
   * resolved at the start of the call when left out.
   */
  target?: CallTarget;
}

/** One call as its handler sees it. */
export interface ToolCall {
  options: BrowserCallOptions;
  /** The call's tab (for tools that act on one). */
  pin: TabTarget;
}

/** The handlers of some of the browser's tools, each typed by its input. */
export type ToolHandlers<N extends BrowserToolName> = {
  [K in N]: (input: BrowserToolInput<K>, call: ToolCall) => Promise<CallToolResultView>;
};

/** What handlers act with: the browser, and the tabs calls were pinned to. */
export interface ToolContext {
  control: BrowserControl;
  tabs: PinnedTabs;
}

/** A tool result of one text; an error result with `isError`. */
export const text = (value: string, isError = false): CallToolResultView => ({
  content: [{ type: 'text', text: value }],
  ...(isError && { isError: true }),
});
