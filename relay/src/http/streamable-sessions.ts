/**
 * 2025-era Streamable HTTP sessions at `/mcp`: each session is the SDK's
 * `WebStandardStreamableHTTPServerTransport` used as a forwarder (no MCP server behind it): what
 * the client posts goes to the extension through a {@link Connection}, and what the extension
 * sends comes back through the transport, on the response of the request it belongs to or on the
 * session's GET stream. The SDK does the session ids, the SSE framing and the response routing.
 */
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { Connection } from '../clients/connection.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import { INVALID_REQUEST, RELAY_ERROR, type Message } from '../wire/jsonrpc.js';
import { logTag, type Logger } from '../monitoring/log.js';
import { sameToken, whenExpired, type TokenClaims } from '../access/tokens.js';
import { rpcError } from './responses.js';
import type { SessionEvents } from './session-sharing.js';

/** Sessions one user may hold at once; the oldest idle one goes first beyond it. */
export const MAX_SESSIONS_PER_USER = 64;
/** Sessions that ended with their browser connection, remembered (at most this many) with why. */
const REMEMBERED_ENDINGS = 1_000;

interface Session {
  id?: string;
  claims: TokenClaims;
  transport: WebStandardStreamableHTTPServerTransport;
  connection: Connection;
  lastUsed: number;
  /** Cancels the end at the token's expiry. */
  stopExpiry?: () => void;
}

export class StreamableSessions {
  readonly #byId = new Map<string, Session>();
  /** Why sessions ended with their browser connection, by id, oldest first. */
  readonly #endedWith = new Map<string, string>();
  readonly #sweep: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    private readonly maxBodyBytes: number,
    /** Sessions unused this long are ended (their extension connection too). */
    private readonly idleMs = 2 * 60 * 60_000,
    /** Told when a session opens and ends (other instances forward its requests here). */
    private readonly events: SessionEvents = {},
  ) {
    this.#sweep = setInterval(() => this.#dropIdle(), Math.min(idleMs, 60_000));
    this.#sweep.unref();
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Whether this instance holds the session. */
  holds(sessionId: string): boolean {
    return this.#byId.has(sessionId);
  }

  /** The sessions held here and their tokens. */
  *held(): Iterable<[string, TokenClaims]> {
    for (const [id, session] of this.#byId) yield [id, session.claims];
  }

  /**
   * A request naming a session (`Mcp-Session-Id`): that session's, if it comes with the token
   * that opened it (another token of the same user gets 404, as for an unknown session).
   */
  async continue(
    request: Request,
    claims: TokenClaims,
    sessionId: string,
    parsedBody: unknown,
  ): Promise<Response> {
    const session = this.#byId.get(sessionId);
    if (!session || !sameToken(session.claims, claims)) {
      // DELETE is idempotent: a session already gone is gone.
      if (request.method === 'DELETE') return new Response(null, { status: 200 });
      // Only its own client knows the id: saying why it ended tells no one else anything.
      const ended = this.#endedWith.get(sessionId);
      const why = ended
        ? `Session ended: ${ended} Initialize a new session; it waits for the browser to come back.`
        : 'Session not found: initialize a new one.';
      return rpcError(404, RELAY_ERROR, why);
    }
    session.lastUsed = Date.now();
    return session.transport.handleRequest(request, { parsedBody });
  }

  /** An `initialize` without a session: a new session with the extension. */
  async open(
    request: Request,
    claims: TokenClaims,
    port: ExtensionPort,
    parsedBody: unknown,
  ): Promise<Response> {
    const { user } = claims;
    this.#makeRoom(user);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.maxBodyBytes,
      onsessioninitialized: (id) => {
        session.id = id;
        this.#byId.set(id, session);
        // The session ends when its token expires (a later request with it is 401 at the door).
        session.stopExpiry = whenExpired(claims, () => this.#drop(session, 'Token expired'));
        this.events.opened?.(id, claims);
        this.log.info('http.session_opened', {
          session: logTag(id),
          user,
          extension: port.info.id,
        });
      },
      onsessionclosed: () => this.#drop(session, 'The client ended the session.'),
    });
    const connection = new Connection(
      port,
      (message, related) => {
        transport
          .send(message as never, related === undefined ? undefined : { relatedRequestId: related })
          .catch((error: unknown) => this.log.debug('http.send_failed', { reason: String(error) }));
      },
      (reason) => {
        // The browser went away: the session ends; the client's next request gets 404, and why.
        if (session.id) this.#rememberEnding(session.id, reason);
        this.#forget(session);
        void transport.close();
        this.log.info('http.session_ended', { session: logTag(session.id), reason });
      },
      claims,
    );
    const session: Session = { claims, transport, connection, lastUsed: Date.now() };
    transport.onmessage = (message) => connection.send(message as Message);
    await transport.start();
    const response = await transport.handleRequest(request, { parsedBody });
    // Refused before it began (Accept, a batch, …): nothing of it may stay attached.
    if (session.id === undefined) {
      connection.close('The initialize request was refused.');
      void transport.close();
    }
    return response;
  }

  /** Ends the sessions whose token no longer holds (the deny list changed). */
  endWhere(revoked: (claims: TokenClaims) => boolean): void {
    for (const session of [...this.#byId.values()]) {
      if (revoked(session.claims)) this.#drop(session, 'Token revoked');
    }
  }

  /** A session-less request that is not an `initialize`. */
  static needsSession(request: Request): Response {
    if (request.method === 'DELETE') return new Response(null, { status: 200 });
    return rpcError(
      400,
      INVALID_REQUEST,
      'Bad Request: Mcp-Session-Id header is required (initialize first, or send 2026-07-28 requests with their _meta).',
    );
  }

  #drop(session: Session, reason: string): void {
    this.#forget(session);
    session.connection.close(reason);
    void session.transport.close();
    this.log.info('http.session_closed', { session: logTag(session.id), reason });
  }

  #rememberEnding(id: string, reason: string): void {
    this.#endedWith.set(id, /[.!?]$/.test(reason) ? reason : `${reason}.`);
    if (this.#endedWith.size > REMEMBERED_ENDINGS)
      this.#endedWith.delete(this.#endedWith.keys().next().value!);
  }

  #forget(session: Session): void {
    session.stopExpiry?.();
    if (session.id && this.#byId.get(session.id) === session) {
      this.#byId.delete(session.id);
      this.events.closed?.(session.id);
    }
  }

  #makeRoom(user: string): void {
    const mine = [...this.#byId.values()].filter((session) => session.claims.user === user);
    if (mine.length < MAX_SESSIONS_PER_USER) return;
    const oldest = mine.reduce((a, b) => (a.lastUsed <= b.lastUsed ? a : b));
    this.#drop(
      oldest,
      `More than ${MAX_SESSIONS_PER_USER} sessions: the least recently used ended.`,
    );
  }

  #dropIdle(): void {
    const before = Date.now() - this.idleMs;
    for (const session of [...this.#byId.values()]) {
      if (session.lastUsed < before) this.#drop(session, 'The session was idle.');
    }
  }

  close(): void {
    clearInterval(this.#sweep);
    for (const session of [...this.#byId.values()])
      this.#drop(session, 'The relay is shutting down.');
  }
}
