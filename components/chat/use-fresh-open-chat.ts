import { useEffect, useRef } from 'react';
import type { ConversationList, OpenedConversation } from '../../src/chat/history';

/**
 * The open chat's messages live in its session while the Chat tab shows; the tab is rebuilt
 * from the chat as it was opened when the person comes back from another tab. When history
 * holds a newer version (messages saved since it was opened), this reads it again once, so the
 * questions, answers and failed turn come back instead of an empty chat that could be written
 * over.
 */
export function useFreshOpenChat(chats: {
  conversation: OpenedConversation | undefined;
  list: ConversationList;
  reread(id: string): Promise<void>;
}): void {
  const checked = useRef(false);
  const { conversation, list, reread } = chats;
  useEffect(() => {
    if (checked.current || !conversation) return;
    checked.current = true;
    const saved = list.conversations.find(({ id }) => id === conversation.id);
    if (saved && saved.updatedAt !== conversation.updatedAt) void reread(conversation.id);
  }, [conversation, list, reread]);
}
