/** The router's routes for task-augmented tool calls (src/mcp/tasks/), one per request type. */
import type { z } from 'zod';
import type { McpManager } from '../mcp/manager';
import { globalRequests } from './contract';
import { route, type Route } from './route';
import type { tasksGlobalResults } from './tasks-contract';

type Routes = {
  [K in keyof typeof tasksGlobalResults]: Route<z.input<(typeof tasksGlobalResults)[K]>>;
};

export function tasksRoutes(manager: McpManager): Routes {
  return {
    'mcp/tasks/list': route(globalRequests['mcp/tasks/list'], async () => ({
      tasks: await (await manager.taskKeeper()).list(),
    })),
    'mcp/tasks/await': route(globalRequests['mcp/tasks/await'], async ({ callId }) =>
      (await manager.taskKeeper()).result(callId),
    ),
    'mcp/tasks/cancel': route(globalRequests['mcp/tasks/cancel'], async ({ callId }) => {
      const task = await (await manager.taskKeeper()).records.get(callId);
      return { cancelled: task ? await manager.cancelTool(task.serverId, callId) : false };
    }),
    'mcp/tasks/dismiss': route(globalRequests['mcp/tasks/dismiss'], async ({ callId }) => ({
      removed: await (await manager.taskKeeper()).dismiss(callId),
    })),
  };
}
