import { useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import { taskKey, type TaskRef, type TaskView } from '../../src/messaging/tasks-contract';

/**
 * The tasks the background follows, kept current from its broadcasts, newest first, and a way
 * to stop one. Finished ones stay listed until their chat takes their result in.
 */
export function useRunningTasks() {
  const client = useClient();
  const [tasks, setTasks] = useState<TaskView[]>([]);
  useEffect(() => {
    // By chat and call: two chats' calls may share an id.
    const byTask = new Map<string, TaskView>();
    const show = () => setTasks([...byTask.values()].sort((a, b) => b.createdAt - a.createdAt));
    void client.request('mcp/tasks/list').then(
      ({ tasks: listed }) => {
        for (const task of listed) if (!byTask.has(taskKey(task))) byTask.set(taskKey(task), task);
        show();
      },
      () => undefined,
    );
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/task/changed')
        byTask.set(taskKey(message.payload.task), message.payload.task);
      else if (message.type === 'mcp/task/removed') byTask.delete(taskKey(message.payload));
      else return;
      show();
    });
  }, [client]);
  const stop = (task: TaskRef) =>
    void client
      .request('mcp/tasks/cancel', {
        callId: task.callId,
        ...(task.chatId ? { chatId: task.chatId } : {}),
      })
      .catch(() => undefined);
  return { tasks, stop };
}
