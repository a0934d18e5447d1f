import { isProbablyReaderable, Readability } from '@mozilla/readability';
import type { ReadResult } from './commands';
import { toMarkdown } from './markdown';
import { cloneVisibleDocument } from './page-clone';
import { describePage } from './page-description';
import { collectVisibleText } from './visible-text';

/** What one read asks for. */
export interface ReadOptions {
  format: 'markdown' | 'text';
  offset: number;
  maxChars: number;
}

/**
 * The page's main content. Readability takes it from a copy of the visible page when the page
 * looks like an article (its own test, `isProbablyReaderable`); otherwise (search results, apps,
 * short pages, where Readability would keep one fragment and drop the rest) the whole visible
 * body is the content.
 */
function mainContent(
  document: Document,
  format: ReadOptions['format'],
): { content: string; source: ReadResult['source'] } {
  const copy = cloneVisibleDocument(document);
  let root: Node = copy.body;
  let source: ReadResult['source'] = 'page';
  if (isProbablyReaderable(copy)) {
    const article = new Readability<Node>(copy, {
      // Keep the article as nodes: no HTML to serialize and parse again.
      serializer: (node) => node,
      disableJSONLD: true,
    }).parse();
    if (article?.content) {
      root = article.content;
      source = 'article';
    } else {
      // Readability took the copy apart before giving up: the fallback needs a fresh one.
      root = cloneVisibleDocument(document).body;
    }
  }
  const content =
    format === 'markdown'
      ? toMarkdown(root, document.baseURI)
      : collectVisibleText(root as Element).text;
  return { content: content.trim(), source };
}

/** The end of a slice, moved back one so it does not split a surrogate pair (an emoji). */
function sliceEnd(content: string, start: number, maxChars: number): number {
  const end = Math.min(start + maxChars, content.length);
  if (end >= content.length || end - 1 <= start) return end;
  const last = content.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * One slice of the page's main content, as Markdown or text: never more than `maxChars`
 * characters; `nextOffset` says where the next slice starts when more remains.
 */
export function readPage(document: Document, options: ReadOptions): ReadResult {
  const { content, source } = mainContent(document, options.format);
  const offset = Math.min(options.offset, content.length);
  const end = sliceEnd(content, offset, options.maxChars);
  const result: ReadResult = {
    ...describePage(document),
    content: content.slice(offset, end),
    offset,
    totalChars: content.length,
    source,
  };
  if (end < content.length) result.nextOffset = end;
  return result;
}
