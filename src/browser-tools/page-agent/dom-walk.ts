import { clipsToNothing, hasLayout, hidesSubtree, isShown, styleOf } from './visibility';

/** Elements whose contents are never rendered as part of the page. */
const NEVER_RENDERED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'object',
  'embed',
]);

/** What {@link walkRendered} reports, in document order. */
export interface RenderedNodeVisitor {
  /**
   * An element that is rendered; `shown` is false when its own `visibility` hides it. Return
   * false to skip what is inside it.
   */
  enter?(element: Element, shown: boolean, style: CSSStyleDeclaration | null): boolean | void;
  /** The end of an element that {@link enter} was called for. */
  leave?(element: Element, style: CSSStyleDeclaration | null): void;
  /** A text node; `shown` is false when its element's `visibility` hides it. */
  text?(node: Text, shown: boolean): void;
}

/** Options of {@link walkRendered}. */
export interface WalkOptions {
  /** Skip `aria-hidden="true"` and `inert` subtrees (hidden from assistive technology). */
  skipAriaHidden?: boolean;
}

/**
 * The nodes a person sees, in the order they are laid out: into open shadow roots (their slots
 * filled with the host's children), past anything with `display: none`, a closed `<details>`'s
 * content, and (where there is layout) containers clipped to no width or height. Frames are not entered:
 * the agent works on the top document only.
 */
export function walkRendered(
  root: Element,
  visitor: RenderedNodeVisitor,
  options: WalkOptions = {},
): void {
  const layout = hasLayout(root.ownerDocument);
  const visit = (element: Element, parentShown: boolean) => {
    if (NEVER_RENDERED.has(element.localName)) return;
    if (options.skipAriaHidden && isHiddenFromAssistiveTechnology(element)) return;
    const style = styleOf(element);
    if (hidesSubtree(element, style)) return;
    if (layout && element !== root && clipsToNothing(element, style)) return;
    // Without computed style (a detached copy) an element is as visible as its parent.
    const shown = style ? isShown(style) : parentShown;
    if (visitor.enter?.(element, shown, style) === false) return;
    for (const child of renderedChildren(element)) {
      if (isFoldedAway(element, child)) continue;
      if (child.nodeType === 1) visit(child as Element, shown);
      else if (child.nodeType === 3) visitor.text?.(child as Text, shown);
    }
    visitor.leave?.(element, style);
  };
  visit(root, true);
}

/**
 * True for what a closed `<details>` hides: all but its first summary. Browsers hide it with
 * `content-visibility` on a pseudo-element, which the children's computed style does not show.
 */
function isFoldedAway(parent: Element, child: Node): boolean {
  if (parent.localName !== 'details' || (parent as HTMLDetailsElement).open) return false;
  return child !== parent.querySelector(':scope > summary');
}

function isHiddenFromAssistiveTechnology(element: Element): boolean {
  return element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('inert');
}

/** The children that are laid out inside an element: a shadow root's, or a slot's assignment. */
function renderedChildren(element: Element): Iterable<Node> {
  if (element.shadowRoot) return element.shadowRoot.childNodes;
  if (element.localName === 'slot' && 'assignedNodes' in element) {
    const assigned = (element as HTMLSlotElement).assignedNodes();
    if (assigned.length > 0) return assigned;
  }
  return element.childNodes;
}
