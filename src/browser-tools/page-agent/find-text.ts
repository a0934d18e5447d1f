import type { FindResult } from './commands';
import type { ElementRefs } from './element-refs';
import { isInteractive } from './element-role';
import { collectVisibleText, type TextSegment } from './visible-text';
import { composedParent } from './visibility';

/** Characters of context on each side of a match. */
const CONTEXT_CHARS = 40;

/** One match of visible text: the element to act on and the text around it. */
export interface TextMatch {
  element: Element;
  snippet: string;
}

/** The segment holding `offset` in text (segments are in order and do not overlap). */
function segmentAt(segments: TextSegment[], offset: number): TextSegment | undefined {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle]!;
    if (offset < segment.start) high = middle - 1;
    else if (offset >= segment.end) low = middle + 1;
    else return segment;
  }
  return undefined;
}

/** The closest interactive element holding a text node, else its own element. */
function actionableHolder(node: Text): Element | null {
  // A text node right under a shadow root has no parent element: its host holds it.
  const parent = node.parentElement ?? (node.parentNode as ShadowRoot | null)?.host ?? null;
  for (let current = parent; current; current = composedParent(current)) {
    if (isInteractive(current)) return current;
  }
  return parent;
}

function snippetAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  const snippet = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${snippet}${to < text.length ? '…' : ''}`;
}

/**
 * The places `pattern` matches the document's visible text, at most `limit` of them, and how many
 * there are in all.
 */
export function searchVisibleText(
  document: Document,
  pattern: RegExp,
  limit: number,
): { matches: TextMatch[]; total: number } {
  const { text, segments } = collectVisibleText(document.body ?? document.documentElement);
  const matches: TextMatch[] = [];
  let total = 0;
  for (const match of text.matchAll(pattern)) {
    total += 1;
    if (matches.length >= limit) continue;
    const segment = segmentAt(segments, match.index);
    const element = segment && actionableHolder(segment.node);
    if (!element) continue;
    matches.push({
      element,
      snippet: snippetAround(text, match.index, match.index + match[0].length),
    });
  }
  return { matches, total };
}

/** Finds visible text and gives each match a ref, so it can be clicked or scrolled to. */
export function findText(
  document: Document,
  refs: ElementRefs,
  pattern: RegExp,
  maxResults: number,
): FindResult {
  const { matches, total } = searchVisibleText(document, pattern, maxResults);
  return {
    matches: matches.map(({ element, snippet }) => ({ text: snippet, ref: refs.refFor(element) })),
    total,
  };
}
