import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type DynamicToolUIPart } from 'ai';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApprovalSettings } from '../../src/policy/grants';
import { createChatTransport } from '../../src/chat-turn/chat-transport';
import { explainChatError, type ChatErrorExplained } from '../../src/chat-turn/chat-errors';
import { createLanguageModel } from '../../src/models/model';
import { createStopIntent } from '../../src/model-tools/proxy-tools';
import type { ModelSettings } from '../../src/models/model-settings';
import type { AppModelContext } from '../../src/apps/app-model-context';
import type { ConversationStore, OpenedConversation } from '../../src/chat/history';
import type { UnsavedJournal } from '../../src/chat/unsaved-changes';
import { useClient } from '../shared/client-context';
import { toolCallIdsOf } from '../apps/tool-app-slot';
import { useRunHandBack } from '../routines/use-run-hand-back';
import { useAlwaysAllow } from './use-always-allow';
import { useChatPersistence, useRestoredMessages } from './use-chat-persistence';
import { useChatTools } from './use-chat-tools';
import { useInterruptedTurn } from './use-interrupted-turn';
import { useTaskResults } from './use-task-results';

export interface ChatSessionOptions {
  conversation: OpenedConversation;
  history: ConversationStore;
  /** Where what is not written yet goes when the panel goes away. */
  journal: UnsavedJournal;
  /** Read fresh for every request, so a changed model or key applies to the next message. */
  loadSettings(): Promise<ModelSettings | undefined>;
  loadApprovals(): Promise<ApprovalSettings>;
  loadApprovalSecret(): Promise<string>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
  onSaved(title: string): void;
  /** Reads the chat again from history (a routine's run wrote it meanwhile). */
  onReload?(): void;
}

const SETTLED_TOOL_STATES = new Set(['output-available', 'output-error', 'output-denied']);

/**
 * One conversation's state: the AI SDK's useChat over Patchbay's in-panel transport, saved as
 * it goes, with the tools it can use, their approvals, and the turn actions (stop, edit).
 */
export function useChatSession(options: ChatSessionOptions) {
  const { conversation, history, loadApprovals } = options;
  const client = useClient();
  // What the MCP Apps in this chat last told the model, by tool call (one map, kept as is).
  const [appContext] = useState(() => new Map<string, AppModelContext>());
  const [approvals, setApprovals] = useState<ApprovalSettings>({});
  // Set around the person's Stop: any other abort (the chat closing) lets calls' tasks go on.
  const [stopIntent] = useState(createStopIntent);
  const { callOrigins, alwaysAllow } = useAlwaysAllow({ ...options, onSaved: setApprovals });
  // The last failure as the transport explained it (with the chat's provider): the UI stream
  // carries only its words.
  const [lastFailure, setLastFailure] = useState<ChatErrorExplained | undefined>();
  const transport = useMemo(
    () =>
      createChatTransport({
        client,
        loadSettings: options.loadSettings,
        loadApprovals,
        loadApprovalSecret: options.loadApprovalSecret,
        saveApprovals: options.saveApprovals,
        createModel: (current) => createLanguageModel(current),
        appContext: () => [...appContext.values()],
        callOrigins,
        stopIntent,
        onModelError: setLastFailure,
      }),
    [
      client,
      options.loadSettings,
      loadApprovals,
      options.loadApprovalSecret,
      options.saveApprovals,
      appContext,
      callOrigins,
      stopIntent,
    ],
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
  const [stoppedCalls, setStoppedCalls] = useState<Set<string>>(new Set());
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

  /** Stops the answer; its calls still open show as stopped. */
  const stop = () => {
    const open = chat.messages
      .flatMap((message) => message.parts)
      .filter((part): part is DynamicToolUIPart => part.type === 'dynamic-tool')
      .filter((part) => !SETTLED_TOOL_STATES.has(part.state))
      .map((part) => part.toolCallId);
    setStoppedCalls((previous) => new Set([...previous, ...open]));
    // The abort runs its listeners (the proxy tools' cancels) before stop() returns a promise.
    stopIntent.asPerson(() => void chat.stop());
  };

  /** Sends the person's message `messageId` again as `text`, dropping what followed it. */
  const edit = (messageId: string, text: string) => {
    const index = chat.messages.findIndex((message) => message.id === messageId);
    if (index < 0) return;
    // What the message carried besides its text (attached resources, images) goes again, and
    // where its words came from: an edit of a prompt's or a quoted page's words is not all the
    // person's.
    const original = chat.messages[index];
    const carried = original?.parts.filter((part) => part.type !== 'text') ?? [];
    chat.setMessages(chat.messages.slice(0, index));
    void chat.sendMessage({
      parts: [{ type: 'text', text }, ...carried],
      ...(original?.metadata !== undefined && { metadata: original.metadata }),
    });
  };

  const lastMessage = chat.messages.at(-1);
  const awaitingApproval = lastMessage?.parts.some(
    (part) => part.type === 'dynamic-tool' && part.state === 'approval-requested',
  );
  /** The last answer can be asked again: settled, not waiting for approval or resuming. */
  const canRegenerate =
    lastMessage?.role === 'assistant' && !awaitingApproval && !interrupted && !busy;

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
    stoppedCalls,
    saveError,
    interrupted,
    routineRun,
    canRegenerate,
    stop,
    edit,
  };
}

export type ChatSessionState = ReturnType<typeof useChatSession>;
