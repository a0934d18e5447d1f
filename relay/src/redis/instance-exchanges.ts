/**
 * HTTP exchanges between instances: a request for a session held elsewhere is sent to its
 * holder (`http-request`), which serves it as its own and sends back the response's status and
 * headers (`http-head`), its body as it comes (`http-chunk`, text: JSON and SSE are UTF-8) and
 * its end (`http-end`). The asking instance streams that to its client, so a session's SSE
 * stream (its GET stream, a POST answered with SSE) flows through as it is written. Either side
 * may end the exchange: the client went away (`http-abort`), the holder stopped, Redis went
 * away; the client then sees a clear error or its stream end, never a request left waiting.
 * Each request is sent once and never retried: no request is answered twice.
 *
 * A side that ends an exchange because its peer looks gone still tells the peer (best effort):
 * a peer only looks gone when its key lapsed, which a slow heartbeat under load also does, and a
 * live peer that is not told would wait for ever for an end that never comes.
 */
import { randomUUID } from 'node:crypto';
import type { ForwardedRequest } from '../http/session-sharing.js';
import { rpcError } from '../http/responses.js';
import { RELAY_ERROR } from '../wire/jsonrpc.js';
import type { Publish } from './instance-connections.js';

export type ExchangeBody = { exchange: string } & (
  | { kind: 'http-request'; request: ForwardedRequest }
  | { kind: 'http-head'; status: number; headers: [string, string][] }
  | { kind: 'http-chunk'; text: string }
  | { kind: 'http-end' }
  | { kind: 'http-abort' }
);

/** Why a served exchange stopped: its asker ended it (and needs no word back), or not. */
const ENDED_BY_ASKER = 'ended by the asking instance';

export type ServeForwarded = (request: ForwardedRequest, signal: AbortSignal) => Promise<Response>;

interface Asked {
  instance: string;
  /** Settles the response, before its head came. */
  answer?: (response: Response) => void;
  body?: ReadableStreamDefaultController<Uint8Array>;
  timer: NodeJS.Timeout;
}

export class InstanceExchanges {
  /** Requests this instance forwarded, by exchange. */
  readonly #asked = new Map<string, Asked>();
  /** Requests forwarded to this instance, being served. */
  readonly #served = new Map<string, { instance: string; abort: AbortController }>();
  readonly #encoder = new TextEncoder();
  #serve: ServeForwarded = async () =>
    rpcError(404, RELAY_ERROR, 'Session not found: initialize a new one.');

  constructor(
    private readonly publish: Publish<ExchangeBody>,
    /** How long a holder may take to start answering before the client gets 504. */
    private readonly headTimeoutMs = 10_000,
  ) {}

  serveWith(serve: ServeForwarded): void {
    this.#serve = serve;
  }

  peers(): string[] {
    return [...this.#asked.values(), ...this.#served.values()].map((each) => each.instance);
  }

  /** Sends the request to `instance`; its response, or a clear error when none can come. */
  forward(instance: string, request: ForwardedRequest, signal: AbortSignal): Promise<Response> {
    const exchange = randomUUID();
    return new Promise<Response>((resolve) => {
      const asked: Asked = {
        instance,
        answer: resolve,
        timer: setTimeout(
          () =>
            this.#fail(
              exchange,
              504,
              'The relay instance holding this session did not answer in time.',
            ),
          this.headTimeoutMs,
        ),
      };
      this.#asked.set(exchange, asked);
      signal.addEventListener('abort', () => this.#abort(exchange), { once: true });
      void this.publish(instance, { kind: 'http-request', exchange, request }).then((sent) => {
        if (!sent)
          this.#fail(
            exchange,
            503,
            'The relay instance holding this session cannot be reached through Redis now; try again.',
          );
      });
    });
  }

