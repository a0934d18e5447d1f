import { preloadSchemas } from '@modelcontextprotocol/client';
import { AuthSession } from '../../oauth/session';
import type { ServerRegistry } from '../registry';
import { storageKeys } from '../storage-keys';
import type { SessionContext } from './context';
import { ServerSession } from './server-session';

/**
 * Every server's session as storage left it (the worker may have just started), put in
 * `sessions` as soon as it exists (so that closing everything reaches one already connecting),
 * with the enabled ones connecting and their refresh alarms made again.
 */
export async function restoreSessions(
  registry: ServerRegistry,
  context: SessionContext,
  sessions: Map<string, ServerSession>,
): Promise<void> {
  const loading = registry.load();
  // The SDK builds its wire schemas on first use; a worker woken by a tool call would pay
  // for that inside the call. Built here, it overlaps reading storage instead.
  preloadSchemas();
  const configs = await loading;
  // Everything the sessions need, in one read: a worker woken by a tool call is waiting.
  const keys = configs.flatMap(({ id }) => [
    storageKeys.enabled(id),
    storageKeys.disabledTools(id),
    storageKeys.transport(id),
    storageKeys.era(id),
    storageKeys.sampling(id),
    // A 2025-era session the stopped worker left open is resumed rather than forgotten: the
    // spec's "not reused by a new client" guards against a client that skipped initialize
    // lacking what it settled, and Patchbay restores exactly that (see resume-session.ts).
    storageKeys.sessionId(id),
    storageKeys.handshake(id),
    ...AuthSession.storageKeys(id),
  ]);
  const stored = await context.store.getMany(keys);
  for (const config of configs) {
    const session = new ServerSession(config, context);
    session.restore(stored);
    sessions.set(config.id, session);
  }
  await Promise.all([...sessions.values()].map((session) => session.auth.restore(stored)));
  for (const session of sessions.values()) {
    if (session.isEnabled) session.startConnecting();
  }
  // Alarms may not survive a restart; re-creating them need not hold up the connections.
  await Promise.all(
    [...sessions.values()].map((session) =>
      session.auth.tokens ? session.auth.scheduleRefresh() : undefined,
    ),
  );
}
