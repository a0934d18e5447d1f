/**
 * The manager's requests about servers: the list and its changes (add, edit, remove, a backup
 * restored, a test, an export), and one server's switches (on, off, sign-in, health, sampling).
 */
import type {
  AddServerPayload,
  GlobalResults,
  ServerResults,
  ServerStatus,
  ServerView,
  UpdateServerPayload,
} from '../messaging/contract';
import type { LiveSessions } from './live-sessions';
import type { ServerRegistry } from './registry';
import type { SessionContext } from './session/context';
import {
  configChanges,
  disableServer,
  enableServer,
  reconfigure,
  signInThenConnect,
  signOut,
} from './session/lifecycle';
import { ServerSession } from './session/server-session';
import { allServerKeys, storageKeys } from './storage-keys';
import type { TaskKeeper } from './tasks/task-keeper';
import { serverView } from './view';

export interface ServerFacadeParts {
  live: LiveSessions;
  registry: ServerRegistry;
  context: SessionContext;
  tasks: TaskKeeper;
}

/** The list of servers and its changes. */
export function serverListFacade({ live, registry, context, tasks }: ServerFacadeParts) {
  const { init, sessionOf, all, configsExcept } = live;
  const serversChanged = () =>
    context.broadcaster.broadcast({ type: 'mcp/servers/changed', payload: {} });
  /** A server removed or moved: its host gets Origin back unless another server is there. */
  const keepOriginsOfServers = async () => {
    if (!context.origins) return;
    const hosts = (await all()).map((session) => new URL(session.config.url).hostname);
    await context.origins.keepOnly(new Set(hosts));
  };
  return {
    listServers: async (): Promise<ServerView[]> => (await all()).map(serverView),

    async addServer(input: AddServerPayload): Promise<ServerView> {
      await init();
      const config = await registry.add(input, configsExcept());
      const session = new ServerSession(config, context);
      live.add(session);
      serversChanged();
      return serverView(session);
    },

    async updateServer(input: UpdateServerPayload): Promise<ServerView> {
      const session = await sessionOf(input.id);
      const config = await registry.prepareUpdate(input, session.config, configsExcept(session.id));
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
      await keepOriginsOfServers();
      return serverView(session);
    },

    async removeServer(serverId: string): Promise<void> {
      const session = await sessionOf(serverId);
      await registry.remove(session.config);
      session.isEnabled = false;
      await session.shutDown({ terminate: true });
      await session.auth.signOut();
      live.delete(serverId);
      await tasks.forgetServer(serverId);
      await context.store.remove(allServerKeys(serverId));
      serversChanged();
      await keepOriginsOfServers();
      context.broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId } });
    },

    /** Reads every server from storage again (a restored backup or a synced change wrote it). */
    async reload(): Promise<void> {
      await live.reload();
      serversChanged();
      await keepOriginsOfServers();
    },

    async testConnection(
      input: Omit<AddServerPayload, 'name'> & { name?: string },
    ): Promise<GlobalResults['mcp/servers/test']> {
      await init();
      // The form's Test button, a health check and an export are lazy parts of the worker
      // (scripts/worker-chunks.ts): only some people use them, and never on a tool call's path.
      const { testConnection } = await import('./diagnostics');
      return testConnection(context, input);
    },

    async exportConfiguration(): Promise<GlobalResults['mcp/servers/export']> {
      const { exportServers } = await import('./import-export');
      return exportServers(
        (await all()).map((session) => ({
          ...session.config,
          ...(session.transport ? { transport: session.transport } : {}),
        })),
      );
    },
  };
}

/** One server's view, status and switches. */
export function serverSwitchFacade({ live, context }: Pick<ServerFacadeParts, 'live' | 'context'>) {
  const { sessionOf } = live;
  /** A request that acts on one server and answers with its status afterwards. */
  const statusAfter =
    (action: (session: ServerSession) => Promise<unknown>) =>
    async (serverId: string): Promise<ServerStatus> => {
      const session = await sessionOf(serverId);
      await action(session);
      return session.status;
    };
  return {
    viewOf: async (serverId: string): Promise<ServerView> => serverView(await sessionOf(serverId)),

    getStatus: async (serverId: string): Promise<ServerStatus> =>
      (await sessionOf(serverId)).status,

    async enable(serverId: string): Promise<ServerStatus> {
      const session = await sessionOf(serverId);
      await enableServer(session);
      // Its tasks left when it was switched off are followed again.
      live.resumeTasks();
      return session.status;
    },
    disable: statusAfter(disableServer),
    disconnect: statusAfter(signOut),
    startSignIn: statusAfter(signInThenConnect),

    async healthCheck(serverId: string): Promise<ServerResults['health/check']> {
      const session = await sessionOf(serverId);
      const { healthCheck } = await import('./diagnostics');
      return healthCheck(session);
    },

    /** Lets a server ask to run the person's model (or stops it); off by default. */
    async setSampling(serverId: string, enabled: boolean): Promise<boolean> {
      const session = await sessionOf(serverId);
      session.samplingEnabled = enabled;
      await context.store.set({ [storageKeys.sampling(serverId)]: enabled });
      session.announce();
      return enabled;
    },
  };
}
