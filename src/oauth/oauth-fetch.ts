import type { FetchLike } from '../net/fetch-like';
import { repairDiscoveryAnswer } from './discovery-repairs';

/** How long one request to an authorization server may take. */
export const OAUTH_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The fetch for authorization servers. Every request has a deadline, so a server that never
 * answers cannot hold a sign-in, refresh or sign-out forever. POSTs (registration, token,
 * revocation) never follow redirects: a redirect would carry client credentials, codes or
 * tokens to wherever it points. Metadata answers a client can read past are repaired
 * (discovery-repairs.ts).
 */
export function createOAuthFetch(
  base: FetchLike,
  timeoutMs: number = OAUTH_REQUEST_TIMEOUT_MS,
): FetchLike {
  return (url, init = {}) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const isPost = (init.method ?? 'GET').toUpperCase() === 'POST';
    if (isPost) return base(url, { ...init, signal, redirect: 'error' });
    const target = url instanceof URL ? url : new URL(url);
    return base(url, { ...init, signal }).then((response) =>
      repairDiscoveryAnswer(target, response),
    );
  };
}
