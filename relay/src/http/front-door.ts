/**
 * The relay's standard MCP front door, as one fetch-shaped handler: Streamable HTTP at `/mcp`
 * (2025 sessions and 2026-07-28 requests), legacy HTTP+SSE at `GET /sse` + `POST /message`,
 * `GET /tools`, `GET /health`, `GET /metrics` (when enabled) and `/.well-known/mcp-config`, with
 * CORS and bearer tokens. Which browser a request reaches: the user's only one, or the one
 * named by the `X-Patchbay-Extension` header or the `extension` query parameter; one that just
 * left is waited for during the grace period (browsers/browser-return.ts). MCP itself is the
 * extension's: the relay forwards messages and shapes their HTTP.
 */
import {
  isInitializeRequest,
  isLegacyRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import type { BrowserReturns } from '../browsers/browser-return.js';
import { pickExtension, type Directory } from '../browsers/directory.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import { INVALID_REQUEST, METHOD_NOT_FOUND, RELAY_ERROR } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import type { RelayMetrics } from '../monitoring/metrics.js';
import { RateLimitPerUser } from '../access/rate-limit.js';
import type { TokenClaims, Verifier } from '../access/tokens.js';
import { authenticate } from './bearer.js';
import { preflight, withCors } from './cors.js';
import { jsonBodyOf } from './json-body.js';
import { LegacySseSessions } from './legacy-sse.js';
import { MCP_CONFIG, MCP_CONFIG_PATHS } from './mcp-config.js';
import { forwardModern, MODERN_VERSIONS } from './modern-exchange.js';
import { healthResponse, type RelayHealth } from './health.js';
import { json, rpcError } from './responses.js';
import { forwardedOf, type ForwardedRequest, type SessionSharing } from './session-sharing.js';
import { StreamableSessions } from './streamable-sessions.js';
import { ListingError, listTools } from './tools-listing.js';

export interface FrontDoorOptions {
  directory: Directory;
  verifier: Verifier;
  log: Logger;
  /** What `/health` reports besides the HTTP sessions. */
  health(): RelayHealth;
  /** Requests for a browser that just left wait for it (browsers/browser-return.ts). */
  returns?: BrowserReturns;
  /** What is counted for `/metrics`; served only when `serveMetrics`. */
  metrics?: RelayMetrics;
  serveMetrics?: boolean;
  maxBodyBytes?: number;
  ssePingMs?: number;
  /** Legacy SSE streams one user may hold at once (default 32). */
  maxSseStreamsPerUser?: number;
  /** Requests a second one user may send (twice as many at once; default 50). */
  requestsPerSecond?: number;
  /**
   * Requests without an Authorization header act as this user. For test harnesses that cannot
   * send headers (the MCP conformance suite) on loopback; never offered on the command line.
   */
  anonymousUser?: string;
  /** HTTP sessions shared with other instances (Redis): no affinity needed. */
  sharing?: SessionSharing;
}

export type { RelayHealth } from './health.js';

export interface FrontDoor {
  /** HTTP sessions open: 2025 Streamable HTTP sessions and legacy SSE streams. */
  sessions(): { streamable: number; sse: number };
  fetch(request: Request): Promise<Response>;
  close(): void;
}

export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  const { directory, verifier, log } = options;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const { sharing } = options;
  const events = sharing && {
    opened: (id: string, claims: TokenClaims) => sharing.opened(id, claims),
    closed: (id: string) => sharing.closed(id),
  };
  const streamable = new StreamableSessions(log, maxBodyBytes, undefined, events);
  const sse = new LegacySseSessions(log, options.ssePingMs, events);
  sharing?.heldSessions(() => [...streamable.held(), ...sse.held()]);
  sharing?.serve(served);
  const maxSseStreams = options.maxSseStreamsPerUser ?? 32;
  const requestsPerSecond = options.requestsPerSecond ?? 50;
  const rate = new RateLimitPerUser(requestsPerSecond);
  // A token revoked in the deny list ends the HTTP sessions that used it, as it does sockets.
  verifier.denyList.onChange(() => {
    const revoked = (claims: TokenClaims) => verifier.denyList.denies(claims);
    streamable.endWhere(revoked);
    sse.endWhere(revoked);
  });

  /** The browser a request means, or the response saying why there is none. */
  async function browserFor(
    request: Request,
    claims: TokenClaims,
  ): Promise<ExtensionPort | Response> {
    const named =
      request.headers.get('x-patchbay-extension') ??
      new URL(request.url).searchParams.get('extension') ??
      undefined;
    // Not there (or not the one named): while a browser the request means is due back, wait.
    const pick = async () => {
      const picked = await pickExtension(directory, claims.user, named);
      return 'error' in picked && picked.reason !== 'ambiguous' ? undefined : picked;
    };
    const { returns } = options;
    const outcome = { waited: false };
    const picked =
      (returns
        ? await returns.wait(claims.user, named, pick, request.signal, outcome)
        : await pick()) ?? (await pickExtension(directory, claims.user, named));
    if (!('error' in picked)) return picked;
    const status = picked.reason === 'none' ? 503 : picked.reason === 'ambiguous' ? 400 : 404;
    // Waited for a browser that left and did not come back: say so, not just "none".
    const gone = outcome.waited && picked.reason !== 'ambiguous' && !request.signal.aborted;
    return rpcError(status, RELAY_ERROR, gone && returns ? returns.notBack() : picked.error);
  }

  const bodyOf = (request: Request) => jsonBodyOf(request, maxBodyBytes);

  /** A request for a session held by another instance: its answer from there, if one holds it. */
  async function elsewhere(
    sessionId: string,
    request: Request,
    claims: TokenClaims,
    body: unknown,
  ): Promise<Response | undefined> {
    return sharing?.forward(sessionId, forwardedOf(request, claims, body), request.signal);
  }

  /** A request another instance forwarded here, for a session held here (no forwarding on). */
  async function served(forwarded: ForwardedRequest, signal: AbortSignal): Promise<Response> {
    const { method, headers, body, claims } = forwarded;
    const request = new Request(new URL(forwarded.path, 'http://relay.invalid'), {
      method,
      headers,
      signal,
    });
    const sessionId = request.headers.get('mcp-session-id');
    const path = new URL(request.url).pathname;
    if (path === '/mcp' && sessionId) return streamable.continue(request, claims, sessionId, body);
    if (path === '/message') return sse.post(request, claims, body);
    return rpcError(404, RELAY_ERROR, 'Session not found.');
  }

  async function mcp(request: Request, claims: TokenClaims): Promise<Response> {
    let body: unknown;
    if (request.method === 'POST') {
      const read = await bodyOf(request);
      if (read instanceof Response) return read;
      body = read.body;
      if (!(await isLegacyRequest(request, body))) {
        options.metrics?.requests.inc({ transport: 'modern' });
        const port = await browserFor(request, claims);
        return port instanceof Response ? port : forwardModern(request, body, port, claims, log);
      }
    }
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return rpcError(
        400,
        INVALID_REQUEST,
        `Bad Request: unsupported protocol version ${version}.`,
        {
          data: {
            supported: [...SUPPORTED_PROTOCOL_VERSIONS, ...MODERN_VERSIONS],
            requested: version,
          },
        },
      );
    }
    options.metrics?.requests.inc({ transport: 'streamable' });
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId) {
      const there = streamable.holds(sessionId)
        ? undefined
        : await elsewhere(sessionId, request, claims, body);
      return there ?? streamable.continue(request, claims, sessionId, body);
    }
    const initialize = Array.isArray(body)
      ? body.some(isInitializeRequest)
      : isInitializeRequest(body);
    if (!initialize) return StreamableSessions.needsSession(request);
    const port = await browserFor(request, claims);
    return port instanceof Response ? port : streamable.open(request, claims, port, body);
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname: path } = url;
    const method = request.method;
    if (path === '/health' && (method === 'GET' || method === 'HEAD'))
      return healthResponse(options.health(), { streamable: streamable.size, sse: sse.size });
    if (path === '/metrics' && options.serveMetrics && options.metrics && method === 'GET') {
      return new Response(options.metrics.render(), {
        headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' },
      });
    }
    if (MCP_CONFIG_PATHS.includes(path) && method === 'GET') return json(MCP_CONFIG);
    const endpoint =
      path === '/mcp'
        ? ['GET', 'POST', 'DELETE']
        : path === '/sse' || path === '/tools'
          ? ['GET']
          : path === '/message'
            ? ['POST']
            : undefined;
    if (!endpoint) return rpcError(404, RELAY_ERROR, `Nothing at ${method} ${path}.`);
    if (!endpoint.includes(method)) {
      return rpcError(405, METHOD_NOT_FOUND, `HTTP method ${method} not allowed at ${path}.`, {
        headers: { Allow: endpoint.join(', ') },
      });
    }
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
    if (path === '/mcp') return mcp(request, claims);
    if (path === '/message') {
      options.metrics?.requests.inc({ transport: 'sse' });
      const read = await bodyOf(request);
      if (read instanceof Response) return read;
      const sessionId = url.searchParams.get('sessionId');
      const there =
        sessionId === null || sse.holds(sessionId)
          ? undefined
          : await elsewhere(sessionId, request, claims, read.body);
      return there ?? sse.post(request, claims, read.body);
    }
    if (path === '/sse' && sse.countOf(claims.user) >= maxSseStreams) {
      return rpcError(
        429,
        RELAY_ERROR,
        `Too many streams: a user may hold ${maxSseStreams} at once; close one first.`,
      );
    }
    options.metrics?.requests.inc({ transport: path === '/sse' ? 'sse' : 'tools' });
    const port = await browserFor(request, claims);
    if (port instanceof Response) return port;
    if (path === '/sse') return sse.open(request, claims, port);
    try {
      return json({ tools: await listTools(port, claims) });
    } catch (error) {
      if (!(error instanceof ListingError)) throw error;
      return rpcError(502, RELAY_ERROR, error.message);
    }
  }

  return {
    async fetch(request) {
      if (request.method === 'OPTIONS') return preflight(request);
      const response = await route(request);
      if (response.status >= 400) options.metrics?.errors.inc({ status: String(response.status) });
      return withCors(response, request);
    },
    sessions: () => ({ streamable: streamable.size, sse: sse.size }),
    close() {
      streamable.close();
      sse.close();
    },
  };
}
