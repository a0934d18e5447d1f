import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { buildSearchIndex, type SearchIndex } from '../../src/chat/chat-search';
import type { ConversationList, ConversationStore } from '../../src/chat/history';

/**
 * Search as you type: every chat is read once into an in-memory index when the person starts
 * typing, and read again after the chats change (`list` is a new value).
 */
export function useChatSearch(history: ConversationStore, list: ConversationList) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [index, setIndex] = useState<{ for: ConversationList; index: SearchIndex } | undefined>();
  const wanted = deferred.trim() !== '';
  useEffect(() => {
    if (!wanted || index?.for === list) return;
    let current = true;
    void history.searchable().then((chats) => {
      if (current) setIndex({ for: list, index: buildSearchIndex(chats) });
    });
    return () => {
      current = false;
    };
  }, [history, list, wanted, index]);
  const hits = useMemo(
    () => (wanted && index ? index.index.search(deferred) : undefined),
    [wanted, index, deferred],
  );
  return { query, setQuery, hits };
}
