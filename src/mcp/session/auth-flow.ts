import { ConnectionError, userMessage } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import type { ServerStatus } from '../../messaging/contract';
import { AuthSession, REFRESH_ALARM_PREFIX } from '../../oauth/session';
import { toConnectionError } from '../classify-error';
import { openConnection } from '../connection';
import { headersOf, type ServerConfig } from '../catalog';
import { createOAuthFetch } from '../../oauth/oauth-fetch';
import { createServerFetch } from '../server-fetch';
import { blockedSite } from '../../errors/blocked-site';
import { learnSignInSites } from './sign-in-sites';
import { patternHost } from '../../permissions/match-pattern';
import type { SessionContext } from './context';
import type { SessionState } from './session-state';
import { refreshUnreachable, signInExpired, signInNeeded, signInRefused } from './status';
import { clientIdNeeded, registersNoApps, signInFailure } from './sign-in-failure';

/** When the authorization server is unreachable, try the refresh again after this long. */
const REFRESH_RETRY_MS = 60_000;

/**
 * How a server session's OAuth state meets its status: refresh, sign-in, step-up and what a
 * 401/403 means. The OAuth mechanics themselves live in `src/oauth/` (the SDK's `auth()`).
 */

/**
 * Refreshes the server's tokens, moving through `token-refresh`. One refresh at a time per
 * server, shared by the alarm path and the 401 path. A rejected refresh token leaves the server
 * enabled and configured, in `invalid-token`, ready for one-click sign-in.
 */
export function refreshTokens(session: SessionState): Promise<boolean> {
  if (!session.refreshing) {
    const refreshing: Promise<boolean> = runRefresh(session).finally(() => {
      if (session.refreshing === refreshing) session.refreshing = undefined;
    });
    session.refreshing = refreshing;
  }
  return session.refreshing;
}

async function runRefresh(session: SessionState): Promise<boolean> {
  const previous = session.status;
  const release = session.context.keepAlive.hold();
  session.setStatus({ state: 'token-refresh' });
  // What the status is once the refresh is over, from the session itself, not a saved copy.
  const settled = (): ServerStatus =>
    session.isConnected
      ? { state: 'connected' }
      : !session.isEnabled
        ? { state: 'disconnected' }
        : session.isConnecting
          ? { state: 'connecting' }
          : previous;
  const wasUnreachable = session.renewalUnreachable;
  try {
    const outcome = await session.auth.refresh();
    session.renewalUnreachable = outcome === 'unreachable';
    if (outcome === 'refreshed') {
      // A token the server refused while the authorization server was down left it unconnected.
      if (wasUnreachable && session.isEnabled && !session.isConnected && !session.isConnecting) {
        session.startConnecting();
      } else {
        session.setStatus(settled());
      }
      return true;
    }
    const blocked = outcome === 'unreachable' ? session.auth.refreshBlockedAt : undefined;
    if (blocked) {
      // Not an outage: Chrome has not allowed the sign-in server's site. Waiting cannot change
      // that; the grant reconnects (site-access.ts), and the connection refreshes first.
      session.renewalUnreachable = false;
      session.setStatus({
        state: 'error',
        error: `Patchbay may not reach ${patternHost(blocked)} yet: Chrome asks you first. Allow access to renew your sign-in to ${session.config.name}.`,
        needsAccess: [blocked],
      });
      return false;
    }
    if (outcome === 'unreachable') {
      session.setStatus(settled());
      await session.context.alarms.schedule(
        `${REFRESH_ALARM_PREFIX}${session.id}`,
        Date.now() + REFRESH_RETRY_MS,
      );
      return false;
    }
    session.setStatus(signInExpired(session.config.name));
    return false;
  } finally {
    release();
  }
}

/**
 * Before a connection opens with an expired access token: refreshes it, or throws why the
 * connection cannot open (the sign-in ended, or the authorization server could not be reached,
 * which `isCurrent` attempts also say in the status).
 */
export async function refreshBeforeConnecting(
  session: SessionState,
  isCurrent: () => boolean,
): Promise<void> {
  if (!session.auth.tokens || !session.auth.isExpired() || (await refreshTokens(session))) return;
  const { config, status } = session;
  if (!session.auth.tokens) {
    throw new PatchbayError('auth-required', status.error ?? signInNeeded(config.name).error ?? '');
  }
  // The sign-in server's site is not allowed: the status says so, and the grant reconnects.
  if (status.needsAccess) throw new PatchbayError('connection-failed', status.error ?? '');
  // The authorization server could not be reached; the sign-in itself may still be fine.
  const message = refreshUnreachable(config.name);
  if (isCurrent()) session.setStatus({ state: 'error', error: message });
  throw new PatchbayError('connection-failed', message, { retryable: true });
}

