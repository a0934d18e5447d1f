import { useCallback, useEffect, useRef } from 'react';
import type { QuotedPage } from '../../src/chat-message/message-origin';
import type { ComposerRequest } from '../../src/panel-entry/composer-request';

/**
 * The pages whose text the entry points put in this chat's draft ("Ask Patchbay about this…"):
 * the message sent next holds their words as well as the person's, and says so. Kept until
 * that message goes out, even if the quote was edited away: the draft cannot tell which words
 * are whose.
 */
export function useQuotedPages(request: ComposerRequest | undefined): () => QuotedPage[] {
  const pages = useRef<QuotedPage[]>([]);
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (!request?.from || seen.current.has(request.id)) return;
    seen.current.add(request.id);
    pages.current.push(request.from);
  }, [request]);
  return useCallback(() => pages.current.splice(0), []);
}
