/**
 * The manager's requests about tools: those the model may use, one server's and its switches,
 * a call, its cancelling, and the task-augmented calls that outlive one (src/mcp/tasks/).
 */
import type {
  CallToolResultView,
  ServerResults,
  ToolCallPayload,
  ToolView,
} from '../messaging/contract';
import type { TaskRef } from '../messaging/tasks-contract';
import type { LiveSessions } from './live-sessions';
import { enabledTools, serverTools, setDisabledTools } from './server-tools';
import type { SessionContext } from './session/context';
import { callTool, cancelToolCall } from './tool-call';
import type { TaskKeeper } from './tasks/task-keeper';

export function toolFacade(live: LiveSessions, context: SessionContext, tasks: TaskKeeper) {
  const { init, sessionOf, taskKeeper } = live;
  return {
    /** The tools the model may use (server-tools.ts). */
    async listEnabledTools(): Promise<ToolView[]> {
      await init();
      return enabledTools(live.values(), context.icons);
    },

    getServerTools: async (serverId: string): Promise<ServerResults['tools/get']> =>
      serverTools(await sessionOf(serverId)),

    setDisabledTools: async (serverId: string, names: string[]): Promise<string[]> =>
      setDisabledTools(await sessionOf(serverId), context.store, names),

    callTool: async (serverId: string, payload: ToolCallPayload): Promise<CallToolResultView> =>
      callTool(await sessionOf(serverId), payload, tasks),

    taskKeeper,

    /**
     * Stop in Running tasks, also for a task whose server is switched off (task-stop.ts, a
     * lazy part of the worker: scripts/worker-chunks.ts).
     */
    async stopTask(ref: TaskRef): Promise<boolean> {
      const keeper = await taskKeeper();
      const { stopTask } = await import('./tasks/task-stop');
      return stopTask(keeper, (serverId) => live.get(serverId), ref);
    },

    /** Stops a call; one a restarted worker follows again is found once its tasks are loaded. */
    async cancelTool(serverId: string, call: TaskRef, detach?: boolean): Promise<boolean> {
      await taskKeeper();
      return cancelToolCall(await sessionOf(serverId), call, detach);
    },
  };
}