  receive(from: string, body: ExchangeBody): void {
    const { exchange } = body;
    if (body.kind === 'http-request') return void this.#answer(from, exchange, body.request);
    if (body.kind === 'http-abort') {
      const served = this.#served.get(exchange);
      if (served?.instance === from) served.abort.abort(ENDED_BY_ASKER);
      return;
    }
    const asked = this.#asked.get(exchange);
    if (asked?.instance !== from) return;
    switch (body.kind) {
      case 'http-head': {
        clearTimeout(asked.timer);
        const stream = new ReadableStream<Uint8Array>({
          start: (controller) => void (asked.body = controller),
          cancel: () => this.#abort(exchange),
        });
        asked.answer?.(new Response(stream, { status: body.status, headers: body.headers }));
        asked.answer = undefined;
        return;
      }
      case 'http-chunk':
        asked.body?.enqueue(this.#encoder.encode(body.text));
        return;
      case 'http-end':
        // Before a head (the holder failed at once): a clear error, else the end of the body.
        this.#fail(exchange, 502, 'The relay instance holding this session could not answer.');
    }
  }

  /** Serves a forwarded request and streams its response back; its end is always told. */
  async #answer(from: string, exchange: string, request: ForwardedRequest): Promise<void> {
    const abort = new AbortController();
    this.#served.set(exchange, { instance: from, abort });
    let body: Response['body'] = null;
    try {
      const response = await this.#serve(request, abort.signal);
      body = response.body;
      if (abort.signal.aborted) return;
      const head = { kind: 'http-head' as const, exchange, status: response.status };
      if (!(await this.publish(from, { ...head, headers: [...response.headers] }))) return;
      if (body) {
        const reader = body.pipeThrough(new TextDecoderStream()).getReader();
        body = null; // the reader holds it now
        abort.signal.addEventListener('abort', () => void reader.cancel(), { once: true });
        for (;;) {
          const { done, value } = await reader.read();
          if (done || abort.signal.aborted) break;
          if (!(await this.publish(from, { kind: 'http-chunk', exchange, text: value }))) {
            await reader.cancel();
            return;
          }
        }
      }
    } catch {
      // The response failed on its way (its session ended under it): its end is told below.
    } finally {
      this.#served.delete(exchange);
      await body?.cancel().catch(() => undefined);
      // Unless the asking instance ended it, it hears the end (a stream never stays open).
      if (abort.signal.reason !== ENDED_BY_ASKER)
        await this.publish(from, { kind: 'http-end', exchange });
    }
  }

  /** The client went away: the holder stops serving. */
  #abort(exchange: string): void {
    const asked = this.#asked.get(exchange);
    if (!asked) return;
    this.#end(exchange, asked);
    void this.publish(asked.instance, { kind: 'http-abort', exchange });
  }

  /** No answer can come: an error response, or the end of a stream already under way. */
  #fail(exchange: string, status: number, message: string): void {
    const asked = this.#asked.get(exchange);
    if (!asked) return;
    asked.answer?.(rpcError(status, RELAY_ERROR, message));
    asked.answer = undefined;
    this.#end(exchange, asked);
  }

  #end(exchange: string, asked: Asked): void {
    clearTimeout(asked.timer);
    this.#asked.delete(exchange);
    try {
      asked.body?.close();
    } catch {
      // already closed or cancelled
    }
  }

  /** An instance stopped (its key lapsed): exchanges with it end, and it is told in case it lives. */
  peerGone(peer: string): void {
    for (const [exchange, asked] of [...this.#asked]) {
      if (asked.instance !== peer) continue;
      this.#fail(exchange, 502, 'The relay instance holding it stopped; initialize a new session.');
      void this.publish(peer, { kind: 'http-abort', exchange });
    }
    // Each tells its asker the end as it stops (see #answer).
    for (const served of this.#served.values()) if (served.instance === peer) served.abort.abort();
  }

  /** Redis went away: what was on its way may be lost, so every exchange ends now (told likewise). */
  allLost(): void {
    for (const [exchange, asked] of [...this.#asked]) {
      this.#fail(exchange, 503, 'The relay lost its connection to Redis; try again.');
      void this.publish(asked.instance, { kind: 'http-abort', exchange });
    }
    for (const served of this.#served.values()) served.abort.abort();
  }
}
