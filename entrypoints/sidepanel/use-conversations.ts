import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  createIndexedDbConversationStore,
  type ConversationList,
  type OpenedConversation,
} from '../../src/chat/history';
import { newConversation } from './new-conversation';

/**
 * The chats: the list (newest first, with how many stored chats could not be read), the open
 * one, and opening, renaming, deleting and starting chats. The panel reopens on the last chat.
 */
export function useConversations() {
  const history = useMemo(() => createIndexedDbConversationStore(), []);
  const [conversation, setConversation] = useState<OpenedConversation | undefined>();
  const [list, setList] = useState<ConversationList>({ conversations: [], skipped: 0 });

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

  useEffect(() => {
    void history.list().then(async (found) => {
      setList(found);
      const first = found.conversations[0];
      const last = first ? await history.get(first.id) : undefined;
      setConversation(last ?? newConversation());
    });
  }, [history]);

  return {
    history,
    conversation,
    list,
    onSaved,
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
      // Close the conversation first, so nothing saves it again after it is gone.
      setConversation((current) => (current?.id === id ? newConversation() : current));
      await history.remove(id);
      refreshList();
    },
  };
}
