import type { ChatStatus, UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'react';
import { createChatWriter } from '../../src/chat/chat-writer';
import type { ConversationStore, OpenedConversation } from '../../src/chat/history';
import { settleInterrupted, settleUnsigned } from '../../src/chat/interrupted';
import type { UnsavedJournal } from '../../src/chat/unsaved-changes';
import { describeSaveError } from '../../src/chat/save-errors';

/**
 * A conversation as it opens: an unfinished turn settled so it can be shown and sent again, and
 * approvals this install did not sign marked not run (they could not run once approved).
 */
export function useRestoredMessages(conversation: OpenedConversation): UIMessage[] {
  const [messages] = useState(() =>
    settleUnsigned(settleInterrupted(conversation.messages, conversation.interrupted)),
  );
  return messages;
}

/**
 * Saves the chat as it happens: the person's message when sent, the answer while it streams
 * (about once a second, and at once at every step and when the turn ends), each message in its
 * own transaction. Returns the sentence to show when saving fails (storage full): the chat goes
 * on in memory, and saving resumes with the next change once it can.
 */
export function useChatPersistence(options: {
  history: ConversationStore;
  journal: UnsavedJournal;
  conversation: OpenedConversation;
  /** The messages the chat opened with (`useRestoredMessages`): unchanged, nothing is written. */
  restored: readonly UIMessage[];
  messages: UIMessage[];
  status: ChatStatus;
  onSaved(title: string): void;
}): { saveError: string | undefined; flush(): Promise<void> } {
  const { history, journal, conversation, restored, messages, status } = options;
  const [saveError, setSaveError] = useState<string | undefined>();
  const [writer] = useState(() =>
    createChatWriter({
      store: history,
      conversationId: conversation.id,
      stored: conversation.messages,
      interrupted: conversation.interrupted,
      // The chat's writer lives as long as the chat: the callback is the first one given (the
      // panel's is stable).
      onSaved: options.onSaved,
      onError: (error) => setSaveError(error === undefined ? undefined : describeSaveError(error)),
    }),
  );

  const last = useRef({ length: restored.length, status, milestones: milestones(restored) });
  useEffect(() => {
    if (messages === restored) return; // opened, not changed: keep its place in the list
    const now = { length: messages.length, status, milestones: milestones(messages) };
    const before = last.current;
    last.current = now;
    // A new message (the person's question), a step boundary or a settled turn is written at
    // once; text streaming in between, at most once per interval.
    const urgent =
      now.length !== before.length ||
      now.status !== before.status ||
      now.milestones !== before.milestones;
    const settled = status === 'ready';
    writer.update(messages, settled ? 'complete' : 'streaming', urgent);
  }, [messages, status, restored, writer]);

  // Whatever is pending goes out when the chat closes. When the panel goes away, it is also
  // kept in the journal: the page may be gone before IndexedDB finishes (unsaved-changes.ts).
  useEffect(() => {
    const flush = () => void writer.flush();
    const leave = () => {
      const unsaved = writer.unsaved();
      if (unsaved) journal.keep(unsaved);
      flush();
    };
    const stay = (event: PageTransitionEvent) => {
      if (event.persisted) journal.forget(conversation.id);
    };
    addEventListener('pagehide', leave);
    addEventListener('pageshow', stay);
    return () => {
      removeEventListener('pagehide', leave);
      removeEventListener('pageshow', stay);
      flush();
    };
  }, [writer, journal, conversation.id]);

  return { saveError, flush: writer.flush };
}

/** Steps and tool-call states of the last message: a change is a step boundary. */
function milestones(messages: readonly UIMessage[]): string {
  const parts = messages.at(-1)?.parts ?? [];
  return parts
    .map((part) =>
      part.type === 'step-start' ? 's' : 'state' in part && 'toolCallId' in part ? part.state : '',
    )
    .join(',');
}
