import { userMessage } from '../errors/connection-error';
import type { AddServerPayload, GlobalResults, ServerResults } from '../messaging/contract';
import { toConnectionError } from './classify-error';
import { openConnection } from './connection';
import { validateCustomServerInput } from './custom-server-input';
import type { SessionContext } from './session/context';
import { listAllTools } from './list-tools';
import type { ServerSession } from './session/server-session';

/**
 * "Test connection" before saving: connects with what the form holds, lists the tools, and
 * closes again. Nothing is stored.
 */
export async function testConnection(
  context: SessionContext,
  input: Omit<AddServerPayload, 'name'> & { name?: string },
): Promise<GlobalResults['mcp/servers/test']> {
  const fields = validateCustomServerInput({ ...input, name: input.name?.trim() || 'Test' }, []);
  const name = input.name?.trim() || new URL(fields.url).host;
  const release = context.keepAlive.hold();
  const started = performance.now();
  try {
    const connection = await openConnection({
      url: fields.url,
      headers: Object.fromEntries((fields.headers ?? []).map(({ key, value }) => [key, value])),
      ...(context.fetch ? { fetch: context.fetch } : {}),
      ...(context.connectTimeoutMs ? { connectTimeoutMs: context.connectTimeoutMs } : {}),
    });
    try {
      const { tools } = await listAllTools(connection);
      return {
        ok: true,
        transport: connection.transport,
        toolCount: tools.length,
        latencyMs: Math.round(performance.now() - started),
      };
    } finally {
      await connection.close({ terminate: true });
    }
  } catch (error) {
    const connectionError = toConnectionError(error);
    if (
      connectionError.kind === 'auth' &&
      (connectionError.details.challenge?.resourceMetadataUrl || !fields.headers?.length)
    ) {
      return {
        ok: false,
        needsSignIn: true,
        error: `${name} needs a sign-in. Save it, then click Sign in.`,
      };
    }
    return { ok: false, error: userMessage(connectionError, name, fields.url) };
  } finally {
    release();
  }
}

/**
 * The health check: the connection doctor (src/mcp/doctor/), whose ping over the live
 * connection (or a short-lived one when the server is switched off) gives ok and latency.
 */
export async function healthCheck(session: ServerSession): Promise<ServerResults['health/check']> {
  const release = session.context.keepAlive.hold();
  try {
    const { runDoctor } = await import('./doctor/run');
    return await runDoctor(session);
  } finally {
    release();
  }
}
