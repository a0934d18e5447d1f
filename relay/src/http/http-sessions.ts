/**
 * The front door's HTTP sessions: 2025 Streamable HTTP sessions and legacy SSE streams. With
 * Redis they are shared with the other instances (session-sharing.ts): sessions opened here are
 * told, a request for one held elsewhere goes there, and one forwarded here is served. A token
 * revoked in the deny list ends the sessions that used it, as it does sockets.
 */
import type { DenyList, TokenClaims } from '../access/tokens.js';
import type { Logger } from '../monitoring/log.js';
import { LegacySseSessions } from './legacy-sse.js';
import { rpcError } from './responses.js';
import { RELAY_ERROR } from '../wire/jsonrpc.js';
import { forwardedOf, type ForwardedRequest, type SessionSharing } from './session-sharing.js';
import { StreamableSessions } from './streamable-sessions.js';

export interface HttpSessionsOptions {
  log: Logger;
  maxBodyBytes: number;
  ssePingMs?: number;
  /** HTTP sessions shared with other instances (Redis): no affinity needed. */
  sharing?: SessionSharing;
  denyList: DenyList;
}

export class HttpSessions {
  readonly streamable: StreamableSessions;
  readonly sse: LegacySseSessions;
  readonly #sharing: SessionSharing | undefined;

  constructor(options: HttpSessionsOptions) {
    const { sharing, log } = options;
    this.#sharing = sharing;
    const events = sharing && {
      opened: (id: string, claims: TokenClaims) => sharing.opened(id, claims),
      closed: (id: string) => sharing.closed(id),
    };
    this.streamable = new StreamableSessions(log, options.maxBodyBytes, undefined, events);
    this.sse = new LegacySseSessions(log, options.ssePingMs, events);
    sharing?.heldSessions(() => [...this.streamable.held(), ...this.sse.held()]);
    sharing?.serve((forwarded, signal) => this.#served(forwarded, signal));
    const { denyList } = options;
    denyList.onChange(() => {
      const revoked = (claims: TokenClaims) => denyList.denies(claims);
      this.streamable.endWhere(revoked);
      this.sse.endWhere(revoked);
    });
  }

  /** HTTP sessions open: 2025 Streamable HTTP sessions and legacy SSE streams. */
  sizes(): { streamable: number; sse: number } {
    return { streamable: this.streamable.size, sse: this.sse.size };
  }

  /** A request for a session held by another instance: its answer from there, if one holds it. */
  async elsewhere(
    sessionId: string,
    request: Request,
    claims: TokenClaims,
    body: unknown,
  ): Promise<Response | undefined> {
    return this.#sharing?.forward(sessionId, forwardedOf(request, claims, body), request.signal);
  }

  /** A request another instance forwarded here, for a session held here (no forwarding on). */
  async #served(forwarded: ForwardedRequest, signal: AbortSignal): Promise<Response> {
    const { method, headers, body, claims } = forwarded;
    const request = new Request(new URL(forwarded.path, 'http://relay.invalid'), {
      method,
      headers,
      signal,
    });
    const sessionId = request.headers.get('mcp-session-id');
    const path = new URL(request.url).pathname;
    if (path === '/mcp' && sessionId)
      return this.streamable.continue(request, claims, sessionId, body);
    if (path === '/message') return this.sse.post(request, claims, body);
    return rpcError(404, RELAY_ERROR, 'Session not found.');
  }

  close(): void {
    this.streamable.close();
    this.sse.close();
  }
}
