import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationStore, OpenedConversation } from '../../src/chat/history';
import { newConversation } from './new-conversation';

/**
 * The open chat: starting one, opening one as history holds it (each reading shows afresh, so
 * `readings` counts them), and giving way when it is deleted.
 */
export function useOpenConversation(history: ConversationStore) {
  const [conversation, setConversation] = useState<OpenedConversation | undefined>();
  // Each reading from history shows afresh, the open chat read again included.
  const [readings, setReadings] = useState(0);
  /** The open chat's id, for a reading that comes back after the person moved on. */
  const openId = useRef<string | undefined>(undefined);
  useEffect(() => {
    openId.current = conversation?.id;
  }, [conversation]);

  // A removed chat that is open gives way to a new one, so nothing saves it again.
  const closeRemoved = useCallback((ids: readonly string[]) => {
    const gone = new Set(ids);
    setConversation((current) => (current && gone.has(current.id) ? newConversation() : current));
  }, []);

  const show = (found: OpenedConversation) => {
    setConversation(found);
    setReadings((count) => count + 1);
  };

  return {
    conversation,
    setConversation,
    readings,
    closeRemoved,
    start: () => setConversation(newConversation()),
    /** Opens the chat as history holds it now (the open one again too); false if it is gone. */
    open: async (id: string) => {
      const found = await history.get(id);
      if (!found) return false;
      show(found);
      return true;
    },
    /**
     * Reads the open chat again as history holds it now, unless the person opened or started
     * another meanwhile (then their choice stands, and what they typed there stays).
     */
    reread: async (id: string) => {
      const found = await history.get(id);
      if (!found || openId.current !== id) return;
      show(found);
    },
  };
}
