import type { UIMessage } from 'ai';
import type { OpenedConversation } from '../../src/chat/history';
import { CONTINUE_BODY } from '../../src/chat-turn/continue-answer';

interface ChatControls {
  messages: UIMessage[];
  status: string;
  sendMessage(message?: undefined, options?: { body?: object }): Promise<void>;
  regenerate(): Promise<void>;
}

/**
 * The actions for a chat that opened on a turn that never finished, until something happens in
 * it (a new turn, Continue, Retry): Continue asks the model to go on from the partial answer,
 * Retry runs the turn again. Undefined when there is nothing to offer.
 */
export function useInterruptedTurn(
  conversation: OpenedConversation,
  restored: readonly UIMessage[],
  chat: ChatControls,
): { partial: boolean; onContinue(): void; onRetry(): void } | undefined {
  if (conversation.interrupted.length === 0) return undefined;
  if (chat.messages !== restored || chat.status === 'submitted' || chat.status === 'streaming')
    return undefined;
  const last = chat.messages.at(-1);
  // A call waiting for approval is the way on: its card asks, and Continue would skip it.
  if (
    last?.parts.some(
      (part) => 'toolCallId' in part && 'state' in part && part.state === 'approval-requested',
    )
  )
    return undefined;
  const partial = last?.role === 'assistant';
  return {
    partial,
    // With no answer to go on from, continuing is asking again.
    onContinue: () =>
      void (partial ? chat.sendMessage(undefined, { body: CONTINUE_BODY }) : chat.regenerate()),
    onRetry: () => void chat.regenerate(),
  };
}
