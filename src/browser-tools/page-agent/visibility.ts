/**
 * Whether elements can be seen. Style decides in both a browser and jsdom (which computes
 * `display` and `visibility` from style sheets and the `hidden` attribute); size decides only
 * where the page has layout. jsdom has none (every box is 0×0), so there the size check is
 * skipped rather than hiding everything: see {@link hasLayout}.
 */

/**
 * True when the document is laid out: a rendered `<html>` always has a box in a browser, never in
 * jsdom (whose getClientRects is always empty).
 */
export function hasLayout(document: Document): boolean {
  return document.documentElement.getClientRects().length > 0;
}

/** The element's computed style, or null in a document without a window (a detached clone). */
export function styleOf(element: Element): CSSStyleDeclaration | null {
  const view = element.ownerDocument.defaultView;
  return view ? view.getComputedStyle(element) : null;
}

/** True when neither the element nor anything inside it is rendered. */
export function hidesSubtree(element: Element, style: CSSStyleDeclaration | null): boolean {
  if (!style) return element.hasAttribute('hidden');
  return style.display === 'none' || style.getPropertyValue('content-visibility') === 'hidden';
}

/**
 * True when the element clips its content away: no width or no height, with overflow hidden
 * along that axis (collapsed menus and accordions). Meaningful only where there is layout.
 */
export function clipsToNothing(element: Element, style: CSSStyleDeclaration | null): boolean {
  if (!style || (style.overflowX === 'visible' && style.overflowY === 'visible')) return false;
  const box = element.getBoundingClientRect();
  return (
    (style.overflowX !== 'visible' && box.width === 0) ||
    (style.overflowY !== 'visible' && box.height === 0)
  );
}

/** True when the element's own box is painted (`visibility` is inherited, so children may differ). */
export function isShown(style: CSSStyleDeclaration | null): boolean {
  return !style || style.visibility === '' || style.visibility === 'visible';
}

/** The parent in the composed tree: across a shadow root to its host. */
export function composedParent(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return 'host' in root ? (root as ShadowRoot).host : null;
}

/**
 * True when the element has a painted size. `checkVisibility` also catches what style alone does
 * not: content hidden by `content-visibility` (a closed `<details>`, `hidden="until-found"`).
 */
function hasSize(element: Element): boolean {
  if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/**
 * True when the element has a size, or has none but a visible label: custom checkboxes often
 * shrink the real input to nothing and show its label instead, and clicking the input still works.
 */
export function hasVisibleSize(element: Element, layout: boolean): boolean {
  if (!layout || hasSize(element)) return true;
  const labels = (element as HTMLInputElement).labels;
  return labels ? Array.from(labels).some(hasSize) : false;
}

/**
 * True when the element is rendered and painted: no `display: none` (or `hidden`) on it or an
 * ancestor, its own `visibility` is visible, and (with layout) it has a size.
 */
export function isVisible(element: Element, layout = hasLayout(element.ownerDocument)): boolean {
  for (let current: Element | null = element; current; current = composedParent(current)) {
    const style = styleOf(current);
    if (hidesSubtree(current, style)) return false;
    if (layout && current !== element && clipsToNothing(current, style)) return false;
  }
  return isShown(styleOf(element)) && hasVisibleSize(element, layout);
}
