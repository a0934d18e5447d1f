import { notFound } from '../errors/patchbay-error';
import type {
  AddServerPayload,
  CallToolResultView,
  GlobalResults,
  ServerResults,
  ServerStatus,
  ServerView,
  ToolCallPayload,
  ToolView,
  UpdateServerPayload,
} from '../messaging/contract';
import { REFRESH_ALARM_PREFIX } from '../oauth/session';
import type { AskAnswer, AskView } from '../messaging/asks-contract';
import type { TaskRef } from '../messaging/tasks-contract';
import { AskBroker } from './asks/ask-broker';
import type { ServerConfig } from './catalog';
import { healthCheck, testConnection } from './diagnostics';
import { enabledTools, serverTools, setDisabledTools } from './server-tools';
import { skillsFacade } from '../skills/skills-facade';
import { featureFacade } from './feature-facade';
import { IconResolver } from './icons';
import { exportServers } from './import-export';
import { ServerRegistry } from './registry';
import type { McpManagerOptions } from './manager-options';
import { RetryPresets } from './retry';
import { withSiteAccess } from './site-access';
import { refreshTokens } from './session/auth-flow';
import type { SessionContext } from './session/context';
import {
  configChanges,
  disableServer,
  enableServer,
  reconfigure,
  signInThenConnect,
  signOut,
} from './session/lifecycle';
import { restoreSessions } from './session/restore-sessions';
import { ServerSession } from './session/server-session';
import { allServerKeys, storageKeys } from './storage-keys';
import { callTool, cancelToolCall } from './tool-call';
import { TASK_ALARM, TaskKeeper } from './tasks/task-keeper';
import { stopTask } from './tasks/task-stop';
import { serverView } from './view';

export { DEFAULT_TOOL_TIMEOUT_MS } from './tool-call';
export type { McpManagerOptions } from './manager-options';

export type McpManager = ReturnType<typeof createMcpManager>;

/**
 * The background's MCP facade: one {@link ServerSession} per server, the registry of servers,
 * and the fan-out operations (every server, every enabled tool) the message router exposes.
 */
