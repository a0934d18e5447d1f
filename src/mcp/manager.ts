import type { AskAnswer, AskView } from '../messaging/asks-contract';
import { REFRESH_ALARM_PREFIX } from '../oauth/session';
import { createManagerParts } from './manager-parts';
import { serverListFacade, serverSwitchFacade } from './server-facade';
import { featureFacade } from './feature-facade';
import { ServerRegistry } from './registry';
import type { McpManagerOptions } from './manager-options';
import { refreshTokens } from './session/auth-flow';
import { createLiveSessions } from './live-sessions';
import { toolFacade } from './tool-facade';
import { TASK_ALARM } from './tasks/task-keeper';

export { DEFAULT_TOOL_TIMEOUT_MS } from './tool-call';
export type { McpManagerOptions } from './manager-options';

export type McpManager = ReturnType<typeof createMcpManager>;

/**
 * The background's MCP facade: one {@link ServerSession} per server, the registry of servers,
 * and the fan-out operations (every server, every enabled tool) the message router exposes.
 * Its parts: the live sessions (live-sessions.ts), the servers' and tools' requests
 * (server-facade.ts, tool-facade.ts), features (feature-facade.ts). What builds on the sessions
 * (the skills, src/skills/skills-facade.ts) is composed where the worker is wired, over
 * {@link sessionAccess}.
 */
export function createMcpManager(options: McpManagerOptions) {
  const { context, asks, tasks } = createManagerParts(options, () => live.values());
  const registry = new ServerRegistry(options.store, options.catalog);
  const live = createLiveSessions(registry, context, tasks);

  async function onAlarm(name: string): Promise<void> {
    if (name === TASK_ALARM) return live.taskKeeper().then((keeper) => keeper.onAlarm());
    if (!name.startsWith(REFRESH_ALARM_PREFIX)) return;
    await live.init();
    const session = live.get(name.slice(REFRESH_ALARM_PREFIX.length));
    if (session?.auth.tokens) await refreshTokens(session);
  }

  // Registered at once: an alarm may be what woke the worker.
  context.alarms.onAlarm((name) => void onAlarm(name));

  return {
    init: live.init,
    ...serverListFacade({ live, registry, context, tasks }),
    ...serverSwitchFacade({ live, context }),
    ...toolFacade(live, context, tasks),
    ...featureFacade(live.sessionOf, live.all),

    /** The live sessions and storage, for what builds on them (the skills). */
    sessionAccess: {
      ready: live.init,
      sessionOf: live.sessionOf,
      sessions: () => [...live.values()],
      store: context.store,
    },

    async listAsks(): Promise<AskView[]> {
      await live.init();
      return asks.list();
    },

    answerAsk: async (id: string, answer: AskAnswer): Promise<boolean> => asks.answer(id, answer),

    /** Closes every connection (tests and shutdown). */
    closeAll: live.closeAll,
  };
}
