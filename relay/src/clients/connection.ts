/**
 * One MCP client's connection to one extension: ids, progress tokens and cancellations are
 * prefixed with the connection's id on the way to the extension and unprefixed on the way back,
 * so many clients share an extension without their ids colliding. Requests still waiting when
 * the connection ends are cancelled at the extension (MCP's `notifications/cancelled`).
 *
 * What the extension sends for this connection reaches the client with the relay's tags removed,
 * together with the client's own id of the request it belongs to, when it names one (the HTTP
 * front door streams it on that request's response). The extension may also ask the client
 * (sampling, elicitation: `ext:` ids); the client's answer goes back to the extension, and only
 * this connection's client may answer.
 */
import { randomUUID } from 'node:crypto';
import { unprefix, type ExtensionPort } from '../browsers/extension-host.js';
import {
  errorOf,
  INTERNAL_ERROR,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  notificationOf,
  RELAY_ERROR,
  type Id,
  type Message,
} from '../wire/jsonrpc.js';
import { CLIENT_META, CONNECTION_META, RELATED_META } from '../wire/tags.js';
import { InFlight } from './in-flight.js';

/** Methods only the relay sends the extension (relay protocol); never forwarded from a client. */
const RELAY_CONTROL = new Set(['authenticate', 'authenticated', 'status', 'disconnected']);

/** Ids a client may not use: they are the relay's and the extension's. */
export const RESERVED_ID = /^(proxy:|ext:|conn-)/;
/** Requests one connection may have in flight. */
export const MAX_PENDING = 1_000;

/** The token behind a connection: its user and its id (`jti`, or the user without one). */
export interface ClientTag {
  user: string;
  tokenId: string;
}

/** Where a connection's messages go; `related` is the client's id of the request they belong to. */
export type Deliver = (message: Message, related?: Id) => void;

export class Connection {
  readonly id = `conn-${randomUUID()}`;
  /** Requests in flight and the progress tokens they use (in-flight.ts). */
  readonly #pending = new InFlight();
  /** The extension's requests to this client (`ext:` ids) not answered yet. */
  readonly #asked = new Set<string>();
  #open = true;
  /** What the extension is told of the client on each message (`_meta["io.patchbay/client"]`). */
  readonly #clientTag: { user: string; token: string };

  constructor(
    readonly port: ExtensionPort,
    private readonly deliver: Deliver,
    private readonly onGone: (reason: string) => void,
    /** Whose token opened the connection: the extension tells its clients apart by it. */
    private readonly client: ClientTag,
  ) {
    this.#clientTag = { user: client.user, token: client.tokenId };
    port.attach(this.id, {
      deliver: (message) => this.#fromExtension(message),
      gone: (reason) => this.#gone(reason),
    });
  }

  get open(): boolean {
    return this.#open;
  }

