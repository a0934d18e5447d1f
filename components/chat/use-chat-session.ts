import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useEffect, useRef, useState } from 'react';
import type { ApprovalSettings } from '../../src/policy/grants';
import { explainChatError } from '../../src/chat-turn/chat-errors';
import type { ConversationStore, OpenedConversation } from '../../src/chat/history';
import type { UnsavedJournal } from '../../src/chat/unsaved-changes';
import { toolCallIdsOf } from '../apps/tool-app-slot';
import { useRunHandBack } from '../routines/use-run-hand-back';
import { useChatTransport, type ChatTransportOptions } from './use-chat-transport';
import { useChatPersistence, useRestoredMessages } from './use-chat-persistence';
import { useChatTools } from './use-chat-tools';
import { useInterruptedTurn } from './use-interrupted-turn';
import { useTaskResults } from './use-task-results';
import { useTurnActions } from './use-turn-actions';

export interface ChatSessionOptions extends ChatTransportOptions {
  conversation: OpenedConversation;
  history: ConversationStore;
  /** Where what is not written yet goes when the panel goes away. */
  journal: UnsavedJournal;
  onSaved(title: string): void;
  /** Reads the chat again from history (a routine's run wrote it meanwhile). */
  onReload?(): void;
}

/**
 * One conversation's state: the AI SDK's useChat over Patchbay's in-panel transport, saved as
 * it goes, with the tools it can use, their approvals, and the turn actions (stop, edit).
 */
export function useChatSession(options: ChatSessionOptions) {
  const { conversation, history, loadApprovals } = options;
  const [approvals, setApprovals] = useState<ApprovalSettings>({});
  const { transport, appContext, stopIntent, alwaysAllow, lastFailure } = useChatTransport(
    options,
    setApprovals,
  );
  const restored = useRestoredMessages(conversation);
  // A routine's run waiting here goes on in its runner once answered, never in the panel.
  const handsBackRef = useRef(false);
  const chat = useChat({
    id: conversation.id,
    messages: restored,
    transport,
    sendAutomaticallyWhen: (turn) =>
      !handsBackRef.current && lastAssistantMessageIsCompleteWithApprovalResponses(turn),
    // Errors are shown inline (chat.error) with a sentence and a Retry; nothing to log.
    onError: () => undefined,
  });
  const { tools, progress } = useChatTools(conversation.id);
  // Calls saved before this chat opened: their apps show as snapshots until reloaded.
  const [savedCalls] = useState(() => toolCallIdsOf(conversation.messages));
  useEffect(() => {
    void loadApprovals().then(setApprovals, () => undefined);
  }, [loadApprovals, tools]);

  const { status } = chat;
  const { saveError, flush } = useChatPersistence({
    history,
    journal: options.journal,
    conversation,
    restored,
    messages: chat.messages,
    status,
    onSaved: options.onSaved,
  });
  // Calls that became tasks and ended while the chat was closed get their results now.
  const withTasks = useTaskResults(conversation.id, restored, chat);
  const interrupted = useInterruptedTurn(conversation, withTasks ?? restored, chat);
  const busy = status === 'streaming' || status === 'submitted';
  // A routine's run in this chat: its line, and its hand-back once the person answered.
  const routineRun = useRunHandBack({
    chatId: conversation.id,
    saved: conversation.messages.length > 0,
    messages: chat.messages,
    flush,
    onRunMoved: () => options.onReload?.(),
    handsBackRef,
  });

  const turn = useTurnActions(chat, stopIntent, { busy, interrupted });

  const explained = chat.error ? explainChatError(chat.error) : undefined;
  const failure =
    explained && lastFailure?.sentence === explained.sentence ? lastFailure : explained;

  return {
    chat,
    failure,
    busy,
    tools,
    progress,
    approvals,
    setApprovals,
    alwaysAllow,
    appContext,
    savedCalls,
    saveError,
    interrupted,
    routineRun,
    ...turn,
  };
}

export type ChatSessionState = ReturnType<typeof useChatSession>;
