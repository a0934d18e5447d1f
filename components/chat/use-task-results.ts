import { isToolUIPart, type UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'react';
import { callsAwaitingOutcome, tasksOfChat, withTaskResults } from '../../src/chat/task-results';
import { useClient } from '../shared/client-context';
import type { TaskView } from '../../src/messaging/tasks-contract';

interface ChatMessages {
  messages: UIMessage[];
  setMessages(messages: UIMessage[]): void;
}

const ended = (task: TaskView) => task.status !== 'working' && task.status !== 'input_required';
const SETTLED = new Set(['output-available', 'output-error', 'output-denied']);

/**
 * Tasks and the chat: puts into a chat that opened on an interrupted turn the results of its
 * calls' tasks as they end (at once for those that ended while the panel was closed), and lets
 * the background forget every task of the chat once its call has its outcome in the chat.
 * Returns the chat's messages as the patch left them, which the interrupted turn's Continue goes
 * on from; undefined while nothing was patched.
 */
export function useTaskResults(
  chatId: string,
  restored: readonly UIMessage[],
  chat: ChatMessages,
): UIMessage[] | undefined {
  const client = useClient();
  const [patched, setPatched] = useState<UIMessage[]>();
  const current = useRef(chat);
  const patching = useRef(false);
  /** Calls of this chat known to be tasks, and those the background was told to forget. */
  const tasks = useRef({ known: new Set<string>(), dismissed: new Set<string>() });
  useEffect(() => {
    current.current = chat;
  });

  useEffect(() => {
    const waiting = new Set(callsAwaitingOutcome(restored));
    let live = true;
    const apply = (seen: readonly TaskView[]) => {
      // Another chat's task is not this one's, whatever id its call has.
      const ours = tasksOfChat(seen, chatId);
      for (const task of ours) tasks.current.known.add(task.callId);
      const mine = ours.filter((task) => waiting.has(task.callId) && ended(task));
      if (!live || mine.length === 0) return;
      for (const task of mine) waiting.delete(task.callId);
      patching.current = true;
      current.current.setMessages(withTaskResults(current.current.messages, mine, chatId));
    };
    void client.request('mcp/tasks/list').then(
      ({ tasks: listed }) => apply(listed),
      () => undefined,
    );
    const stop = client.onBroadcast((message) => {
      if (message.type === 'mcp/task/changed') apply([message.payload.task]);
    });
    return () => {
      live = false;
      stop();
    };
  }, [client, chatId, restored]);

  const { messages } = chat;
  useEffect(() => {
    // The first messages after a patch are what the interrupted turn goes on from.
    if (patching.current) {
      patching.current = false;
      setPatched(messages);
    }
    // A task's outcome in the chat (saved with it): the background need keep it no longer.
    const { known, dismissed } = tasks.current;
    for (const part of messages.at(-1)?.parts ?? []) {
      if (!isToolUIPart(part) || !SETTLED.has(part.state)) continue;
      if (!known.has(part.toolCallId) || dismissed.has(part.toolCallId)) continue;
      dismissed.add(part.toolCallId);
      void client
        .request('mcp/tasks/dismiss', { callId: part.toolCallId, chatId })
        .catch(() => undefined);
    }
  }, [client, chatId, messages]);
  return patched;
}
