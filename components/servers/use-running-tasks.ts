import { useEffect, useState } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';
import type { TaskView } from '../../src/messaging/tasks-contract';

/**
 * The tasks the background follows, kept current from its broadcasts, newest first, and a way
 * to stop one. Finished ones stay listed until their chat takes their result in.
 */
export function useRunningTasks(client: PatchbayClient) {
  const [tasks, setTasks] = useState<TaskView[]>([]);
  useEffect(() => {
    const byCall = new Map<string, TaskView>();
    const show = () => setTasks([...byCall.values()].sort((a, b) => b.createdAt - a.createdAt));
    void client.request('mcp/tasks/list').then(
      ({ tasks: listed }) => {
        for (const task of listed) if (!byCall.has(task.callId)) byCall.set(task.callId, task);
        show();
      },
      () => undefined,
    );
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/task/changed')
        byCall.set(message.payload.task.callId, message.payload.task);
      else if (message.type === 'mcp/task/removed') byCall.delete(message.payload.callId);
      else return;
      show();
    });
  }, [client]);
  const stop = (callId: string) =>
    void client.request('mcp/tasks/cancel', { callId }).catch(() => undefined);
  return { tasks, stop };
}
