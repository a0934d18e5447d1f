/**
 * The contract between the background and the browser agent in a page: the commands the
 * background sends with `chrome.scripting.executeScript` and the results it gets back. Every
 * value here is JSON-serializable (executeScript clones results), and every result is either
 * `{ ok: true, ..., summary }` or a {@link BrowserAgentFailure} whose `message` tells a language model what
 * to do next.
 *
 * Elements are named by refs (`e12`): a snapshot, find or wait hands them out, and an element
 * keeps its ref for as long as it stays in the document.
 */

import type { BrowserAgentFailure, BrowserAgentResults } from './results';

/** The results are part of the contract: importers of commands.ts get them too. */
export type * from './results';

/** The global the injected script installs in the page's isolated world. */
export const BROWSER_AGENT_GLOBAL = '__patchbayBrowserAgent';

/**
 * The version of this contract. An agent left in a page by an older build is replaced rather
 * than reused when the versions differ.
 */
export const BROWSER_AGENT_VERSION = 2;

/** Reads the page's main content (Readability), as Markdown or plain text, one slice at a time. */
export interface ReadCommand {
  type: 'read';
  format: 'markdown' | 'text';
  /** Where the slice starts, in characters of the whole content. */
  offset: number;
  /** The most characters of content to return. */
  maxChars: number;
}

/** Lists the visible interactive elements and headings, in document order, with refs. */
export interface SnapshotCommand {
  type: 'snapshot';
  maxElements: number;
  /** How many listed elements to skip (a previous result's `nextOffset`). */
  offset?: number;
}

/** Finds visible text, case-insensitively; each match comes with a ref to act on. */
export interface FindCommand {
  type: 'find';
  text: string;
  maxResults: number;
}

/** Clicks an element as a person would: pointer and mouse events at its centre, then click. */
export interface ClickCommand {
  type: 'click';
  ref: string;
}

/**
 * Types text into a text field or contenteditable element; in a `<select>`, chooses the option
 * with that label.
 */
export interface TypeCommand {
  type: 'type';
  ref: string;
  text: string;
  /** Replace what the field holds instead of appending to it (a multiple select's choices). */
  clear: boolean;
  /** Submit the field's form afterwards (or press Enter when it has none). */
  submit: boolean;
}

/**
 * Presses a key (`Enter`, `Tab`, `Escape`, `ArrowDown`, `a`, or with modifiers such as
 * `Shift+Tab` or `Control+a`) on an element, or on the focused element when `ref` is absent.
 */
export interface PressCommand {
  type: 'press';
  key: string;
  ref?: string;
}

/** How far a scroll goes: most of a screen, half of one, or to the edge. */
export const SCROLL_STEPS = ['screen', 'half', 'end'] as const;
export type ScrollStep = (typeof SCROLL_STEPS)[number];

/**
 * Scrolls: `ref` alone brings that element into view; `direction` scrolls the window (or, with
 * `ref`, the element's closest scrollable container) by a step: 90% of a viewport ("screen", the
 * default), half of one, or to the edge ("end"). Never by a number of pixels, which the page
 * could read back.
 */
export interface ScrollCommand {
  type: 'scroll';
  ref?: string;
  direction?: 'up' | 'down' | 'left' | 'right';
  amount?: ScrollStep;
}

/** Waits until a visible element matches `selector`, or `text` is visible: exactly one of them. */
export interface WaitCommand {
  type: 'wait';
  selector?: string;
  text?: string;
  timeoutMs: number;
}

/** Any command the agent runs. */
export type BrowserAgentCommand =
  | ReadCommand
  | SnapshotCommand
  | FindCommand
  | ClickCommand
  | TypeCommand
  | PressCommand
  | ScrollCommand
  | WaitCommand;

/** The name of a command. */
export type BrowserAgentCommandType = BrowserAgentCommand['type'];

/** What a command of type `T` answers. */
export type BrowserAgentResponse<T extends BrowserAgentCommandType = BrowserAgentCommandType> =
  ({ ok: true } & BrowserAgentResults[T] & BrowserAgentSummary) | BrowserAgentFailure;

/** With every result: the result in words a model reads well (result-summary.ts). */
export interface BrowserAgentSummary {
  summary: string;
}

/** The object installed as `globalThis.__patchbayBrowserAgent`. */
export interface BrowserAgent {
  readonly version: number;
  /** Runs one command; never throws or rejects: failures come back as `{ ok: false }`. */
  run<C extends BrowserAgentCommand>(command: C): Promise<BrowserAgentResponse<C['type']>>;
}

/** What injecting the agent's script answers (the script's result in executeScript). */
export interface BrowserAgentInstallation {
  version: number;
  /** True when an agent was already in the page and was kept (with its refs). */
  reused: boolean;
}
