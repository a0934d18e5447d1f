import type { ServerStatus } from '../../messaging/contract';

/**
 * The status sentences people see, and which statuses mean what. Kept here so the wording of
 * one state is written once.
 */

export function signInNeeded(serverName: string): ServerStatus {
  return { state: 'needs-auth', error: `Sign in to ${serverName} to use its tools.` };
}

export function signInExpired(serverName: string): ServerStatus {
  return {
    state: 'invalid-token',
    error: `Your sign-in to ${serverName} expired or was revoked. Sign in again to keep using its tools.`,
  };
}

export function signInRefused(serverName: string, status: number | undefined): ServerStatus {
  return {
    state: 'invalid-token',
    error: `${serverName} no longer accepts your sign-in (HTTP ${status ?? 401}). Sign in again.`,
  };
}

export function refreshUnreachable(serverName: string): string {
  return `Couldn't reach ${serverName}'s sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.`;
}

export function switchedOff(serverName: string): string {
  return `${serverName} is switched off. Switch it on to use its tools.`;
}

/**
 * Statuses that a lazy reconnect must not hammer: backoff or the Retry button handle them. A
 * server that refused Patchbay (401 or 403, `needs-auth`) waits for the person: a sign-in, an
 * edit or Retry; asking again as the pages look at tools would retry it many times a second.
 */
export function isFailing(status: ServerStatus): boolean {
  return (
    status.state === 'error' ||
    status.state === 'needs-auth' ||
    status.state === 'cloudflare-error' ||
    status.state === 'invalid-token'
  );
}

export function sameStatus(a: ServerStatus, b: ServerStatus): boolean {
  return (
    a.state === b.state &&
    a.error === b.error &&
    String(a.needsAccess ?? '') === String(b.needsAccess ?? '')
  );
}

/** A failure after the backoff ran out: what happened, and that Retry is now the person's. */
export function stoppedRetrying(message: string, attempts: number): string {
  return `${message} Patchbay tried ${attempts} more ${attempts === 1 ? 'time' : 'times'} and stopped; click Retry to try again.`;
}
