import { useCallback, useEffect, useMemo, useState } from 'react';
import { createIndexedDbConversationStore, type ConversationList } from '../../src/chat/history';
import { retentionCutoff } from '../../src/chat/retention';
import { createUnsavedJournal } from '../../src/chat/unsaved-changes';
import type { KeyValueStore } from '../../src/platform/ports';
import { newConversation } from './new-conversation';
import { useOpenConversation } from './use-open-conversation';

/**
 * The chats: the list (newest first, with how many stored chats could not be read), the open
 * one, and opening, renaming, deleting and starting chats. The panel reopens on the last chat.
 * With `keepDays` set, chats not changed for longer are deleted when the panel opens and when
 * the setting changes; nothing happens until `ready` (the setting is read). What a panel had not
 * written when it went away (`journal`) is written first.
 */
export function useConversations(options: {
  store: KeyValueStore;
  keepDays: number | undefined;
  ready: boolean;
}) {
  const history = useMemo(() => createIndexedDbConversationStore(), []);
  const { store } = options;
  const journal = useMemo(() => createUnsavedJournal(store), [store]);
  const { setConversation, closeRemoved, ...opened } = useOpenConversation(history);
  const [list, setList] = useState<ConversationList>({ conversations: [], skipped: 0 });
  const [notice, setNotice] = useState<string | undefined>();
  const { keepDays, ready } = options;

  const refreshList = useCallback(() => void history.list().then(setList), [history]);
  const onSaved = useCallback(
    (title: string) => {
      refreshList();
      setConversation((current) =>
        current && current.title !== title ? { ...current, title } : current,
      );
    },
    [refreshList, setConversation],
  );
  useEffect(() => {
    if (!ready) return;
    const cutoff = retentionCutoff(keepDays);
    const unsaved = journal.apply(history).catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      setNotice(
        `What a closed panel left unsaved could not be written yet (${detail}). It is kept, and tried again when the panel next opens.`,
      );
    });
    void (
      cutoff === undefined
        ? unsaved.then(() => [])
        : unsaved.then(() => history.removeOlderThan(cutoff))
    ).then(
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
  }, [history, journal, keepDays, ready, closeRemoved, setConversation]);

  return {
    history,
    journal,
    ...opened,
    list,
    notice,
    onSaved,
    refresh: refreshList,
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
