import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createIndexedDbConversationStore,
  type ConversationList,
  type OpenedConversation,
} from '../../src/chat/history';
import { retentionCutoff } from '../../src/chat/retention';
import { createUnsavedJournal } from '../../src/chat/unsaved-changes';
import type { KeyValueStore } from '../../src/platform/ports';
import { newConversation } from './new-conversation';

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
  const [conversation, setConversation] = useState<OpenedConversation | undefined>();
  const [list, setList] = useState<ConversationList>({ conversations: [], skipped: 0 });
  const [notice, setNotice] = useState<string | undefined>();
  // Each reading from history shows afresh, the open chat read again included.
  const [readings, setReadings] = useState(0);
  /** The open chat's id, for a reading that comes back after the person moved on. */
  const openId = useRef<string | undefined>(undefined);
  useEffect(() => {
    openId.current = conversation?.id;
  }, [conversation]);
  const { keepDays, ready } = options;

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
  }, [history, journal, keepDays, ready, closeRemoved]);

  return {
    history,
    journal,
    conversation,
    list,
    notice,
    onSaved,
    refresh: refreshList,
    start: () => setConversation(newConversation()),
    readings,
    /** Opens the chat as history holds it now (the open one again too); false if it is gone. */
    open: async (id: string) => {
      const found = await history.get(id);
      if (!found) return false;
      setConversation(found);
      setReadings((count) => count + 1);
      return true;
    },
    /**
     * Reads the open chat again as history holds it now, unless the person opened or started
     * another meanwhile (then their choice stands, and what they typed there stays).
     */
    reread: async (id: string) => {
      const found = await history.get(id);
      if (!found || openId.current !== id) return;
      setConversation(found);
      setReadings((count) => count + 1);
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
