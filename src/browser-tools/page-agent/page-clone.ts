import { walkRendered } from './dom-walk';

/** Elements left out of a copy for reading: form fields (whose values are not content) and art. */
const NOT_READ = new Set(['input', 'select', 'textarea', 'svg', 'canvas', 'video', 'audio']);

/** Attributes left out of a copy: responsive image sources and styles add nothing and run long. */
const NOT_COPIED = ['srcset', 'style'];

/**
 * A copy of the page's visible content, in a new inert document (no scripts run and nothing loads
 * in it), for Readability to take apart without touching the page. Hidden elements and text are
 * left out, and open shadow roots are flattened into it. The page's own DOM is only read.
 */
export function cloneVisibleDocument(document: Document): Document {
  const copy = document.implementation.createHTMLDocument(document.title);
  const language = document.documentElement.getAttribute('lang');
  if (language) copy.documentElement.setAttribute('lang', language);
  // Relative addresses in the copy resolve against the page's address, not about:blank.
  const base = copy.createElement('base');
  base.href = document.baseURI;
  copy.head.appendChild(base);
  const root = document.body ?? document.documentElement;
  const parents: Element[] = [];
  walkRendered(root, {
    enter(element) {
      if (NOT_READ.has(element.localName)) return false;
      // The walk's root becomes the copy's own <body>.
      const clone = element === root ? copy.body : copy.importNode(element, false);
      for (const name of NOT_COPIED) clone.removeAttribute(name);
      parents.at(-1)?.appendChild(clone);
      parents.push(clone);
    },
    leave() {
      parents.pop();
    },
    text(node, shown) {
      if (shown) parents.at(-1)?.appendChild(copy.createTextNode(node.data));
    },
  });
  return copy;
}
