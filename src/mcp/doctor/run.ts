/**
 * The connection doctor: the whole chain from the address to a signed-in call, one row per
 * step (steps.ts), run when the person clicks Check on a server's card. Its ok and latency are
 * the health check's (a ping); its first failing row's sentence is the card's `error`.
 */
import type { ServerResults } from '../../messaging/contract';
import type { ServerSession } from '../session/server-session';
import { addressSteps } from './address';
import { oauthSteps } from './oauth-discovery';
import { probeReach } from './reach';
import { connectionSteps, type Connected } from './signed-in';
import { failed, reportText, scrubbed, type DoctorStep } from './steps';
import { streamStep } from './stream-step';

export async function runDoctor(session: ServerSession): Promise<ServerResults['health/check']> {
  const { config, context } = session;
  const started = performance.now();
  const secrets = secretsOf(session);
  const steps: DoctorStep[] = await addressSteps(config, context.hostAccess);
  let connected: Connected | undefined;
  if (!failed(steps)) {
    const reach = await probeReach(session);
    steps.push(reach.step);
    const signedIn = session.auth.tokens !== undefined;
    const wantsSignIn = reach.challenge !== undefined || session.needsSignIn();
    if (wantsSignIn || signedIn || config.requiresAuthentication)
      steps.push(...(await oauthSteps(session, reach.challenge)));
    if (reach.answered) {
      connected = await connectionSteps(session, wantsSignIn && !signedIn);
      steps.push(...connected.steps);
      // An answer to time: MCP's own (not a 401 or a refusal), or the older transport's stream.
      const legacySse = connected.transport === 'sse';
      if (legacySse || (reach.step.status ?? 0) < 300)
        steps.push(streamStep(reach.timing, legacySse));
    }
  }
  // Tokens a refresh replaced count as well as the new ones.
  const clean = scrubbed(steps, [...secrets, ...secretsOf(session)]);
  const error = failed(clean)?.sentence ?? (connected?.ok ? undefined : connected?.error);
  return {
    ok: connected?.ok ?? false,
    latencyMs: connected?.latencyMs ?? Math.round(performance.now() - started),
    ...(error ? { error } : {}),
    steps: clean,
    report: reportText(config, clean, new Date()),
  };
}

/** What must never reach the report: header values, tokens, the client secret. */
function secretsOf(session: ServerSession): string[] {
  const { config, auth } = session;
  const tokens = auth.tokens as Record<string, unknown> | undefined;
  return [
    ...(config.headers ?? []).map((header) => header.value),
    config.oauth?.clientSecret,
    tokens?.access_token,
    tokens?.refresh_token,
    tokens?.id_token,
  ].filter((secret): secret is string => typeof secret === 'string');
}
