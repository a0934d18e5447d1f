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
    'mcp/tasks/await': route(globalRequests['mcp/tasks/await'], async (ref) =>
      (await manager.taskKeeper()).result(ref),
    ),
    'mcp/tasks/cancel': route(globalRequests['mcp/tasks/cancel'], async (ref) => ({
      cancelled: await manager.stopTask(ref),
    })),
    'mcp/tasks/dismiss': route(globalRequests['mcp/tasks/dismiss'], async (ref) => ({
      removed: await (await manager.taskKeeper()).dismiss(ref),
    })),
  };
}
