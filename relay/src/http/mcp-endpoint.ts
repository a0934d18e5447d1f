/**
 * `/mcp` behind its token: a 2026-07-28 request is forwarded as one exchange
 * (modern-exchange.ts); a 2025-era one continues its Streamable HTTP session, here or on the
 * instance holding it, or opens a session with an `initialize`.
 */
import {
  isInitializeRequest,
  isLegacyRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import type { TokenClaims } from '../access/tokens.js';
import type { Logger } from '../monitoring/log.js';
import type { RelayMetrics } from '../monitoring/metrics.js';
import { INVALID_REQUEST } from '../wire/jsonrpc.js';
import type { BrowserFor } from './browser-choice.js';
import type { HttpSessions } from './http-sessions.js';
import { forwardModern, MODERN_VERSIONS } from './modern-exchange.js';
import { rpcError } from './responses.js';
import { StreamableSessions } from './streamable-sessions.js';

export interface McpEndpointParts {
  sessions: HttpSessions;
  browserFor: BrowserFor;
  /** A POST's JSON body, or the response refusing it. */
  bodyOf(request: Request): Promise<{ body: unknown } | Response>;
  metrics?: RelayMetrics;
  log: Logger;
}

export function mcpEndpoint(
  parts: McpEndpointParts,
): (request: Request, claims: TokenClaims) => Promise<Response> {
  const { sessions, browserFor, bodyOf, metrics, log } = parts;
  const { streamable } = sessions;
  return async (request, claims) => {
    let body: unknown;
    if (request.method === 'POST') {
      const read = await bodyOf(request);
      if (read instanceof Response) return read;
      body = read.body;
      if (!(await isLegacyRequest(request, body))) {
        metrics?.requests.inc({ transport: 'modern' });
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
    metrics?.requests.inc({ transport: 'streamable' });
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId) {
      const there = streamable.holds(sessionId)
        ? undefined
        : await sessions.elsewhere(sessionId, request, claims, body);
      return there ?? streamable.continue(request, claims, sessionId, body);
    }
    const initialize = Array.isArray(body)
      ? body.some(isInitializeRequest)
      : isInitializeRequest(body);
    if (!initialize) return StreamableSessions.needsSession(request);
    const port = await browserFor(request, claims);
    return port instanceof Response ? port : streamable.open(request, claims, port, body);
  };
}
