/**
 * The doctor's rows over a real connection: the live one, or one opened for the check alone
 * when the server is switched off. A ping (its time is the health check's latency), the
 * transport and protocol it speaks, an authenticated call when signed in, and a refresh when a
 * refresh token is held (the one row that changes stored credentials).
 */
import { userMessage } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import { toConnectionError } from '../classify-error';
import type { Connection, TransportKind } from '../connection';
import { refreshTokens } from '../session/auth-flow';
import type { ServerSession } from '../session/server-session';
import { refreshUnreachable, signInNeeded } from '../session/status';
import { withShortLivedConnection } from '../short-lived-connection';
import { redactUrl, step, type DoctorStep } from './steps';

export interface Connected {
  steps: DoctorStep[];
  /** The ping was answered. */
  ok: boolean;
  latencyMs?: number;
  /** Why there is no connection, when no row failed (a sign-in is needed). */
  error?: string;
  transport?: TransportKind;
}

/** `signInFirst`: the server wants a sign-in Patchbay does not hold; nothing is tried. */
export async function connectionSteps(
  session: ServerSession,
  signInFirst: boolean,
): Promise<Connected> {
  const { config } = session;
  const name = 'Connection';
  if (signInFirst) {
    const sentence = signInNeeded(config.name).error ?? '';
    const steps = [step({ name, verdict: 'skip', sentence }), lastTransport(session)];
    return { ok: false, error: sentence, steps };
  }
  const connected: Connected = { ok: false, steps: [] };
  const started = performance.now();
  const work = async (connection: Connection) => {
    connected.steps = []; // a request sent again on a fresh connection starts the rows over
    await connection.ping();
    const ms = Math.round(performance.now() - started);
    Object.assign(connected, { ok: true, latencyMs: ms, transport: connection.transport });
    const kind = TRANSPORTS[connection.transport];
    const version = connection.protocolVersion ? `, MCP ${connection.protocolVersion}` : '';
    connected.steps.push(
      step({ name, ms, verdict: 'ok', sentence: 'It answered a ping.' }),
      step({ name: 'Transport', verdict: 'ok', sentence: `${kind}${version}.` }),
    );
    if (session.auth.tokens) connected.steps.push(await signedInCall(connection, config));
  };
  try {
    if (session.isEnabled) await session.withConnection(work);
    else await withShortLivedConnection(session, work);
  } catch (error) {
    const sentence = PatchbayError.isInstance(error)
      ? error.message
      : userMessage(toConnectionError(error), config.name, redactUrl(config.url));
    const ms = Math.round(performance.now() - started);
    connected.steps.push(step({ name, ms, verdict: 'fail', sentence }), lastTransport(session));
  }
  if (session.auth.tokens?.refresh_token) connected.steps.push(await refreshStep(session));
  return connected;
}

const TRANSPORTS = { 'streamable-http': 'Streamable HTTP', sse: 'HTTP+SSE' } as const;

/** Without a connection: the transport and era the session found last, if it did. */
function lastTransport(session: ServerSession): DoctorStep {
  const era = session.era ? `, ${session.era.verdict.kind === 'modern' ? '2026' : '2025'} era` : '';
  const found = session.transport && `${TRANSPORTS[session.transport]}${era}, as last found.`;
  return step({ name: 'Transport', verdict: 'skip', sentence: found || 'Not known yet.' });
}

async function signedInCall(
  connection: Connection,
  config: { name: string; url: string },
): Promise<DoctorStep> {
  const name = 'Signed-in call';
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  try {
    const { tools } = await connection.client.listTools();
    const sentence = `tools/list with your sign-in: ${tools.length} tools.`;
    return step({ name, ms: since(), verdict: 'ok', sentence });
  } catch (error) {
    const sentence = userMessage(toConnectionError(error), config.name, redactUrl(config.url));
    return step({ name, ms: since(), verdict: 'fail', sentence });
  }
}

async function refreshStep(session: ServerSession): Promise<DoctorStep> {
  const name = 'Refresh';
  const started = performance.now();
  const renewed = await refreshTokens(session);
  const ms = Math.round(performance.now() - started);
  if (renewed) return step({ name, ms, verdict: 'ok', sentence: 'A new access token came.' });
  return step({
    name,
    ms,
    verdict: 'fail',
    sentence: session.renewalUnreachable
      ? refreshUnreachable(session.config.name)
      : (session.status.error ?? 'It was refused.'),
    fix: 'Check the refresh tokens’ lifetime and rotation.',
  });
}
