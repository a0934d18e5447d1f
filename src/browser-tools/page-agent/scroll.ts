import type { ScrollResult, ScrollStep } from './commands';
import { composedParent, hasLayout, styleOf } from './visibility';

/** What one scroll asks for, the element already resolved from its ref. */
export interface ScrollOptions {
  element?: Element;
  direction?: 'up' | 'down' | 'left' | 'right';
  amount?: ScrollStep;
}

/** A step's share of the viewport: a screen keeps a line or two in view; the end is past all. */
const STEP_SHARE: Record<Exclude<ScrollStep, 'end'>, number> = { screen: 0.9, half: 0.5 };

function windowPosition(view: Window): Omit<ScrollResult, 'moved' | 'ref'> {
  const page = view.document.scrollingElement ?? view.document.documentElement;
  return {
    scrollX: Math.round(view.scrollX),
    scrollY: Math.round(view.scrollY),
    scrollWidth: page.scrollWidth,
    scrollHeight: page.scrollHeight,
    viewportWidth: view.innerWidth,
    viewportHeight: view.innerHeight,
  };
}

function elementPosition(element: Element): Omit<ScrollResult, 'moved' | 'ref'> {
  return {
    scrollX: Math.round(element.scrollLeft),
    scrollY: Math.round(element.scrollTop),
    scrollWidth: element.scrollWidth,
    scrollHeight: element.scrollHeight,
    viewportWidth: element.clientWidth,
    viewportHeight: element.clientHeight,
  };
}

/**
 * The element that scrolls when a person scrolls over `element`: itself or its closest ancestor
 * with room to scroll along that axis, or undefined when only the window does. Without layout
 * (jsdom) there is no room to measure: an overflow style that scrolls is enough.
 */
function scrollContainer(element: Element, vertical: boolean): Element | undefined {
  const layout = hasLayout(element.ownerDocument);
  const page = element.ownerDocument.scrollingElement ?? element.ownerDocument.documentElement;
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current === page || current === element.ownerDocument.body) return undefined;
    const style = styleOf(current);
    const overflow = (vertical ? style?.overflowY : style?.overflowX) || style?.overflow || '';
    const scrolls = /^(auto|scroll|overlay)$/.test(overflow);
    const room = vertical
      ? current.scrollHeight > current.clientHeight
      : current.scrollWidth > current.clientWidth;
    if (scrolls && (room || !layout)) return current;
  }
  return undefined;
}

/**
 * Scrolls at once (`instant`, over any smooth-scrolling style, so the position reported is the
 * one reached): an element alone is brought to the middle of the viewport; a direction scrolls the
 * window, or, given an element, the container scrolling it (see {@link scrollContainer}), by a
 * step (most of a viewport by default, half of one, or to the edge). Reports the position of what
 * scrolled.
 */
export function scroll(
  options: ScrollOptions,
  view: Window,
): { position: ScrollResult; container?: Element } {
  const { direction } = options;
  if (!direction) {
    const element = options.element;
    // The element may sit in a scrolling container: whether it moved says more than the window.
    const before = element?.getBoundingClientRect();
    element?.scrollIntoView?.({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const after = element?.getBoundingClientRect();
    const moved = before?.top !== after?.top || before?.left !== after?.left;
    return { position: { ...windowPosition(view), moved } };
  }
  const vertical = direction === 'up' || direction === 'down';
  const element = options.element && scrollContainer(options.element, vertical);
  const position = () => (element ? elementPosition(element) : windowPosition(view));
  const before = position();
  const viewport = vertical ? before.viewportHeight : before.viewportWidth;
  const amount = options.amount ?? 'screen';
  const length = vertical ? before.scrollHeight : before.scrollWidth;
  const step = amount === 'end' ? length : Math.round(viewport * STEP_SHARE[amount]);
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const delta = { top: vertical ? sign * step : 0, left: vertical ? 0 : sign * step };
  if (!element) view.scrollBy({ ...delta, behavior: 'instant' });
  else if (typeof element.scrollBy === 'function')
    element.scrollBy({ ...delta, behavior: 'instant' });
  else {
    // jsdom has no Element.scrollBy.
    element.scrollTop += delta.top;
    element.scrollLeft += delta.left;
  }
  const after = position();
  const moved = before.scrollX !== after.scrollX || before.scrollY !== after.scrollY;
  return { position: { ...after, moved }, container: element };
}
