import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  createIndexedDbConversationStore,
  type ConversationList,
  type OpenedConversation,
} from '../../src/chat/history';
import { retentionCutoff } from '../../src/chat/retention';
import { newConversation } from './new-conversation';

/**
 * The chats: the list (newest first, with how many stored chats could not be read), the open
 * one, and opening, renaming, deleting and starting chats. The panel reopens on the last chat.
 * With `keepDays` set, chats not changed for longer are deleted when the panel opens and when
 * the setting changes; nothing happens until `ready` (the setting is read).
 */
export function useConversations(retention: { keepDays: number | undefined; ready: boolean }) {
  const history = useMemo(() => createIndexedDbConversationStore(), []);
  const [conversation, setConversation] = useState<OpenedConversation | undefined>();
  const [list, setList] = useState<ConversationList>({ conversations: [], skipped: 0 });
  const [notice, setNotice] = useState<string | undefined>();
  const { keepDays, ready } = retention;

  const refreshList = useCallback(() => void history.list().then(setList), [history]);
  const onSaved = useCallback(
    (title: string) => {
      refreshList();
      setConversation((current) =>
        current && current.title !== title ? { ...current, title } : current,
      );
    },
    [refreshList],
  );
  // A removed chat that is open gives way to a new one, so nothing saves it again.
  const closeRemoved = useCallback((ids: readonly string[]) => {
    const gone = new Set(ids);
    setConversation((current) => (current && gone.has(current.id) ? newConversation() : current));
  }, []);

  useEffect(() => {
    if (!ready) return;
    const cutoff = retentionCutoff(keepDays);
    void (cutoff === undefined ? Promise.resolve([]) : history.removeOlderThan(cutoff)).then(
      async (expired) => {
        if (expired.length > 0) {
          closeRemoved(expired);
          setNotice(
            `Deleted ${expired.length === 1 ? '1 chat' : `${expired.length} chats`} older than ${keepDays === 1 ? '1 day' : `${keepDays} days`}.`,
          );
        }
        const found = await history.list();
        setList(found);
        const first = found.conversations[0];
        const last = first ? await history.get(first.id) : undefined;
        setConversation((current) => current ?? last ?? newConversation());
      },
      (error: unknown) => setNotice(error instanceof Error ? error.message : String(error)),
    );
  }, [history, keepDays, ready, closeRemoved]);

  return {
    history,
    conversation,
    list,
    notice,
    onSaved,
    refresh: refreshList,
    start: () => setConversation(newConversation()),
    open: async (id: string) => {
      const found = await history.get(id);
      if (found) setConversation(found);
    },
    rename: async (id: string, title: string) => {
      await history.rename(id, title);
      refreshList();
      setConversation((current) => (current?.id === id ? { ...current, title } : current));
    },
    remove: async (id: string) => {
      closeRemoved([id]);
      await history.remove(id);
      refreshList();
    },
    removeAll: async () => {
      const count = list.conversations.length;
      setConversation(newConversation());
      await history.removeAll();
      refreshList();
      setNotice(`Deleted ${count === 1 ? '1 chat' : `${count} chats`}.`);
    },
  };
}
