import { useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { ServerState, ToolView } from '../../src/messaging/contract';
import type { TaskStatus, TaskView } from '../../src/messaging/tasks-contract';

/** Statuses after which the set of usable tools may differ. */
const SETTLED_STATES = new Set<ServerState>([
  'connected',
  'disconnected',
  'error',
  'needs-auth',
  'invalid-token',
  'cloudflare-error',
]);

export type CallProgress = Record<
  string,
  { progress: number; total?: number; message?: string; task?: TaskStatus }
>;

/**
 * A task's state as a call's progress: its status and the server's last words, or Patchbay's
 * own while it cannot reach the server.
 */
function taskProgress(task: TaskView): CallProgress[string] {
  const message = task.note ?? task.statusMessage;
  return { progress: 0, task: task.status, ...(message ? { message } : {}) };
}

/**
 * The tools the chat can use, kept current from broadcasts, and its calls' progress by call;
 * with `chatId`, only its own calls' tasks (another chat's call may have the same id).
 */
export function useChatTools(chatId?: string) {
  const client = useClient();
  const [tools, setTools] = useState<ToolView[]>([]);
  const [progress, setProgress] = useState<CallProgress>({});
  useEffect(() => {
    const refresh = () =>
      void client.request('mcp/tools/list').then(
        ({ tools: next }) => setTools(next),
        () => undefined,
      );
    refresh();
    const ours = (task: TaskView) => chatId === undefined || task.chatId === chatId;
    // Tasks already running (a panel opened while one goes on) show their state at once.
    void client.request('mcp/tasks/list').then(
      ({ tasks }) =>
        setProgress((previous) => ({
          ...Object.fromEntries(
            tasks.filter(ours).map((task) => [task.callId, taskProgress(task)]),
          ),
          ...previous,
        })),
      () => undefined,
    );
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/task/changed' && ours(message.payload.task)) {
        const { task } = message.payload;
        setProgress((previous) => ({ ...previous, [task.callId]: taskProgress(task) }));
      }
      // The tool set changes when a server connects, goes away or changes its list; passing
      // states (connecting, refreshing a sign-in) leave it as it is.
      if (
        message.type === 'mcp/tools/changed' ||
        (message.type === 'mcp/status/changed' && SETTLED_STATES.has(message.payload.status.state))
      )
        refresh();
      if (message.type === 'mcp/tool/progress') {
        const { callId, progress: value, total, message: text } = message.payload;
        setProgress((previous) => ({
          ...previous,
          [callId]: {
            progress: value,
            ...(total !== undefined ? { total } : {}),
            ...(text ? { message: text } : {}),
          },
        }));
      }
    });
  }, [client, chatId]);
  return { tools, progress };
}
