import type { UIMessage } from 'ai';
import type { OpenedConversation } from '../../src/chat/history';

export function newConversation(): OpenedConversation {
  const now = Date.now();
  return {
    id: crypto.randomUUID(),
    title: 'New chat',
    createdAt: now,
    updatedAt: now,
    messages: [] as UIMessage[],
    interrupted: [],
    skipped: 0,
  };
}
