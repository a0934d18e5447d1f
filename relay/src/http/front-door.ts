/**
 * The relay's standard MCP front door, as one fetch-shaped handler: Streamable HTTP at `/mcp`
 * (2025 sessions and 2026-07-28 requests), legacy HTTP+SSE at `GET /sse` + `POST /message`,
 * `GET /tools`, `GET /health`, `GET /metrics` (when enabled) and `/.well-known/mcp-config`, with
 * CORS and bearer tokens. Which browser a request reaches: the user's only one, or the one
 * named by the `X-Patchbay-Extension` header or the `extension` query parameter; one that just
 * left is waited for during the grace period (browsers/browser-return.ts). MCP itself is the
 * extension's: the relay forwards messages and shapes their HTTP.
 */
import type { BrowserReturns } from '../browsers/browser-return.js';
import type { Directory } from '../browsers/directory.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import { METHOD_NOT_FOUND, RELAY_ERROR } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import type { RelayMetrics } from '../monitoring/metrics.js';
import type { TokenClaims, Verifier } from '../access/tokens.js';
import { admission } from './admission.js';
import { browserChooser } from './browser-choice.js';
import { preflight, withCors } from './cors.js';
import { healthResponse, type RelayHealth } from './health.js';
import { HttpSessions } from './http-sessions.js';
import { jsonBodyOf } from './json-body.js';
import { MCP_CONFIG, MCP_CONFIG_PATHS } from './mcp-config.js';
import { mcpEndpoint } from './mcp-endpoint.js';
import { json, rpcError } from './responses.js';
import type { SessionSharing } from './session-sharing.js';
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
  const sessions = new HttpSessions({
    log,
    maxBodyBytes,
    ssePingMs: options.ssePingMs,
    sharing: options.sharing,
    denyList: verifier.denyList,
  });
  const { sse } = sessions;
  const maxSseStreams = options.maxSseStreamsPerUser ?? 32;
  const admit = admission({
    verifier,
    log,
    requestsPerSecond: options.requestsPerSecond ?? 50,
    anonymousUser: options.anonymousUser,
  });
  const browserFor = browserChooser(directory, options.returns);
  const bodyOf = (request: Request) => jsonBodyOf(request, maxBodyBytes);
  const mcp = mcpEndpoint({ sessions, browserFor, bodyOf, metrics: options.metrics, log });

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname: path } = url;
    const open = publicAnswer(request, path, options, sessions);
    if (open) return open;
    const refused = methodRefusal(request.method, path);
    if (refused) return refused;
    const claims = await admit(request);
    if (claims instanceof Response) return claims;
    if (path === '/mcp') return mcp(request, claims);
    if (path === '/message') {
      options.metrics?.requests.inc({ transport: 'sse' });
      const read = await bodyOf(request);
      if (read instanceof Response) return read;
      const sessionId = url.searchParams.get('sessionId');
      const there =
        sessionId === null || sse.holds(sessionId)
          ? undefined
          : await sessions.elsewhere(sessionId, request, claims, read.body);
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
    return path === '/sse' ? sse.open(request, claims, port) : toolsOf(port, claims);
  }

  return {
    async fetch(request) {
      if (request.method === 'OPTIONS') return preflight(request);
      const response = await route(request);
      if (response.status >= 400) options.metrics?.errors.inc({ status: String(response.status) });
      return withCors(response, request);
    },
    sessions: () => sessions.sizes(),
    close: () => sessions.close(),
  };
}

/** What anyone may ask, without a token: `/health`, `/metrics` (when served), the MCP config. */
function publicAnswer(
  request: Request,
  path: string,
  options: FrontDoorOptions,
  sessions: HttpSessions,
): Response | undefined {
  const method = request.method;
  if (path === '/health' && (method === 'GET' || method === 'HEAD'))
    return healthResponse(options.health(), sessions.sizes());
  if (path === '/metrics' && options.serveMetrics && options.metrics && method === 'GET') {
    return new Response(options.metrics.render(), {
      headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' },
    });
  }
  if (MCP_CONFIG_PATHS.includes(path) && method === 'GET') return json(MCP_CONFIG);
  return undefined;
}

/** 404 for a path that is no endpoint, 405 for a method the endpoint does not take. */
function methodRefusal(method: string, path: string): Response | undefined {
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
  return undefined;
}

/** `GET /tools`: the browser's tools, or 502 when it could not list them. */
async function toolsOf(port: ExtensionPort, claims: TokenClaims): Promise<Response> {
  try {
    return json({ tools: await listTools(port, claims) });
  } catch (error) {
    if (!(error instanceof ListingError)) throw error;
    return rpcError(502, RELAY_ERROR, error.message);
  }
}
