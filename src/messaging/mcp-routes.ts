/** The router's routes for MCP servers (src/mcp/manager.ts): the list, each server, its tools. */
import type { z } from 'zod';
import type { McpManager } from '../mcp/manager';
import type { BrowserAccessService } from '../browser-access/browser-access-service';
import type { PageToolsService } from '../page-tools/page-tools-service';
import type { RoutineService } from '../routines/routine-service';
import { PatchbayError } from '../errors/patchbay-error';
import type { SkillsService } from '../skills/skills-facade';
import { globalRequests, serverRequests } from './contract';
import { route, validate, type Route } from './route';

function serverRoute<S extends z.ZodType, R>(
  schema: S,
  handler: (serverId: string, payload: z.output<S>) => Promise<R>,
): Route<R> {
  return (payload, type, serverId = '') => handler(serverId, validate(schema, payload, type));
}

/** The skills service, or a clear failure where the router has none (some tests). */
function skillsOf(service: SkillsService | undefined): () => SkillsService {
  return () => {
    if (!service) throw new PatchbayError('not-found', 'Skills are not available here.');
    return service;
  };
}

/** Requests about every server: the list, adding and removing, every enabled tool, asks. */
export function allServersRoutes({
  manager,
  pageTools,
  browserAccess,
  routines,
  skills,
}: {
  manager: McpManager;
  pageTools: PageToolsService | undefined;
  browserAccess: BrowserAccessService | undefined;
  routines: RoutineService | undefined;
  skills: SkillsService | undefined;
}) {
  return {
    'mcp/servers/get': route(globalRequests['mcp/servers/get'], async () => ({
      servers: await manager.listServers(),
    })),
    'mcp/servers/add': route(globalRequests['mcp/servers/add'], async (input) => ({
      server: await manager.addServer(input),
    })),
    'mcp/servers/update': route(globalRequests['mcp/servers/update'], async (input) => ({
      server: await manager.updateServer(input),
    })),
    'mcp/servers/remove': route(globalRequests['mcp/servers/remove'], async ({ id }) => {
      await manager.removeServer(id);
      return { id };
    }),
    'mcp/tools/list': route(globalRequests['mcp/tools/list'], async () => ({
      tools: [
        ...(await manager.listEnabledTools()),
        ...((await pageTools?.views()) ?? []),
        ...((await browserAccess?.chatTools()) ?? []),
      ],
    })),
    'mcp/skills/list': route(globalRequests['mcp/skills/list'], async (input) =>
      skills ? skills.list(input?.allowedOnly) : { skills: [], failures: [] },
    ),
    'mcp/servers/test': route(globalRequests['mcp/servers/test'], (input) =>
      manager.testConnection(input),
    ),
    'mcp/servers/export': route(globalRequests['mcp/servers/export'], () =>
      manager.exportConfiguration(),
    ),
    'backup/restored': route(globalRequests['backup/restored'], async () => {
      await manager.reload();
      await routines?.reload();
      return {};
    }),
    'mcp/resources/list': route(globalRequests['mcp/resources/list'], () => manager.allResources()),
    'mcp/prompts/list': route(globalRequests['mcp/prompts/list'], () => manager.allPrompts()),
    'mcp/asks/list': route(globalRequests['mcp/asks/list'], async () => ({
      asks: await manager.listAsks(),
    })),
    'mcp/asks/answer': route(globalRequests['mcp/asks/answer'], async ({ id, answer }) => ({
      answered: await manager.answerAsk(id, answer),
    })),
  };
}

/** Requests about one server, by its id. */
export function oneServerRoutes(manager: McpManager, skillsService: SkillsService | undefined) {
  const skills = skillsOf(skillsService);
  return {
    enable: serverRoute(serverRequests.enable, async (id) => ({
      status: await manager.enable(id),
    })),
    disable: serverRoute(serverRequests.disable, async (id) => ({
      status: await manager.disable(id),
    })),
    'auth/start': serverRoute(serverRequests['auth/start'], async (id) => ({
      status: await manager.startSignIn(id),
    })),
    disconnect: serverRoute(serverRequests.disconnect, async (id) => ({
      status: await manager.disconnect(id),
    })),
    'status/get': serverRoute(serverRequests['status/get'], async (id) => ({
      status: await manager.getStatus(id),
    })),
    'health/check': serverRoute(serverRequests['health/check'], (id) => manager.healthCheck(id)),
    'tool/call': serverRoute(serverRequests['tool/call'], (id, input) =>
      manager.callTool(id, input),
    ),
    'tool/cancel': serverRoute(serverRequests['tool/cancel'], async (id, { detach, ...call }) => ({
      cancelled: await manager.cancelTool(id, call, detach),
    })),
    'tools/disabled/set': serverRoute(
      serverRequests['tools/disabled/set'],
      async (id, { names }) => ({
        names: await manager.setDisabledTools(id, names),
      }),
    ),
    'tools/get': serverRoute(serverRequests['tools/get'], (id) => manager.getServerTools(id)),
    'resources/list': serverRoute(serverRequests['resources/list'], (id, input) =>
      manager.listResources(id, input?.cursor),
    ),
    'resources/templates/list': serverRoute(
      serverRequests['resources/templates/list'],
      (id, input) => manager.listResourceTemplates(id, input?.cursor),
    ),
    'resources/read': serverRoute(serverRequests['resources/read'], (id, { uri }) =>
      manager.readResource(id, uri),
    ),
    'resources/subscribe': serverRoute(serverRequests['resources/subscribe'], (id, { uri }) =>
      manager.subscribeResource(id, uri),
    ),
    'resources/unsubscribe': serverRoute(serverRequests['resources/unsubscribe'], (id, { uri }) =>
      manager.unsubscribeResource(id, uri),
    ),
    'prompts/list': serverRoute(serverRequests['prompts/list'], (id, input) =>
      manager.listPrompts(id, input?.cursor),
    ),
    'prompts/get': serverRoute(serverRequests['prompts/get'], (id, input) =>
      manager.getPrompt(id, input),
    ),
    'completion/complete': serverRoute(serverRequests['completion/complete'], (id, input) =>
      manager.complete(id, input),
    ),
    'skills/decide': serverRoute(serverRequests['skills/decide'], async (id, input) => ({
      skill: await skills().decide(id, input),
    })),
    'skills/read': serverRoute(serverRequests['skills/read'], (id, input) =>
      skills().read(id, input),
    ),
    'sampling/set': serverRoute(serverRequests['sampling/set'], async (id, { enabled }) => ({
      enabled: await manager.setSampling(id, enabled),
    })),
  };
}
