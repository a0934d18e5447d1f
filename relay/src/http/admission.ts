/**
 * Who a request to an endpoint behind a token comes from: its bearer token's claims (or the
 * test harnesses' anonymous user), and no more requests a second than a user may send.
 */
import { RateLimitPerUser } from '../access/rate-limit.js';
import type { TokenClaims, Verifier } from '../access/tokens.js';
import type { Logger } from '../monitoring/log.js';
import { RELAY_ERROR } from '../wire/jsonrpc.js';
import { authenticate } from './bearer.js';
import { rpcError } from './responses.js';

export interface AdmissionOptions {
  verifier: Verifier;
  log: Logger;
  /** Requests a second one user may send (twice as many at once). */
  requestsPerSecond: number;
  /** See FrontDoorOptions.anonymousUser: tests only. */
  anonymousUser?: string;
}

/** The request's claims, or the response refusing it (401, 429). */
export function admission(
  options: AdmissionOptions,
): (request: Request) => Promise<TokenClaims | Response> {
  const { verifier, log, requestsPerSecond } = options;
  const rate = new RateLimitPerUser(requestsPerSecond);
  return async (request) => {
    const claims =
      options.anonymousUser !== undefined && !request.headers.has('authorization')
        ? { user: options.anonymousUser, tokenId: 'anonymous', role: 'client' as const }
        : await authenticate(request, verifier);
    if (claims instanceof Response) return claims;
    const waitMs = rate.take(claims.user);
    if (waitMs > 0) {
      log.debug('http.rate_limited', { user: claims.user });
      return rpcError(
        429,
        RELAY_ERROR,
        `Rate limit exceeded: at most ${requestsPerSecond} requests a second; slow down.`,
        { headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) } },
      );
    }
    return claims;
  };
}
