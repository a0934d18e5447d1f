import type { UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'react';
import { callsAwaitingOutcome, withTaskResults } from '../../src/chat/task-results';
import type { PatchbayClient } from '../../src/messaging/client';
import type { TaskView } from '../../src/messaging/tasks-contract';

interface ChatMessages {
  messages: UIMessage[];
  setMessages(messages: UIMessage[]): void;
}

const ended = (task: TaskView) => task.status !== 'working' && task.status !== 'input_required';

/**
 * Puts into a chat that opened on an interrupted turn the results of its calls' tasks, as the
 * tasks end (at once for those that ended while the panel was closed), and lets the background
 * forget each task once its result is in the chat. Returns the messages as last patched, which
 * the interrupted turn's Continue goes on from; undefined while nothing was patched.
 */
export function useTaskResults(
  client: PatchbayClient,
  restored: readonly UIMessage[],
  chat: ChatMessages,
): UIMessage[] | undefined {
  const [patched, setPatched] = useState<UIMessage[]>();
  const current = useRef(chat);
  useEffect(() => {
    current.current = chat;
  });
  useEffect(() => {
    const waiting = new Set(callsAwaitingOutcome(restored));
    if (waiting.size === 0) return;
    let live = true;
    const apply = (tasks: readonly TaskView[]) => {
      const mine = tasks.filter((task) => waiting.has(task.callId) && ended(task));
      if (!live || mine.length === 0) return;
      for (const task of mine) waiting.delete(task.callId);
      const next = withTaskResults(current.current.messages, mine);
      current.current.setMessages(next);
      setPatched(next);
      for (const task of mine)
        void client.request('mcp/tasks/dismiss', { callId: task.callId }).catch(() => undefined);
    };
    void client.request('mcp/tasks/list').then(
      ({ tasks }) => apply(tasks),
      () => undefined,
    );
    const stop = client.onBroadcast((message) => {
      if (message.type === 'mcp/task/changed') apply([message.payload.task]);
    });
    return () => {
      live = false;
      stop();
    };
  }, [client, restored]);
  return patched;
}