/** A 401 or 403 from the server: sign-in needed, expired, or too narrow. */
export function authFailed(session: SessionState, error: ConnectionError): void {
  const challenge = error.details.challenge;
  if (challenge) session.lastChallenge = challenge;
  if (session.status.state === 'invalid-token') return; // a failed refresh already said why
  const { config } = session;
  if (session.auth.tokens && session.renewalUnreachable) {
    // The fetch tried a refresh and could not reach the authorization server: the sign-in may
    // well be fine, and the refresh alarm tries again.
    session.setStatus({ state: 'error', error: refreshUnreachable(config.name) });
    return;
  }
  if (session.auth.tokens) {
    // The fetch already tried a refresh: the sign-in is no longer accepted.
    session.setStatus(signInRefused(config.name, error.details.status));
    return;
  }
  // A 401 from a server given no headers wants a sign-in even without saying where; a bare 403
  // refuses the request, which a sign-in may not change.
  const isBearerChallenge =
    Boolean(challenge?.resourceMetadataUrl) ||
    (error.details.status !== 403 && !config.headers?.length);
  if (isBearerChallenge) {
    session.authDemanded = true;
    session.setStatus(signInNeeded(config.name));
    void learnSignInSites(session);
    return;
  }
  session.setStatus({ state: 'needs-auth', error: userMessage(error, config.name, config.url) });
}

/**
 * Asks the server for its WWW-Authenticate challenge: its `resource_metadata` may be the only
 * way to find the authorization server, and its `scope` is what to ask for.
 */
async function probeChallenge(session: SessionState): Promise<void> {
  const { config, context } = session;
  try {
    const connection = await openConnection({
      url: config.url,
      headers: headersOf(config),
      ...(session.transport ? { transport: session.transport } : {}),
      ...(context.fetch ? { fetch: context.fetch } : {}),
    });
    await connection.close({ terminate: true }); // it did not need a sign-in after all
  } catch (error) {
    const challenge = toConnectionError(error).details.challenge;
    if (challenge) session.lastChallenge = challenge;
  }
}

/**
 * Signs in through the browser window. A step-up (wider scopes for a connected server) keeps
 * the connection's status when it fails; a first sign-in says why in `needs-auth`.
 */
export async function signInWith(
  session: SessionState,
  { scope, stepUp = false }: { scope?: string; stepUp?: boolean },
): Promise<void> {
  const { config } = session;
  const previous = session.status;
  const release = session.context.keepAlive.hold();
  session.setStatus({ state: stepUp ? 'authorizing' : 'registering' });
  try {
    if (!stepUp && !session.lastChallenge) await probeChallenge(session);
    const challengeScope = scope ?? session.lastChallenge?.scope;
    await session.auth.signIn({
      ...(challengeScope ? { scope: challengeScope } : {}),
      ...(session.lastChallenge?.resourceMetadataUrl
        ? { resourceMetadataUrl: session.lastChallenge.resourceMetadataUrl }
        : {}),
      stepUp,
      onAuthorizing: (authorizationUrl) => {
        // Where the person is about to sign in, shown in the panel as the window opens.
        session.signInHost = authorizationUrl.host;
        session.setStatus({ state: 'authorizing' }, { announce: true });
      },
    });
    session.lastChallenge = undefined;
    session.signInHost = undefined;
    session.renewalUnreachable = false; // new tokens: an earlier renewal's outage is no longer theirs
    // The server may have been switched off while the window was open.
    session.setStatus(
      !session.isEnabled
        ? { state: 'disconnected' }
        : stepUp && session.isConnected
          ? { state: 'connected' }
          : { state: 'authenticated' },
    );
  } catch (error) {
    const failure = signInFailure(error, config.name, config.url);
    const blocked = blockedSite(error);
    const noRegistration = registersNoApps(error);
    session.signInHost = undefined;
    session.setStatus(
      !session.isEnabled
        ? { state: 'disconnected' }
        : stepUp && session.isConnected
          ? previous
          : {
              state: session.auth.tokens ? 'invalid-token' : 'needs-auth',
              error: noRegistration
                ? clientIdNeeded(config, session.context.identity.redirectUrl())
                : failure.message,
              ...(blocked ? { needsAccess: [blocked] } : {}),
              ...(noRegistration && !config.oauth?.clientId
                ? { needsClientId: true as const }
                : {}),
            },
    );
    throw failure;
  } finally {
    release();
  }
}

/** The OAuth state of one server, over the context's storage, identity and alarms. */
export function createAuthSession(config: ServerConfig, context: SessionContext): AuthSession {
  return new AuthSession({
    serverId: config.id,
    serverUrl: config.url,
    store: context.store,
    identity: context.identity,
    alarms: context.alarms,
    // Discovery, registration and token requests: custom headers only to the server's origin.
    fetch: createServerFetch({
      serverUrl: new URL(config.url),
      headers: headersOf(config),
      baseFetch: createOAuthFetch(context.fetch ?? ((url, init) => fetch(url, init))),
      passesRefusals: true,
    }),
    ...(config.oauth?.clientId
      ? {
          preRegistered: {
            clientId: config.oauth.clientId,
            ...(config.oauth.clientSecret ? { clientSecret: config.oauth.clientSecret } : {}),
          },
        }
      : {}),
    ...(config.oauth?.scopes?.length ? { defaultScopes: config.oauth.scopes } : {}),
    ...(context.clientMetadataUrl ? { clientMetadataUrl: context.clientMetadataUrl } : {}),
    ...(context.signInTimeoutMs ? { signInTimeoutMs: context.signInTimeoutMs } : {}),
  });
}
