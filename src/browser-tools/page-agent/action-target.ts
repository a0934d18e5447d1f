import { BrowserAgentError } from './agent-error';
import type { ElementRefs } from './element-refs';
import { describeElement, isDisabled } from './element-state';
import { isVisible } from './visibility';

/**
 * The element an action is for: resolved from its ref, visible, and (unless `allowDisabled`)
 * enabled. Throws the failure to report otherwise.
 */
export function actionTarget(
  refs: ElementRefs,
  ref: string,
  document: Document,
  options: { allowDisabled?: boolean } = {},
): Element {
  const element = refs.resolve(ref, document);
  if (!isVisible(element)) {
    throw new BrowserAgentError(
      'not-visible',
      `Element ${ref} (${describeElement(element)}) is hidden; take a new snapshot, or do what ` +
        'makes it appear (open its menu or dialog) first.',
    );
  }
  if (!options.allowDisabled && isDisabled(element)) {
    throw new BrowserAgentError(
      'disabled',
      `Element ${ref} (${describeElement(element)}) is disabled; something else on the page ` +
        '(a required field, a checkbox) may need doing first.',
    );
  }
  return element;
}

/** Brings an element to the middle of the viewport at once (jsdom has no scrollIntoView). */
export function scrollToCentre(element: Element): void {
  if (typeof element.scrollIntoView === 'function') {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }
}

/** Focuses an element without scrolling, when it can take focus. */
export function focusElement(element: Element): void {
  if ('focus' in element && typeof element.focus === 'function') {
    (element as HTMLElement).focus({ preventScroll: true });
  }
}

/**
 * The `view` of UI events sent to an element: its window, as real events report it. Left out
 * where the DOM refuses that window (vitest's jsdom environment swaps it for Node's globalThis).
 */
export function eventView(element: Element): { view?: Window | null } {
  const view = element.ownerDocument.defaultView;
  try {
    new UIEvent('probe', { view });
    return { view };
  } catch {
    return {};
  }
}
