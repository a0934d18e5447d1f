/**
 * An extension's WebSocket (`/extension`): the extension connects and waits; the relay asks it
 * to `authenticate` (id `proxy:1`), verifies the token it returns, tells it `authenticated`, and
 * from then on forwards clients' requests to it. An extension that does not answer in time,
 * answers with a bad token or one that is not a browser's, or names itself as another of its
 * user's browsers, is closed; so is its socket when its token expires.
 */
import { createHash } from 'node:crypto';
import type { WebSocket } from 'ws';
import { ExtensionHost, type ExtensionInfo } from './extension-host.js';
import { classify, notificationOf, type Message } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import { whenExpired, type TokenClaims, type Verifier } from '../access/tokens.js';

export const AUTH_REQUEST_ID = 'proxy:1';
/** Close codes: a refused or expired token, and a name another of the user's browsers holds. */
export const AUTH_FAILED = 4401;
export const NAME_TAKEN = 4403;

/**
 * The extension's id: the same for the same user, token and browser name, so a reconnecting
 * browser keeps its id (and clients can name it); never derived from anything secret alone.
 */
export function extensionIdOf(claims: TokenClaims, name: string): string {
  const hash = createHash('sha256')
    .update(`${claims.user}\n${claims.tokenId}\n${name}`)
    .digest('hex');
  return `ext-${hash.slice(0, 32)}`;
}

export interface ExtensionSocketOptions {
  socket: WebSocket;
  verifier: Verifier;
  log: Logger;
  authTimeoutMs: number;
  send(message: Message): void;
  /** The extension authenticated: why it may not be let in (its name is taken), if so. */
  admit(info: ExtensionInfo, claims: TokenClaims): Promise<Refusal | undefined>;
  /**
   * The host is ready to be found (made so at once, in the same step as the last check), or why
   * it may not be after all.
   */
  onReady(host: ExtensionHost, claims: TokenClaims): Refusal | undefined;
}

export interface Refusal {
  code: number;
  reason: string;
}

/** Handles one extension socket's messages until it closes; returns the message handler. */
export function acceptExtension(options: ExtensionSocketOptions) {
  const { socket, log, send } = options;
  let host: ExtensionHost | undefined;
  let authenticating = true;
  let closed = false;
  let stopExpiry = () => undefined as void;
  const timer = setTimeout(() => {
    if (!host) socket.close(4408, 'Authentication timed out');
  }, options.authTimeoutMs);
  send({ jsonrpc: '2.0', id: AUTH_REQUEST_ID, method: 'authenticate', params: {} });

  return {
    get host() {
      return host;
    },
    /** A message from the extension: a promise only while it authenticates. */
    receive(value: unknown): Promise<void> | undefined {
      if (host) {
        host.receive(value);
        return undefined;
      }
      return authenticate(value);
    },
    closed() {
      closed = true;
      clearTimeout(timer);
      stopExpiry();
    },
  };

  async function authenticate(value: unknown): Promise<void> {
    const parsed = classify(value);
    if (!authenticating || parsed.kind !== 'response' || parsed.message.id !== AUTH_REQUEST_ID) {
      return; // nothing but the answer to authenticate counts before it
    }
    authenticating = false;
    const result = (parsed.message.result ?? {}) as { name?: unknown; accessToken?: unknown };
    const name =
      typeof result.name === 'string' && result.name.trim()
        ? result.name.trim().slice(0, 100)
        : 'Browser';
    let claims: TokenClaims;
    try {
      claims = await options.verifier.verify(result.accessToken, 'browser');
    } catch (error) {
      log.warn('extension.auth_failed', { reason: (error as Error).message });
      clearTimeout(timer);
      socket.close(AUTH_FAILED, 'Authentication failed');
      return;
    }
    clearTimeout(timer);
    if (closed) return;
    const info = { id: extensionIdOf(claims, name), name, user: claims.user };
    const candidate: ExtensionHost = new ExtensionHost(info, send, () => send(candidate.status()));
    const refused = (await options.admit(info, claims)) ?? options.onReady(candidate, claims);
    if (refused) {
      log.warn('extension.refused', { extension: info.id, user: claims.user, name, ...refused });
      if (!closed) socket.close(refused.code, refused.reason);
      return;
    }
    host = candidate;
    send(notificationOf('authenticated', { user_id: claims.user, extension_id: info.id }));
    log.info('extension.authenticated', { extension: info.id, user: claims.user, name });
    // A token is good until it expires, on an open socket too.
    stopExpiry = whenExpired(claims, () => {
      log.info('extension.token_expired', { extension: info.id, user: claims.user });
      socket.close(AUTH_FAILED, 'Token expired');
    });
  }
}
