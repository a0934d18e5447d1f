import { BrowserAgentError } from './agent-error';

/**
 * Short names (`e1`, `e2`, ...) for elements, so a language model can point at them. The page's
 * DOM is never marked (no attributes: the page must not see the agent); the agent keeps both
 * directions itself, weakly, so an element that leaves the page can still be collected.
 */
export class ElementRefs {
  private nextNumber = 1;
  private readonly refByElement = new WeakMap<Element, string>();
  private readonly elementByRef = new Map<string, WeakRef<Element>>();

  /** The element's ref, the same one every time while the element exists. */
  refFor(element: Element): string {
    const known = this.refByElement.get(element);
    if (known) return known;
    const ref = `e${this.nextNumber++}`;
    this.refByElement.set(element, ref);
    this.elementByRef.set(ref, new WeakRef(element));
    return ref;
  }

  /**
   * The element behind a ref, still in `document`. Throws `not-found` for a ref never handed out
   * and `stale-ref` for one whose element has left the page.
   */
  resolve(ref: string, document: Document): Element {
    const handle = this.elementByRef.get(ref);
    if (!handle && !this.wasHandedOut(ref)) {
      throw new BrowserAgentError(
        'not-found',
        `There is no element ${ref} on this page; take a snapshot (or find text) to get refs.`,
      );
    }
    const element = handle?.deref();
    if (!element || !element.isConnected || element.ownerDocument !== document) {
      throw new BrowserAgentError(
        'stale-ref',
        `Element ${ref} is no longer on the page; take a new snapshot.`,
      );
    }
    return element;
  }

  /** True for a ref this agent made, even one {@link prune} has since forgotten. */
  private wasHandedOut(ref: string): boolean {
    const number = /^e(\d+)$/.exec(ref)?.[1];
    return number !== undefined && Number(number) < this.nextNumber;
  }

  /** Forgets refs whose elements were collected, so the map does not grow without end. */
  prune(): void {
    for (const [ref, handle] of this.elementByRef) {
      if (!handle.deref()) this.elementByRef.delete(ref);
    }
  }
}
