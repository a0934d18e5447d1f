/**
 * HTTP sessions (2025 Streamable HTTP, legacy SSE) without affinity: the instance that opened a
 * session holds it, says so in Redis, and a request for it landing on another instance is
 * forwarded to the holder, whose answer (a JSON body, an SSE stream) is relayed back. The front
 * door sees this seam only; redis/session-records.ts and redis/instance-exchanges.ts implement it.
 */
import type { TokenClaims } from '../access/tokens.js';

/** A request forwarded to the instance holding its session: no token, only its claims. */
export interface ForwardedRequest {
  method: string;
  /** Path and query, e.g. `/message?sessionId=…`. */
  path: string;
  /** The headers the session's transport reads (never Authorization or cookies). */
  headers: Record<string, string>;
  /** The parsed JSON body of a POST. */
  body?: unknown;
  claims: TokenClaims;
}

/** Headers a forwarded request keeps. */
export const FORWARDED_HEADERS = [
  'accept',
  'content-type',
  'last-event-id',
  'mcp-method',
  'mcp-name',
  'mcp-protocol-version',
  'mcp-session-id',
  'x-patchbay-extension',
];

export function forwardedOf(
  request: Request,
  claims: TokenClaims,
  body: unknown,
): ForwardedRequest {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { method: request.method, path: url.pathname + url.search, headers, body, claims };
}

/** What a session store tells as its sessions open and end. */
export interface SessionEvents {
  opened?(sessionId: string, claims: TokenClaims): void;
  closed?(sessionId: string): void;
}

export interface SessionSharing {
  /** A session opened here: other instances forward its requests here from now on. */
  opened(sessionId: string, claims: TokenClaims): void;
  /** A session here ended. */
  closed(sessionId: string): void;
  /**
   * A request for a session this instance does not hold: forwarded to the instance that does,
   * answered with its response; a clear error when it cannot be reached, or `undefined` when no
   * instance holds the session (the caller answers 404 as for any unknown session).
   */
  forward(
    sessionId: string,
    request: ForwardedRequest,
    signal: AbortSignal,
  ): Promise<Response | undefined>;
  /** How this instance serves requests forwarded to it (set by the front door). */
  serve(handler: (request: ForwardedRequest, signal: AbortSignal) => Promise<Response>): void;
  /** Every session held here, to register again after Redis lost them (set by the front door). */
  heldSessions(list: () => Iterable<[string, TokenClaims]>): void;
}
