/**
 * An MCP client on the relay's WebSocket protocol (`/mcp`): it authenticates with
 * `mcp_handshake`, lists its user's extensions, connects to one (one at a time), and everything
 * else it sends is forwarded there through its {@link Connection}. A `connect` to a browser that
 * just left waits for it to come back, for the grace period.
 */
import { randomUUID } from 'node:crypto';
import { Connection } from './connection.js';
import type { BrowserReturns } from '../browsers/browser-return.js';
import type { Directory } from '../browsers/directory.js';
import {
  classify,
  CONFLICT_OR_UNAUTHORIZED,
  errorOf,
  INVALID_PARAMS,
  notificationOf,
  RELAY_ERROR,
  resultOf,
  type Id,
  type Message,
} from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import { whenExpired, type TokenClaims, type Verifier } from '../access/tokens.js';

export interface ClientSessionOptions {
  directory: Directory;
  verifier: Verifier;
  log: Logger;
  send(message: Message): void;
  /** Ends the socket (a failed handshake, an expired token). */
  close(code: number, reason: string): void;
  /** Whether this user may have one more client (undefined: yes; else why not). */
  admit?(claims: TokenClaims): string | undefined;
  /** `connect` to a browser that just left waits for it (browsers/browser-return.ts). */
  returns?: BrowserReturns;
  /** A request went to the browser (for /metrics). */
  onRequest?(): void;
}

export class ClientSession {
  readonly id = `mcp-${randomUUID()}`;
  claims: TokenClaims | undefined;
  #connection: Connection | undefined;
  #stopExpiry: () => void = () => undefined;
  #ended = false;
  /** Ends a `connect` waiting for its browser when the socket closes. */
  readonly #closing = new AbortController();

  constructor(private readonly options: ClientSessionOptions) {}

  get connection(): Connection | undefined {
    return this.#connection;
  }

  /**
   * A message from the client. What the relay answers itself after a look-up (`mcp_handshake`,
   * `list_extensions`, `connect`) returns a promise; what goes to the browser goes now, and
   * returns nothing (the socket handles its next message at once, without a turn of its queue).
   */
  receive(value: unknown): Promise<void> | undefined {
    const { send } = this.options;
    const parsed = classify(value);
    if (parsed.kind === 'invalid') {
      send(parsed.error);
      return;
    }
    if (parsed.kind === 'response') {
      // An answer to the extension's question (`ext:` ids); the relay itself asks nothing.
      if (this.#connection?.open) this.#connection.send(parsed.message);
      return;
    }
    const { message } = parsed;
    const id = parsed.kind === 'request' ? parsed.message.id : undefined;
    const params = (message.params ?? {}) as Record<string, unknown>;

    if (message.method === 'mcp_handshake') return this.#handshake(id, params);
    if (!this.claims) {
      if (id !== undefined)
        send(errorOf(id, RELAY_ERROR, 'Not authenticated: send mcp_handshake first.'));
      return;
    }
    switch (message.method) {
      case 'list_extensions':
        return id === undefined ? undefined : this.#list(id);
      case 'connect':
        return this.#connect(id, params);
      case 'disconnect':
        this.#connection?.close();
        this.#connection = undefined;
        if (id !== undefined) send(resultOf(id, { disconnected: true }));
        return;
    }
    if (!this.#connection?.open) {
      if (id !== undefined)
        send(errorOf(id, RELAY_ERROR, 'Not connected to an extension: send connect first.'));
      return;
    }
    if (message.connectionId !== undefined && message.connectionId !== this.#connection.id) {
      if (id !== undefined) send(errorOf(id, RELAY_ERROR, 'Unknown connectionId.'));
      return;
    }
    if (id !== undefined) this.options.onRequest?.();
    this.#connection.send(message);
  }

  async #list(id: Id) {
    const extensions = await this.options.directory.list(this.claims!.user);
    this.options.send(
      resultOf(id, {
        extensions: extensions.map((extension) => ({
          id: extension.id,
          name: extension.name,
          connected: true,
        })),
      }),
    );
  }

  async #handshake(id: Message['id'], params: Record<string, unknown>) {
    const { send } = this.options;
    if (this.claims) {
      if (id !== undefined && id !== null) send(resultOf(id, this.#identity()));
      return;
    }
    let claims: TokenClaims;
    try {
      claims = await this.options.verifier.verify(params.accessToken, 'client');
    } catch (error) {
      this.options.log.warn('client.auth_failed', {
        client: this.id,
        reason: (error as Error).message,
      });
      send(errorOf(id, RELAY_ERROR, `Authentication failed: ${(error as Error).message}`));
      this.options.close(4401, 'Authentication failed');
      return;
    }
    const refused = this.options.admit?.(claims);
    if (refused !== undefined) {
      this.options.log.warn('client.refused', { client: this.id, user: claims.user });
      send(errorOf(id, RELAY_ERROR, refused));
      this.options.close(4429, 'Too many connections');
      return;
    }
    this.claims = claims;
    this.options.log.info('client.authenticated', { client: this.id, user: this.claims.user });
    // A token is good until it expires, on an open socket too.
    if (!this.#ended)
      this.#stopExpiry = whenExpired(this.claims, () => {
        this.options.log.info('client.token_expired', { client: this.id, user: this.claims?.user });
        this.options.close(4401, 'Token expired');
      });
    if (id !== undefined && id !== null) send(resultOf(id, this.#identity()));
  }

  #identity() {
    return { authenticated: true, user_id: this.claims!.user, mcp_client_id: this.id };
  }

  async #connect(id: Message['id'], params: Record<string, unknown>) {
    const { send } = this.options;
    if (id === undefined || id === null) return;
    if (typeof params.extension_id !== 'string' || params.extension_id === '') {
      return send(errorOf(id, INVALID_PARAMS, 'Invalid params: "extension_id" must be a string.'));
    }
    if (this.#connection?.open) {
      return send(
        errorOf(id, CONFLICT_OR_UNAUTHORIZED, 'MCP client already connected to an extension'),
      );
    }
    const { user } = this.claims!;
    const named = params.extension_id;
    const find = () => this.options.directory.get(user, named);
    const { returns } = this.options;
    const outcome = { waited: false };
    const port = returns
      ? await returns.wait(user, named, find, this.#closing.signal, outcome)
      : await find();
    if (this.#ended) return;
    if (!port) {
      const why =
        outcome.waited && returns ? returns.notBack() : 'Extension not found or not accessible';
      return send(errorOf(id, RELAY_ERROR, why));
    }
    const connection: Connection = new Connection(
      port,
      send,
      (reason) => {
        if (this.#connection === connection) this.#connection = undefined;
        send(notificationOf('disconnected', { connection_id: connection.id, reason }));
      },
      this.claims!,
    );
    this.#connection = connection;
    this.options.log.info('client.connected', {
      client: this.id,
      extension: port.info.id,
      connection: connection.id,
    });
    send(
      resultOf(id, {
        connection_id: connection.id,
        extension_id: port.info.id,
        extension_name: port.info.name,
      }),
    );
  }

  /** The client's socket closed. */
  end(): void {
    this.#ended = true;
    this.#closing.abort();
    this.#stopExpiry();
    this.#connection?.close();
    this.#connection = undefined;
  }
}
