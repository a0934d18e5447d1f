/**
 * The legacy HTTP+SSE transport (MCP 2024-11-05): `GET /sse` opens a stream whose first event,
 * `endpoint`, names where to post (`/message?sessionId=…`); each `POST /message` is answered
 * `202 Accepted` and its result arrives on the stream as a `message` event; `ping` events keep
 * the stream alive. SDK v2 ships no server side for this retired transport, so the relay writes
 * these few frames itself.
 */
import { randomUUID } from 'node:crypto';
import { Connection } from '../clients/connection.js';
import type { ExtensionPort } from '../browsers/extension-host.js';
import {
  classify,
  CONFLICT_OR_UNAUTHORIZED,
  INVALID_REQUEST,
  RELAY_ERROR,
  type Message,
} from '../wire/jsonrpc.js';
import { logTag, type Logger } from '../monitoring/log.js';
import { sameToken, whenExpired, type TokenClaims } from '../access/tokens.js';
import { json, rpcError } from './responses.js';
import type { SessionEvents } from './session-sharing.js';

interface Stream {
  claims: TokenClaims;
  connection: Connection;
  end(reason: string): void;
}

export class LegacySseSessions {
  readonly #streams = new Map<string, Stream>();

  constructor(
    private readonly log: Logger,
    private readonly pingMs = 30_000,
    /** Told when a stream opens and ends (other instances forward its posts here). */
    private readonly events: SessionEvents = {},
  ) {}

  get size(): number {
    return this.#streams.size;
  }

  /** Whether this instance holds the stream. */
  holds(sessionId: string): boolean {
    return this.#streams.has(sessionId);
  }

  /** The streams held here and their tokens. */
  *held(): Iterable<[string, TokenClaims]> {
    for (const [id, stream] of this.#streams) yield [id, stream.claims];
  }

  /** The streams a user holds. */
  countOf(user: string): number {
    let count = 0;
    for (const stream of this.#streams.values()) if (stream.claims.user === user) count += 1;
    return count;
  }

  /** `GET /sse`: a new session with the extension, over a new stream. */
  open(request: Request, claims: TokenClaims, port: ExtensionPort): Response {
    const { user } = claims;
    const sessionId = randomUUID();
    const encoder = new TextEncoder();
    let stopExpiry: () => void = () => undefined;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const write = (event: string, data: string) => {
      try {
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${data}\n\n`));
      } catch {
        end('The stream closed.');
      }
    };
    const end = (reason: string) => {
      clearInterval(ping);
      stopExpiry();
      if (this.#streams.get(sessionId)?.connection !== connection) return;
      this.#streams.delete(sessionId);
      this.events.closed?.(sessionId);
      connection.close(reason);
      try {
        controller.close();
      } catch {
        // already closed
      }
      this.log.info('sse.closed', { session: logTag(sessionId), reason });
    };
    const connection = new Connection(
      port,
      (message) => write('message', JSON.stringify(message)),
      (reason) => {
        write(
          'error',
          JSON.stringify({ code: RELAY_ERROR, message: `The browser disconnected: ${reason}` }),
        );
        end(reason);
      },
      claims,
    );
    const body = new ReadableStream<Uint8Array>({
      start: (streamController) => {
        controller = streamController;
      },
      cancel: () => end('The client closed the stream.'),
    });
    const ping = setInterval(
      () => write('ping', JSON.stringify({ timestamp: Date.now() })),
      this.pingMs,
    );
    ping.unref();
    // The stream ends when its token expires (a later POST with it is 401 at the door).
    stopExpiry = whenExpired(claims, () => {
      write('error', JSON.stringify({ code: CONFLICT_OR_UNAUTHORIZED, message: 'Token expired' }));
      end('Token expired');
    });
    this.#streams.set(sessionId, { claims, connection, end });
    this.events.opened?.(sessionId, claims);
    request.signal.addEventListener('abort', () => end('The client closed the stream.'), {
      once: true,
    });
    write('endpoint', `/message?sessionId=${sessionId}`);
    this.log.info('sse.opened', { session: logTag(sessionId), user, extension: port.info.id });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Session-Id': sessionId,
      },
    });
  }

  /**
   * `POST /message?sessionId=…`: one message (or a batch) for that session's extension, if it
   * comes with the token that opened the stream (404 otherwise, as for an unknown session).
   */
  post(request: Request, claims: TokenClaims, body: unknown): Response {
    const sessionId = new URL(request.url).searchParams.get('sessionId');
    if (!sessionId) {
      return rpcError(
        400,
        INVALID_REQUEST,
        'Bad Request: the sessionId query parameter is required.',
      );
    }
    const stream = this.#streams.get(sessionId);
    if (!stream || !sameToken(stream.claims, claims)) {
      return rpcError(404, RELAY_ERROR, 'Session not found: open GET /sse again.');
    }
    const messages = Array.isArray(body) ? body : [body];
    if (messages.length === 0) {
      return rpcError(400, INVALID_REQUEST, 'Invalid Request: an empty batch.');
    }
    const parsed = messages.map((message) => classify(message));
    const invalid = parsed.find((each) => each.kind === 'invalid');
    if (invalid?.kind === 'invalid') return json(invalid.error, 400);
    for (const each of parsed) {
      if (each.kind !== 'invalid') stream.connection.send(each.message as Message);
    }
    return json({ status: 'accepted' }, 202);
  }

  /** Ends the streams whose token no longer holds (the deny list changed). */
  endWhere(revoked: (claims: TokenClaims) => boolean): void {
    for (const stream of [...this.#streams.values()]) {
      if (revoked(stream.claims)) stream.end('Token revoked');
    }
  }

  close(): void {
    for (const stream of [...this.#streams.values()]) stream.end('The relay is shutting down.');
  }
}
