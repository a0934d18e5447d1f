/**
 * HTTP sessions shared by every instance through Redis (see http/session-sharing.ts): sessions
 * opened here are recorded (session-records.ts), and a request for one held elsewhere goes there
 * as an exchange (instance-exchanges.ts). A session whose instance died is gone: its requests are
 * 404, as MCP answers for a session that ended, and the client starts a new one.
 */
import type { ForwardedRequest, SessionSharing } from '../http/session-sharing.js';
import { rpcError } from '../http/responses.js';
import { RELAY_ERROR } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import type { InstanceExchanges, ServeForwarded } from './instance-exchanges.js';
import type { SessionRecords } from './session-records.js';
import { sameToken, type TokenClaims } from '../access/tokens.js';

/** How often the records of sessions held here are written again (they last two hours). */
const REFRESH_MS = 10 * 60_000;

export class SharedSessions implements SessionSharing {
  #held: () => Iterable<[string, TokenClaims]> = () => [];
  readonly #refresh: NodeJS.Timeout;

  constructor(
    private readonly instance: string,
    private readonly records: SessionRecords,
    private readonly exchanges: InstanceExchanges,
    private readonly log: Logger,
  ) {
    this.#refresh = setInterval(() => this.registerAgain(), REFRESH_MS);
    this.#refresh.unref();
  }

  opened(sessionId: string, claims: TokenClaims): void {
    this.records
      .register([[sessionId, claims]])
      .catch((error: Error) =>
        this.log.warn('redis.session_unrecorded', { reason: error.message }),
      );
  }

  closed(sessionId: string): void {
    this.records.forget(sessionId).catch(() => undefined);
  }

  async forward(
    sessionId: string,
    request: ForwardedRequest,
    signal: AbortSignal,
  ): Promise<Response | undefined> {
    let record;
    try {
      record = await this.records.find(sessionId);
    } catch {
      return rpcError(
        503,
        RELAY_ERROR,
        'The relay cannot look up this session now (Redis is unavailable); try again.',
      );
    }
    if (!record || record.instance === this.instance || !sameToken(record, request.claims))
      return undefined;
    if (!record.alive) {
      return rpcError(
        404,
        RELAY_ERROR,
        'Session not found: the relay instance holding it stopped; initialize a new one.',
      );
    }
    return this.exchanges.forward(record.instance, request, signal);
  }

  serve(handler: ServeForwarded): void {
    this.exchanges.serveWith(handler);
  }

  heldSessions(list: () => Iterable<[string, TokenClaims]>): void {
    this.#held = list;
  }

  /** Writes every held session's record again (Redis came back empty, or to keep them). */
  registerAgain(): void {
    this.records
      .register(this.#held())
      .catch((error: Error) =>
        this.log.warn('redis.session_unrecorded', { reason: error.message }),
      );
  }

  close(): void {
    clearInterval(this.#refresh);
  }
}
