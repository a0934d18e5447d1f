import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { buildSearchIndex, type SearchIndex } from '../../src/chat/chat-search';
import type { ConversationList, ConversationStore } from '../../src/chat/history';

/**
 * Search as you type, over an in-memory index of every chat read as soon as the chat switcher
 * opens (1,000 long chats take a few seconds to read; typing the first word usually takes as
 * long). The index is read again when chats come or go or are renamed; words added to an open
 * chat meanwhile are found once the switcher opens again.
 */
export function useChatSearch(history: ConversationStore, list: ConversationList) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [index, setIndex] = useState<{ key: string; index: SearchIndex } | undefined>();
  const key = useMemo(
    () => list.conversations.map(({ id, title }) => `${id}\u0000${title}`).join('\u0001'),
    [list],
  );
  useEffect(() => {
    if (index?.key === key) return;
    let current = true;
    void history.searchable().then((chats) => {
      if (current) setIndex({ key, index: buildSearchIndex(chats) });
    });
    return () => {
      current = false;
    };
  }, [history, key, index]);
  const wanted = deferred.trim() !== '';
  // Until a fresh index is read, the previous one answers.
  const hits = useMemo(
    () => (wanted && index ? index.index.search(deferred) : undefined),
    [wanted, index, deferred],
  );
  return { query, setQuery, hits };
}