export function createMcpManager(options: McpManagerOptions) {
  const { catalog, retryPolicy, askTimeoutMs, attention, hostAccess, ...rest } = options;
  const { taskAttention, panelOpen, taskNotifier, ...ports } = rest;
  const siteFetch = withSiteAccess(options.fetch, hostAccess, () => sessions.values());
  const asks = new AskBroker({
    broadcaster: options.broadcaster,
    keepAlive: options.keepAlive,
    ...(attention ? { attention } : {}),
    ...(askTimeoutMs ? { timeoutMs: askTimeoutMs } : {}),
  });
  const context: SessionContext = {
    ...ports,
    ...(siteFetch ? { fetch: siteFetch } : {}),
    ...(hostAccess ? { hostAccess } : {}),
    retryPolicy: retryPolicy ?? RetryPresets.Standard,
    asks,
    icons: new IconResolver(siteFetch),
  };
  const tasks = new TaskKeeper({
    ...ports,
    ...(taskAttention ? { attention: taskAttention } : {}),
    ...(panelOpen ? { panelOpen } : {}),
    ...(taskNotifier ? { notifier: taskNotifier } : {}),
  });
  const registry = new ServerRegistry(options.store, catalog);
  const sessions = new Map<string, ServerSession>();
  let initialized: Promise<void> | undefined;
  let resumed: Promise<void> | undefined;

  /** Rehydrates from storage (the worker may have just started) and reconnects enabled servers. */
  function init(): Promise<void> {
    // Tasks a stopped worker left are followed again once their servers are back, in the
    // background: the calls that woke the worker do not wait for them.
    initialized ??= restoreSessions(registry, context, sessions);
    // A failed resume (storage) costs only those tasks: it never fails what waits on it.
    resumed ??= initialized
      .then(() => tasks.resume((serverId) => sessions.get(serverId)))
      .catch(() => undefined);
    return initialized;
  }

  async function sessionOf(serverId: string): Promise<ServerSession> {
    await init();
    const session = sessions.get(serverId);
    if (!session)
      throw notFound(`There is no server with id "${serverId}". It may have been removed.`);
    return session;
  }

  /** A request that acts on one server and answers with its status afterwards. */
  function statusAfter(action: (session: ServerSession) => Promise<unknown>) {
    return async (serverId: string): Promise<ServerStatus> => {
      const session = await sessionOf(serverId);
      await action(session);
      return session.status;
    };
  }

  function configsExcept(serverId?: string): ServerConfig[] {
    return [...sessions.values()]
      .filter((session) => session.id !== serverId)
      .map((session) => session.config);
  }

  const serversChanged = () =>
    context.broadcaster.broadcast({ type: 'mcp/servers/changed', payload: {} });

  /** Task-augmented calls, once stored tasks are followed again (src/mcp/tasks/). */
  async function taskKeeper(): Promise<TaskKeeper> {
    await init();
    await resumed;
    return tasks;
  }

  async function onAlarm(name: string): Promise<void> {
    if (name === TASK_ALARM) return taskKeeper().then((keeper) => keeper.onAlarm());
    if (!name.startsWith(REFRESH_ALARM_PREFIX)) return;
    await init();
    const session = sessions.get(name.slice(REFRESH_ALARM_PREFIX.length));
    if (session?.auth.tokens) await refreshTokens(session);
  }

  // Registered at once: an alarm may be what woke the worker.
  context.alarms.onAlarm((name) => void onAlarm(name));

  return {
    init,

    async listServers(): Promise<ServerView[]> {
      await init();
      return [...sessions.values()].map(serverView);
    },

    viewOf: async (serverId: string): Promise<ServerView> => serverView(await sessionOf(serverId)),

    getStatus: async (serverId: string): Promise<ServerStatus> =>
      (await sessionOf(serverId)).status,

    async addServer(input: AddServerPayload): Promise<ServerView> {
      await init();
      const config = await registry.add(input, configsExcept());
      const session = new ServerSession(config, context);
      sessions.set(config.id, session);
      serversChanged();
      return serverView(session);
    },

    async updateServer(input: UpdateServerPayload): Promise<ServerView> {
      const session = await sessionOf(input.id);
      const config = registry.prepareUpdate(input, session.config, configsExcept(session.id));
      // Secrets follow the endpoint: forget the old sign-in here first, then store the edit,
      // then revoke at the old authorization server. A worker stopped in between leaves no
      // credentials pointing at the new endpoint.
      const revoke = configChanges(session.config, config).auth
        ? await session.auth.forget({ registration: true })
        : undefined;
      await registry.replace(config);
      await reconfigure(session, config);
      await revoke?.();
      serversChanged();
      return serverView(session);
    },

    async removeServer(serverId: string): Promise<void> {
      const session = await sessionOf(serverId);
      await registry.remove(session.config);
      session.isEnabled = false;
      await session.shutDown({ terminate: true });
      await session.auth.signOut();
      sessions.delete(serverId);
      await tasks.forgetServer(serverId);
      await context.store.remove(allServerKeys(serverId));
      serversChanged();
      context.broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId } });
    },

    /** Reads every server from storage again (a restored backup or a synced change wrote it). */
    async reload(): Promise<void> {
      await init();
      await Promise.all(
        [...sessions.values()].map((session) => session.shutDown({ terminate: false })),
      );
      sessions.clear();
      initialized = resumed = undefined;
      await init();
      serversChanged();
    },

    async testConnection(
      input: Omit<AddServerPayload, 'name'> & { name?: string },
    ): Promise<GlobalResults['mcp/servers/test']> {
      await init();
      return testConnection(context, input);
    },

    async exportConfiguration(): Promise<GlobalResults['mcp/servers/export']> {
      await init();
      return exportServers(
        [...sessions.values()].map((session) => ({
          ...session.config,
          ...(session.transport ? { transport: session.transport } : {}),
        })),
      );
    },

    async enable(serverId: string): Promise<ServerStatus> {
      const session = await sessionOf(serverId);
      await enableServer(session);
      // Its tasks left when it was switched off are followed again.
      void tasks.resume((id) => sessions.get(id)).catch(() => undefined);
      return session.status;
    },
    disable: statusAfter(disableServer),
    disconnect: statusAfter(signOut),
    startSignIn: statusAfter(signInThenConnect),

    healthCheck: async (serverId: string): Promise<ServerResults['health/check']> =>
      healthCheck(await sessionOf(serverId)),

    /** The tools the model may use (server-tools.ts). */
    async listEnabledTools(): Promise<ToolView[]> {
      await init();
      return enabledTools(sessions.values(), context.icons);
    },

    getServerTools: async (serverId: string): Promise<ServerResults['tools/get']> =>
      serverTools(await sessionOf(serverId)),

    setDisabledTools: async (serverId: string, names: string[]): Promise<string[]> =>
      setDisabledTools(await sessionOf(serverId), context.store, names),

    callTool: async (serverId: string, payload: ToolCallPayload): Promise<CallToolResultView> =>
      callTool(await sessionOf(serverId), payload, tasks),

    taskKeeper,

    /** Stop in Running tasks, also for a task whose server is switched off (task-stop.ts). */
    stopTask: async (ref: TaskRef): Promise<boolean> =>
      stopTask(await taskKeeper(), (serverId) => sessions.get(serverId), ref),

    /** Stops a call; one a restarted worker follows again is found once its tasks are loaded. */
    async cancelTool(serverId: string, call: TaskRef, detach?: boolean): Promise<boolean> {
      await taskKeeper();
      return cancelToolCall(await sessionOf(serverId), call, detach);
    },

    ...featureFacade(sessionOf, async () => {
      await init();
      return [...sessions.values()];
    }),

    /** Skills: every connected server's, the person's decision on one, a file of one. */
    skills: skillsFacade({
      ready: init,
      sessionOf,
      sessions: () => [...sessions.values()],
      store: context.store,
    }),

    /** Lets a server ask to run the person's model (or stops it); off by default. */
    async setSampling(serverId: string, enabled: boolean): Promise<boolean> {
      const session = await sessionOf(serverId);
      session.samplingEnabled = enabled;
      await context.store.set({ [storageKeys.sampling(serverId)]: enabled });
      session.announce();
      return enabled;
    },

    async listAsks(): Promise<AskView[]> {
      await init();
      return asks.list();
    },

    answerAsk: async (id: string, answer: AskAnswer): Promise<boolean> => asks.answer(id, answer),

    /** Closes every connection (tests and shutdown). */
    async closeAll(): Promise<void> {
      await Promise.all(
        [...sessions.values()].map((session) => session.shutDown({ terminate: false })),
      );
    },
  };
}
