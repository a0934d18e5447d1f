import type { UseChatHelpers } from '@ai-sdk/react';
import type { DynamicToolUIPart, UIMessage } from 'ai';
import { useState } from 'react';
import type { createStopIntent } from '../../src/model-tools/proxy-tools';

const SETTLED_TOOL_STATES = new Set(['output-available', 'output-error', 'output-denied']);

/**
 * What the person does to a turn: Stop (its open calls show as stopped), edit a message of
 * theirs, and whether the last answer can be asked again.
 */
export function useTurnActions(
  chat: UseChatHelpers<UIMessage>,
  stopIntent: ReturnType<typeof createStopIntent>,
  state: { busy: boolean; interrupted: unknown },
) {
  const [stoppedCalls, setStoppedCalls] = useState<Set<string>>(new Set());

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
    lastMessage?.role === 'assistant' && !awaitingApproval && !state.interrupted && !state.busy;

  return { stoppedCalls, stop, edit, canRegenerate };
}
