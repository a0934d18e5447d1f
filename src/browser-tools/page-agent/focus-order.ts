import { isVisible } from './visibility';

/** Elements that can take focus from the keyboard (tabindex decides the rest). */
const FOCUSABLE =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, ' +
  'iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';

/**
 * The elements Tab visits, in Tab order: positive tabindex first (ascending), then the rest in
 * document order. Open shadow roots are not searched (Tab into web components is left to them).
 */
function tabOrder(document: Document): HTMLElement[] {
  const candidates = Array.from(document.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && isVisible(element),
  );
  const positive = candidates
    .filter((element) => element.tabIndex > 0)
    .sort((first, second) => first.tabIndex - second.tabIndex);
  return [...positive, ...candidates.filter((element) => element.tabIndex === 0)];
}

/**
 * The element Tab (or Shift+Tab, `backwards`) moves focus to from `from`, wrapping around, or
 * null when nothing on the page can take focus.
 */
export function nextFocusable(
  document: Document,
  from: Element | null,
  backwards: boolean,
): HTMLElement | null {
  const order = tabOrder(document);
  if (order.length === 0) return null;
  let index = from ? order.indexOf(from as HTMLElement) : -1;
  if (index === -1 && from && from !== document.body) {
    // Focus on something Tab does not visit: continue from its place in the document.
    const following = order.findIndex(
      (element) => (from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    );
    index = following === -1 ? order.length : following;
    if (!backwards) index -= 1;
  }
  const next = index === -1 ? (backwards ? order.length - 1 : 0) : index + (backwards ? -1 : 1);
  return order[(next + order.length) % order.length] ?? null;
}
