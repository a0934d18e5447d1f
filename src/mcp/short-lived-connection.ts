/**
 * One request to a server that is switched off, over a connection opened for it alone and
 * closed (its session ended) right after: what the person asked for by hand (a health check, a
 * Stop in Running tasks) reaches the server without switching it on.
 */
import { headersOf } from './catalog';
import { openConnection, type Connection } from './connection';
import type { ServerSession } from './session/server-session';

export async function withShortLivedConnection<T>(
  session: ServerSession,
  work: (connection: Connection) => Promise<T>,
): Promise<T> {
  const { config, context } = session;
  const connection = await openConnection({
    url: config.url,
    headers: headersOf(config),
    ...(session.auth.tokens ? { auth: session.bearerAuth() } : {}),
    ...(context.fetch ? { fetch: context.fetch } : {}),
    ...(context.connectTimeoutMs ? { connectTimeoutMs: context.connectTimeoutMs } : {}),
  });
  try {
    return await work(connection);
  } finally {
    await connection.close({ terminate: true }).catch(() => undefined);
  }
}
