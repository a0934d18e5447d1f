import { eventView, focusElement } from './action-target';
import type { PressResult } from './commands';
import type { ElementRefs } from './element-refs';
import { isEditable, isInput, isTextField } from './element-role';
import { describeElement } from './element-state';
import { nextFocusable } from './focus-order';
import { type KeyPress, sendKeyDown, sendKeyUp } from './keyboard-events';
import { insertIntoEditable, insertIntoField } from './text-entry';
import { formOf } from './type-text';

/** Elements Enter activates (as a click), and those Space activates. */
const ENTER_ACTIVATES =
  'a[href], area[href], button, summary, input[type="submit"], ' +
  'input[type="reset"], input[type="button"], input[type="image"]';
const SPACE_ACTIVATES =
  'button, summary, input[type="submit"], input[type="reset"], ' +
  'input[type="button"], input[type="image"], input[type="checkbox"], input[type="radio"]';

/** Context a key press needs. */
export interface PressContext {
  document: Document;
  refs: ElementRefs;
}

function activate(element: Element): string {
  // A keyboard activation is a click event without pointer events (detail 0, no coordinates).
  element.dispatchEvent(
    new MouseEvent('click', {
      ...{ bubbles: true, cancelable: true, composed: true },
      ...eventView(element),
    }),
  );
  return `Activated ${describeElement(element)}.`;
}

/**
 * What a real key press would have done that synthetic key events do not (see
 * keyboard-events.ts): Tab moves focus, Enter submits a field's form or activates a link or
 * button, Space activates a button or checkbox, a character is typed into a field. Other keys
 * (Escape, arrows, shortcuts) only send their events, which is all many pages listen for.
 * Returns a sentence saying what was done, if anything.
 */
function carryOut(target: Element, press: KeyPress, context: PressContext): string | undefined {
  const { document, refs } = context;
  if (press.ctrlKey || press.altKey || press.metaKey) return undefined;
  if (press.key === 'Tab') {
    const next = nextFocusable(document, target, press.shiftKey);
    if (!next) return undefined;
    focusElement(next);
    return `Moved focus to ${describeElement(next)} (${refs.refFor(next)}).`;
  }
  if (press.key === 'Enter') {
    if (isInput(target) && isTextField(target)) {
      const form = formOf(target);
      if (!form) return undefined;
      form.requestSubmit();
      return 'Submitted the form.';
    }
    if (target.matches(ENTER_ACTIVATES)) return activate(target);
  }
  if (press.key === ' ' && target.matches(SPACE_ACTIVATES)) return activate(target);
  const text = press.key === 'Enter' ? '\n' : press.key;
  if (!press.printable && press.key !== 'Enter') return undefined;
  if (isTextField(target) && !(isInput(target) && text === '\n')) {
    if (target.disabled || target.readOnly) return undefined;
    insertIntoField(target, text);
    return `Typed ${JSON.stringify(text)}.`;
  }
  if (isEditable(target)) {
    insertIntoEditable(target, text, 'caret');
    return `Typed ${JSON.stringify(text)}.`;
  }
  return undefined;
}

/**
 * Presses a key on `target` (focused first when the command named it): keydown, keypress,
 * the default action the agent carries out, keyup.
 */
export function pressKey(
  target: Element,
  press: KeyPress,
  named: boolean,
  context: PressContext,
): PressResult {
  if (named) focusElement(target);
  const allowed = sendKeyDown(target, press);
  const effect = allowed ? carryOut(target, press, context) : undefined;
  sendKeyUp(target, press);
  const isPage = target === context.document.body || target === context.document.documentElement;
  const result: PressResult = {
    description: isPage ? 'the page' : describeElement(target),
    defaultPrevented: !allowed,
  };
  if (!isPage) result.ref = context.refs.refFor(target);
  if (effect) result.effect = effect;
  return result;
}

/**
 * The element keys go to when no ref is named: the focused one (inside open shadow roots too),
 * else the page's body.
 */
export function focusedElement(document: Document): Element {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  return focused ?? document.body ?? document.documentElement;
}
