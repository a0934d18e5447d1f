import { walkRendered } from './dom-walk';

/** Where one text node's text sits in {@link VisibleText.text}. */
export interface TextSegment {
  node: Text;
  start: number;
  end: number;
}

/** The visible text under an element, with where each text node's part of it is. */
export interface VisibleText {
  text: string;
  segments: TextSegment[];
}

/** Elements whose text is not read as text: a select's options, a textarea's initial value. */
const NOT_TEXT = new Set(['select', 'datalist', 'textarea', 'option', 'svg', 'math']);

/** Block elements, for a detached copy, where no style says which elements are blocks. */
const BLOCK_TAGS = new Set(
  (
    'address article aside blockquote dd details dialog div dl dt fieldset figcaption figure ' +
    'footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody ' +
    'thead tfoot tr ul'
  ).split(' '),
);

type Separator = '' | ' ' | '\n';

/** The separator an element puts around its content: a line for blocks, a space for cells. */
function separatorOf(element: Element, style: CSSStyleDeclaration | null): Separator {
  if (element.localName === 'br') return '\n';
  const display = style?.display;
  if (display === undefined) {
    if (element.localName === 'td' || element.localName === 'th') return ' ';
    return BLOCK_TAGS.has(element.localName) ? '\n' : '';
  }
  if (display === '' || display.startsWith('inline') || display === 'contents') return '';
  return display === 'table-cell' ? ' ' : '\n';
}

/** True when the element keeps its whitespace (jsdom computes no white-space: hence the tag). */
function keepsWhitespace(element: Element, style: CSSStyleDeclaration | null): boolean {
  const whiteSpace = style?.whiteSpace ?? '';
  return (
    element.localName === 'pre' || whiteSpace.startsWith('pre') || whiteSpace === 'break-spaces'
  );
}

/**
 * The text a person sees under `root`, roughly as `innerText` gives it (which jsdom lacks, and
 * which knows nothing of open shadow roots): whitespace collapsed outside `<pre>`, a line between
 * blocks, a space between table cells. Hidden text is left out.
 */
export function collectVisibleText(root: Element): VisibleText {
  const segments: TextSegment[] = [];
  let text = '';
  // The separator owed before the next text: kept pending so that empty blocks add nothing and
  // offsets of text nodes stay exact.
  let pending: Separator = '';
  // Whether each entered element keeps its whitespace (inherited, as white-space is).
  const preformatted: boolean[] = [];
  const separate = (separator: Separator) => {
    if (separator === '\n' || (separator === ' ' && pending === '')) pending = separator;
  };
  const append = (node: Text, chunk: string) => {
    if (text.length > 0) text += pending;
    pending = '';
    segments.push({ node, start: text.length, end: text.length + chunk.length });
    text += chunk;
  };

  walkRendered(root, {
    enter(element, _shown, style) {
      if (NOT_TEXT.has(element.localName)) return false;
      separate(separatorOf(element, style));
      preformatted.push(preformatted.at(-1) === true || keepsWhitespace(element, style));
    },
    leave(element, style) {
      separate(separatorOf(element, style));
      preformatted.pop();
    },
    text(node, shown) {
      if (!shown) return;
      if (preformatted.at(-1)) {
        if (node.data.length > 0) append(node, node.data);
        return;
      }
      const collapsed = node.data.replace(/\s+/g, ' ');
      if (collapsed.startsWith(' ')) separate(' ');
      const chunk = collapsed.trim();
      if (chunk.length > 0) append(node, chunk);
      if (chunk.length > 0 && collapsed.endsWith(' ')) separate(' ');
    },
  });
  return { text, segments };
}
