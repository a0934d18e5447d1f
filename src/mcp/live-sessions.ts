/**
 * The manager's live sessions, one per server: restored from storage once per worker start
 * (restore-sessions.ts), the tasks a stopped worker left followed again once they are back.
 */
import { notFound } from '../errors/patchbay-error';
import type { ServerConfig } from './catalog';
import type { ServerRegistry } from './registry';
import type { SessionContext } from './session/context';
import { restoreSessions } from './session/restore-sessions';
import type { ServerSession } from './session/server-session';
import type { TaskKeeper } from './tasks/task-keeper';

export function createLiveSessions(
  registry: ServerRegistry,
  context: SessionContext,
  tasks: TaskKeeper,
) {
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

  const shutDownAll = () =>
    Promise.all([...sessions.values()].map((session) => session.shutDown({ terminate: false })));

  return {
    init,
    get: (serverId: string) => sessions.get(serverId),
    values: () => sessions.values(),

    async sessionOf(serverId: string): Promise<ServerSession> {
      await init();
      const session = sessions.get(serverId);
      if (!session)
        throw notFound(`There is no server with id "${serverId}". It may have been removed.`);
      return session;
    },

    /** Every session, once restored. */
    async all(): Promise<ServerSession[]> {
      await init();
      return [...sessions.values()];
    },

    add(session: ServerSession): void {
      sessions.set(session.config.id, session);
    },

    delete(serverId: string): void {
      sessions.delete(serverId);
    },

    configsExcept(serverId?: string): ServerConfig[] {
      return [...sessions.values()]
        .filter((session) => session.id !== serverId)
        .map((session) => session.config);
    },

    /** Task-augmented calls, once stored tasks are followed again (src/mcp/tasks/). */
    async taskKeeper(): Promise<TaskKeeper> {
      await init();
      await resumed;
      return tasks;
    },

    /** Follows again the tasks of servers back on (a server switched on again). */
    resumeTasks(): void {
      void tasks.resume((serverId) => sessions.get(serverId)).catch(() => undefined);
    },

    /** Reads every server from storage again (a restored backup or a synced change wrote it). */
    async reload(): Promise<void> {
      await init();
      await shutDownAll();
      sessions.clear();
      initialized = resumed = undefined;
      await init();
    },

    /** Closes every connection (tests and shutdown). */
    async closeAll(): Promise<void> {
      await shutDownAll();
    },
  };
}

export type LiveSessions = ReturnType<typeof createLiveSessions>;
