import { useState } from 'react';
import type { ChatSessionState } from './use-chat-session';

/**
 * The person's message being edited in place: Up in an empty composer opens the last one, and
 * sending the edit asks again from there, the transcript following it.
 */
export function useMessageEditing(session: ChatSessionState, onSend: () => void) {
  const [editingId, setEditingId] = useState<string | undefined>();
  const lastUserMessage = session.chat.messages.findLast((message) => message.role === 'user');
  return {
    editingId,
    setEditingId,
    edit: (messageId: string, text: string) => {
      setEditingId(undefined);
      onSend();
      session.edit(messageId, text);
    },
    editLast: lastUserMessage && (() => setEditingId(lastUserMessage.id)),
  };
}
