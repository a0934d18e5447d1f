/**
 * Results of tasks that ended while their chat was closed, put where their calls are. A call
 * that became a task goes on in the background when the panel closes; the chat saved it as
 * running, and opens it as interrupted ("outcome unknown"). Once its task has ended, the call
 * shows what the task gave: its result (server content, like any tool result) or why it failed.
 */
import { isToolUIPart, type UIMessage } from 'ai';
import type { ProxyToolOutput } from '../model-tools/proxy-tools';
import type { TaskView } from '../messaging/tasks-contract';
import { OUTCOME_UNKNOWN } from './interrupted';

type Part = UIMessage['parts'][number];

/** A call still waiting for its outcome: running, or settled as interrupted. */
function awaitsOutcome(part: Part): boolean {
  if (!isToolUIPart(part)) return false;
  return (
    part.state === 'input-available' ||
    (part.state === 'approval-responded' && part.approval.approved) ||
    (part.state === 'output-error' && part.errorText === OUTCOME_UNKNOWN)
  );
}

/** The ids of calls in `messages` that wait for an outcome a task may give. */
export function callsAwaitingOutcome(messages: readonly UIMessage[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'assistant'
      ? message.parts
          .filter(awaitsOutcome)
          .map((part) => (part as { toolCallId: string }).toolCallId)
      : [],
  );
}

/**
 * The tasks of `tasks` that chat `chatId`'s calls made. A call id alone does not name a task:
 * two chats' models may give their calls the same one (`call_1`), and a chat takes in only
 * what its own calls started.
 */
export function tasksOfChat<T extends Pick<TaskView, 'chatId'>>(
  tasks: readonly T[],
  chatId: string,
): T[] {
  return tasks.filter((task) => task.chatId === chatId);
}

/** `messages` of chat `chatId` with the outcome of every ended task of its own put on its call. */
export function withTaskResults(
  messages: readonly UIMessage[],
  tasks: readonly TaskView[],
  chatId: string,
): UIMessage[] {
  const ended = new Map(
    tasksOfChat(tasks, chatId)
      .filter((task) => task.status !== 'working' && task.status !== 'input_required')
      .map((task) => [task.callId, task]),
  );
  if (ended.size === 0) return [...messages];
  return messages.map((message) => {
    if (message.role !== 'assistant') return message;
    let changed = false;
    const parts = message.parts.map((part) => {
      if (!awaitsOutcome(part)) return part;
      const task = ended.get((part as { toolCallId: string }).toolCallId);
      if (!task) return part;
      changed = true;
      return outcomePart(part, task);
    });
    return changed ? { ...message, parts } : message;
  });
}

function outcomePart(part: Part, task: TaskView): Part {
  if (task.status === 'completed' && task.result) {
    const output: ProxyToolOutput = {
      serverId: task.serverId,
      toolName: task.toolName,
      result: task.result,
      durationMs: Math.max(0, task.updatedAt - task.createdAt),
    };
    return { ...part, state: 'output-available', output } as Part;
  }
  const errorText =
    task.error ??
    (task.status === 'cancelled'
      ? `The task ${task.toolName} was stopped.`
      : `The task ${task.toolName} failed.`);
  return { ...part, state: 'output-error', errorText } as Part;
}