  /** Numbers as they are (`conn-…:7`, as the protocol shows), strings quoted (`conn-…:"7"`). */
  #prefix(value: Id): string {
    return `${this.id}:${typeof value === 'number' ? value : JSON.stringify(value)}`;
  }

  /**
   * A request or notification from the client, to the extension. Answers errors itself. Every
   * call passes here: the message, its params and their `_meta` are copied once each (the
   * client's objects are not changed), nothing more.
   */
  send(message: Message): void {
    if (!this.#open) {
      if (message.id !== undefined)
        this.deliver(errorOf(message.id, RELAY_ERROR, 'The extension disconnected.'));
      return;
    }
    // The relay protocol's routing field is the relay's: the extension never sees it.
    const outgoing: Message = { ...message };
    if ('connectionId' in outgoing) delete outgoing.connectionId;
    if (outgoing.method === undefined) {
      // The client's answer to the extension's request: only to one it was asked.
      if (this.#asked.delete(String(outgoing.id))) this.port.send(this.id, outgoing);
      return;
    }
    if (RELAY_CONTROL.has(outgoing.method)) {
      // The relay's own words to the extension: a client saying them could ask the browser
      // for its token, or end another client's connection.
      if (outgoing.id !== undefined)
        this.deliver(
          errorOf(outgoing.id, METHOD_NOT_FOUND, `Method not found: ${outgoing.method}`),
        );
      return;
    }
    const token = Array.isArray(outgoing.params)
      ? undefined
      : this.#retag(outgoing, message.id === undefined);
    const id = message.id ?? undefined;
    if (id !== undefined && !this.#track(id, outgoing, token)) return;
    this.port.send(this.id, outgoing);
  }

  /**
   * The params of a message to the extension, copied with the relay's tags: the client's own
   * tags dropped, its progress token and a cancelled request's id prefixed. Returns the progress
   * token, if it has one.
   */
  #retag(outgoing: Message, notification: boolean): { mapped: string; original: Id } | undefined {
    let token: { mapped: string; original: Id } | undefined;
    const params = { ...(outgoing.params as Record<string, unknown> | undefined) };
    // Only the relay names connections and clients: whatever the client put there goes.
    const meta = { ...(params._meta as Record<string, unknown> | undefined) };
    delete meta[CONNECTION_META];
    delete meta[CLIENT_META];
    if (typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number') {
      token = { mapped: this.#prefix(meta.progressToken), original: meta.progressToken };
      meta.progressToken = token.mapped;
    }
    if (
      outgoing.method === 'notifications/cancelled' &&
      (typeof params.requestId === 'string' || typeof params.requestId === 'number')
    ) {
      const cancelled = this.#prefix(params.requestId);
      params.requestId = cancelled;
      // MCP: a cancelled request gets no answer, so it is over now.
      this.#pending.forget(cancelled);
    }
    meta[CLIENT_META] = this.#clientTag;
    if (notification) meta[CONNECTION_META] = this.id;
    params._meta = meta;
    outgoing.params = params;
    return token;
  }

  /**
   * A request in flight from now on, its id prefixed; false (and the client answered) for an
   * id it may not use or one more than it may have in flight.
   */
  #track(id: Id, outgoing: Message, token?: { mapped: string; original: Id }): boolean {
    if (typeof id === 'string' && RESERVED_ID.test(id)) {
      this.deliver(
        errorOf(
          id,
          INVALID_REQUEST,
          'Invalid Request: ids starting with "proxy:", "ext:" or "conn-" are reserved.',
        ),
      );
      return false;
    }
    if (this.#pending.size >= MAX_PENDING) {
      this.deliver(
        errorOf(id, RELAY_ERROR, `More than ${MAX_PENDING} requests in flight: wait for answers.`),
      );
      return false;
    }
    const mapped = this.#prefix(id);
    if (this.#pending.has(mapped)) {
      this.deliver(
        errorOf(
          id,
          INVALID_REQUEST,
          'Invalid Request: a request with this id is already in progress.',
        ),
      );
      return false;
    }
    this.#pending.add(mapped, id, token);
    outgoing.id = mapped;
    return true;
  }

  #fromExtension(message: Message): void {
    if (message.method === undefined && message.id !== undefined && message.id !== null) {
      const original = this.#pending.originalOf(String(message.id));
      if (original === undefined) return; // not ours, or already answered
      this.#pending.forget(String(message.id));
      if (!('result' in message) && !('error' in message)) {
        this.deliver(errorOf(original, INTERNAL_ERROR, 'The extension answered without a result.'));
        return;
      }
      this.deliver({ ...message, id: original });
      return;
    }
    // A request of the extension's own (routed here by its tag): the client's answer may go back.
    if (message.id !== undefined && message.id !== null) {
      if (this.#asked.size >= MAX_PENDING) {
        this.port.send(
          this.id,
          errorOf(message.id, RELAY_ERROR, `The client has ${MAX_PENDING} questions unanswered.`),
        );
        return;
      }
      this.#asked.add(String(message.id));
    }
    const params = message.params as Record<string, unknown> | undefined;
    if (!params || Array.isArray(params)) return this.deliver(message);
    const copy = { ...params };
    let related: Id | undefined;
    if (copy._meta && typeof copy._meta === 'object') {
      const meta = { ...(copy._meta as Record<string, unknown>) };
      related = this.#pending.originalOf(meta[RELATED_META]);
      delete meta[CONNECTION_META];
      delete meta[RELATED_META];
      if (Object.keys(meta).length) copy._meta = meta;
      else delete copy._meta;
    }
    if (unprefix(copy.progressToken)?.connectionId === this.id) {
      const mapped = String(copy.progressToken);
      const known = this.#pending.progress(mapped);
      if (!known) return; // its request is over
      copy.progressToken = known.original;
      related ??= known.request;
    }
    if (unprefix(copy.requestId)?.connectionId === this.id) {
      const original = this.#pending.originalOf(copy.requestId);
      if (original === undefined) return;
      copy.requestId = original;
    }
    this.deliver({ ...message, params: copy }, related);
  }

  #gone(reason: string): void {
    if (!this.#open) return;
    this.#open = false;
    for (const id of this.#pending.originalIds()) {
      this.deliver(errorOf(id, RELAY_ERROR, `The extension disconnected: ${reason}`));
    }
    this.#pending.clear();
    this.#asked.clear();
    this.onGone(reason);
  }

  /** The client let go: its requests in flight are cancelled at the extension. */
  close(reason = 'The client disconnected.'): void {
    if (!this.#open) return;
    this.#open = false;
    for (const mapped of this.#pending.mappedIds()) {
      this.port.send(
        this.id,
        notificationOf('notifications/cancelled', { requestId: mapped, reason }),
      );
    }
    this.#pending.clear();
    // The extension's questions will get no answer from this client.
    for (const id of this.#asked) {
      this.port.send(this.id, errorOf(id, RELAY_ERROR, `The client disconnected: ${reason}`));
    }
    this.#asked.clear();
    // The extension may drop what it kept for this connection (its MCP session).
    this.port.send(this.id, notificationOf('disconnected', { connection_id: this.id, reason }));
    this.port.detach(this.id);
  }
}
