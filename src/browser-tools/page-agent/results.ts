/**
 * What the browser agent answers: each command's result, and the failures every command may end
 * in. Part of the contract in commands.ts (which re-exports all of it).
 */

/**
 * Why a command failed:
 * - `invalid`: the command or its arguments make no sense (unknown type, bad selector, ...).
 * - `not-found`: a ref that was never handed out in this page, or nothing matched.
 * - `stale-ref`: the element behind the ref has left the page; take a new snapshot.
 * - `not-visible`: the element is hidden (display:none, visibility:hidden, zero size).
 * - `disabled`: the element is disabled.
 * - `not-editable`: `type` on something that is not an enabled, writable text field.
 * - `timeout`: `wait` ran out of time.
 * - `agent-missing`: the agent is not in this document (it navigated); inject it again.
 * - `failed`: anything unexpected; the message says what.
 */
export type BrowserAgentErrorCode =
  | 'invalid'
  | 'not-found'
  | 'stale-ref'
  | 'not-visible'
  | 'disabled'
  | 'not-editable'
  | 'timeout'
  | 'agent-missing'
  | 'failed';

/** A command that did not do what was asked. */
export interface BrowserAgentFailure {
  ok: false;
  code: BrowserAgentErrorCode;
  /** A sentence a language model can act on. */
  message: string;
}

/** The page a result comes from. */
export interface PageDescription {
  title: string;
  url: string;
}

/** A slice of the page's main content. */
export interface ReadResult extends PageDescription {
  /** Markdown or text: at most `maxChars` characters. */
  content: string;
  offset: number;
  /** The length of the whole content, in characters. */
  totalChars: number;
  /** Where the next slice starts; absent when this slice reaches the end. */
  nextOffset?: number;
  /** `article` when Readability found one; `page` when this is the page's whole visible body. */
  source: 'article' | 'page';
}

/** One element of a snapshot. */
export interface SnapshotElement {
  ref: string;
  /** An ARIA role: link, button, textbox, checkbox, radio, combobox, heading, ... */
  role: string;
  /** The accessible name, at most about 100 characters. */
  name: string;
  /** An input's type (`email`, `password`, ...). */
  inputType?: string;
  /** A field's value; never given for password inputs. */
  value?: string;
  checked?: boolean | 'mixed';
  selected?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  /** A link's absolute address. */
  href?: string;
  /** A heading's level, 1 to 6. */
  level?: number;
}

/** The visible interactive elements and headings of the page, one page of them. */
export interface SnapshotResult extends PageDescription {
  elements: SnapshotElement[];
  /** How many elements the whole snapshot holds. */
  total: number;
  offset: number;
  nextOffset?: number;
}

/** One place a `find` matched. */
export interface FindMatch {
  /** About 80 characters of visible text around the match. */
  text: string;
  /** The closest interactive element holding the text, else the text's own element. */
  ref: string;
}

/** Where some text is visible on the page. */
export interface FindResult {
  matches: FindMatch[];
  /** How many matches the page holds (more than `matches` when capped by `maxResults`). */
  total: number;
}

/** What an action acted on, e.g. `button "Save"`. */
export interface ActionResult {
  ref: string;
  description: string;
}

/** A field after typing. */
export interface TypeResult extends ActionResult {
  /** What the field now holds, capped; absent for password inputs. */
  value?: string;
  /** True when the text was submitted, as asked (see `submittedBy`). */
  submitted: boolean;
  /** How it was submitted: its form's submission, or an Enter key press (no form). */
  submittedBy?: 'form' | 'enter-key';
}

/** A key press, and what Patchbay did for it that a real key press would have done. */
export interface PressResult {
  /** The element that received the key events, when it has a ref. */
  ref?: string;
  description: string;
  /** True when a page listener cancelled the keydown (so no default action ran). */
  defaultPrevented: boolean;
  /** The default action carried out, e.g. `Moved focus to textbox "Email" (e4).` */
  effect?: string;
}

/** Scroll position and sizes after a scroll, of the window or of the container scrolled. */
export interface ScrollResult {
  /** The element brought into view, or the container scrolled (absent: the window scrolled). */
  ref?: string;
  scrollX: number;
  scrollY: number;
  scrollWidth: number;
  scrollHeight: number;
  viewportWidth: number;
  viewportHeight: number;
  /** False when nothing moved (already at the edge, or the page scrolls inside a container). */
  moved: boolean;
}

/** A wait that was satisfied. */
export interface WaitResult {
  waitedMs: number;
  /** The element that matched the selector or holds the text. */
  ref?: string;
}

/** The success payload of each command. */
export interface BrowserAgentResults {
  read: ReadResult;
  snapshot: SnapshotResult;
  find: FindResult;
  click: ActionResult;
  type: TypeResult;
  press: PressResult;
  scroll: ScrollResult;
  wait: WaitResult;
}
