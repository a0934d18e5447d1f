import type { QuotedPage } from '../../src/chat-message/message-origin';

/** A page as the note names it: its host (what the address really is), then its title. */
function pageName(page: QuotedPage): string {
  let host = page.url;
  try {
    host = new URL(page.url).host || page.url;
  } catch {
    // Not an address: named as written.
  }
  return page.title ? `${host} (${page.title})` : host;
}

/**
 * Under a routine's prompt that quotes pages: those words are the pages', not the person's, and
 * each run treats them so.
 */
export function QuotedPagesNote({ pages }: { pages: readonly QuotedPage[] | undefined }) {
  if (!pages?.length) return null;
  return (
    <p className="routine-quoted muted">
      Quotes {pages.map(pageName).join(', ')}. Those words are the page’s, not yours: each run asks
      before a tool that could send or change something, even a ticked one.
    </p>
  );
}
