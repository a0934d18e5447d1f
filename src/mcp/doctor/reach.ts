/**
 * The doctor's Reach row: one `initialize` POST, sent as the session's first request goes (the
 * server's headers and the access token held, to the server's own origin), timed, and judged
 * (judge-answer.ts). A redirect on the same origin is followed as the server's fetch follows
 * it; a session the server opened for the check is ended at once.
 */
import { ConnectionError, userMessage } from '../../errors/connection-error';
import { headersOf } from '../catalog';
import { CONNECT_TIMEOUT_MS } from '../connection';
import type { FetchLike } from '../../net/fetch-like';
import type { ServerSession } from '../session/server-session';
import { judgeAnswer } from './judge-answer';
import type { Judged, Send } from './judged';
import { failureFix, requestFailure } from './request-failure';
import { redactUrl, step, type DoctorStep } from './steps';

export interface Reach extends Omit<Judged, 'verdict' | 'sentence' | 'fix'> {
  step: DoctorStep;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'Patchbay', version: '1' },
  },
});

export async function probeReach(session: ServerSession): Promise<Reach> {
  const { config, context } = session;
  const token = session.auth.accessToken();
  const custom = headersOf(config);
  const carriesSecrets = token !== undefined || Object.keys(custom).length > 0;
  const base: FetchLike = context.fetch ?? ((url, init) => fetch(url, init));
  let target = config.url;
  const send: Send = (init) =>
    base(target, {
      ...init,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...custom,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
      // A request carrying headers or a sign-in follows no redirect, as the server's fetch does.
      redirect: carriesSecrets ? 'manual' : 'follow',
      signal: AbortSignal.timeout(context.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
    });
  const words = (error: ConnectionError) => userMessage(error, config.name, redactUrl(config.url));
  const sentAt = performance.now();
  const since = () => Math.round(performance.now() - sentAt);
  let response: Response;
  try {
    response = await send({ method: 'POST', body: INITIALIZE });
    const moved = await sameOriginRedirect(base, response, config.url);
    if (moved) {
      target = moved;
      response = await send({ method: 'POST', body: INITIALIZE });
    }
  } catch (error) {
    const failure = requestFailure(error, config.url);
    const fix = failureFix(failure);
    const row = { name: 'Reach', url: target, ms: since(), sentence: words(failure) };
    return { answered: false, step: step({ ...row, verdict: 'fail', ...(fix ? { fix } : {}) }) };
  }
  const ms = since();
  const origin = `chrome-extension://${new URL(context.identity.redirectUrl()).hostname.split('.')[0]}`;
  const sent = { token: token !== undefined, headers: Object.keys(custom).length > 0 };
  const judged = await judgeAnswer(response, { send, words, sentAt, sent, origin });
  const sessionId = response.headers.get('mcp-session-id');
  if (sessionId)
    await send({ method: 'DELETE', headers: { 'mcp-session-id': sessionId } }).catch(
      () => undefined,
    );
  const { verdict, sentence, fix, ...reach } = judged;
  const contentType = response.headers.get('content-type');
  const seen = {
    name: 'Reach',
    url: response.redirected ? response.url : target,
    ms,
    ...(response.status ? { status: response.status } : {}),
    ...(contentType ? { contentType } : {}),
  };
  // Followed on the same origin, as the server's fetch does; saying the address saves a trip.
  const redirected = (target !== config.url || response.redirected) && verdict === 'ok';
  const moved = { verdict: 'warn' as const, fix: 'Give people the address it redirects to.' };
  return {
    ...reach,
    step: step({
      ...seen,
      verdict,
      sentence: redirected ? `${sentence} It redirects here.` : sentence,
      ...(fix ? { fix } : {}),
      ...(redirected ? moved : {}),
    }),
  };
}

/**
 * Where a redirect of the request leads, when that is another address on the same origin
 * (`/mcp` → 307 → `/mcp/`). A browser hides it from a `redirect: 'manual'` fetch, so it is
 * asked with a GET that carries nothing of the server's, as the server's fetch asks.
 */
async function sameOriginRedirect(
  base: FetchLike,
  response: Response,
  url: string,
): Promise<string | undefined> {
  const status = response.status;
  if (response.type !== 'opaqueredirect' && (status < 300 || status >= 400)) return undefined;
  await response.body?.cancel();
  let location = response.headers.get('location');
  if (!location) {
    const probe = await base(url, {
      headers: { accept: 'application/json, text/event-stream' },
      signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS),
    });
    await probe.body?.cancel();
    location = probe.redirected ? probe.url : null;
  }
  const moved = location ? new URL(location, url) : undefined;
  return moved && moved.origin === new URL(url).origin && moved.href !== url
    ? moved.href
    : undefined;
}
