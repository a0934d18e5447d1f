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
  /** Requests in flight: prefixed id → the client's own id, and its prefixed progress token. */
  readonly #pending = new Map<string, { id: Id; token?: string }>();
  /**
   * Prefixed progress token → the client's own, and the (client's) id of the request it reports
   * on, while requests in flight use it (MCP wants tokens unique; a reused one is counted).
   */
  readonly #tokens = new Map<string, { original: Id; request: Id; users: number }>();
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
    let token: { mapped: string; original: Id } | undefined;
    if (!Array.isArray(outgoing.params)) {
      const params = { ...outgoing.params };
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
        this.#forget(cancelled);
      }
      meta[CLIENT_META] = this.#clientTag;
      if (message.id === undefined) meta[CONNECTION_META] = this.id;
      params._meta = meta;
      outgoing.params = params;
    }
    if (message.id !== undefined && message.id !== null) {
      if (typeof message.id === 'string' && RESERVED_ID.test(message.id)) {
        this.deliver(
          errorOf(
            message.id,
            INVALID_REQUEST,
            'Invalid Request: ids starting with "proxy:", "ext:" or "conn-" are reserved.',
          ),
        );
        return;
      }
      if (this.#pending.size >= MAX_PENDING) {
        this.deliver(
          errorOf(
            message.id,
            RELAY_ERROR,
            `More than ${MAX_PENDING} requests in flight: wait for answers.`,
          ),
        );
        return;
      }
      const mapped = this.#prefix(message.id);
      if (this.#pending.has(mapped)) {
        this.deliver(
          errorOf(
            message.id,
            INVALID_REQUEST,
            'Invalid Request: a request with this id is already in progress.',
          ),
        );
        return;
      }
      this.#pending.set(mapped, { id: message.id, token: token?.mapped });
      outgoing.id = mapped;
      if (token) {
        const known = this.#tokens.get(token.mapped);
        if (known) known.users += 1;
        else
          this.#tokens.set(token.mapped, {
            original: token.original,
            request: message.id,
            users: 1,
          });
      }
    }
    this.port.send(this.id, outgoing);
  }

  #fromExtension(message: Message): void {
    if (message.method === undefined && message.id !== undefined && message.id !== null) {
      const original = this.#pending.get(String(message.id))?.id;
      if (original === undefined) return; // not ours, or already answered
      this.#forget(String(message.id));
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
      related = this.#originalOf(meta[RELATED_META]);
      delete meta[CONNECTION_META];
      delete meta[RELATED_META];
      if (Object.keys(meta).length) copy._meta = meta;
      else delete copy._meta;
    }
    if (unprefix(copy.progressToken)?.connectionId === this.id) {
      const mapped = String(copy.progressToken);
      const known = this.#tokens.get(mapped);
      if (!known) return; // its request is over
      copy.progressToken = known.original;
      related ??= known.request;
    }
    if (unprefix(copy.requestId)?.connectionId === this.id) {
      const original = this.#originalOf(copy.requestId);
      if (original === undefined) return;
      copy.requestId = original;
    }
    this.deliver({ ...message, params: copy }, related);
  }

  /** The client's own id of a request in flight, from its prefixed form. */
  #originalOf(mapped: unknown): Id | undefined {
    return typeof mapped === 'string' ? this.#pending.get(mapped)?.id : undefined;
  }

  #forget(mapped: string): void {
    const token = this.#pending.get(mapped)?.token;
    this.#pending.delete(mapped);
    if (token === undefined) return;
    const known = this.#tokens.get(token);
    if (!known) return;
    // Another request in flight may share the token: it stays theirs.
    known.users -= 1;
    if (known.users === 0) this.#tokens.delete(token);
  }

  #gone(reason: string): void {
    if (!this.#open) return;
    this.#open = false;
    for (const { id } of this.#pending.values()) {
      this.deliver(errorOf(id, RELAY_ERROR, `The extension disconnected: ${reason}`));
    }
    this.#pending.clear();
    this.#tokens.clear();
    this.#asked.clear();
    this.onGone(reason);
  }

  /** The client let go: its requests in flight are cancelled at the extension. */
  close(reason = 'The client disconnected.'): void {
    if (!this.#open) return;
    this.#open = false;
    for (const mapped of this.#pending.keys()) {
      this.port.send(
        this.id,
        notificationOf('notifications/cancelled', { requestId: mapped, reason }),
      );
    }
    this.#pending.clear();
    this.#tokens.clear();
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
