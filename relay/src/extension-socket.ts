/**
 * An extension's WebSocket (`/extension`): the extension connects and waits; the relay asks it
 * to `authenticate` (id `proxy:1`), verifies the token it returns, tells it `authenticated`, and
 * from then on forwards clients' requests to it. An extension that does not answer in time, or
 * answers with a bad token, is closed.
 */
import { createHash } from 'node:crypto';
import type { WebSocket } from 'ws';
import { ExtensionHost } from './extension-host.js';
import { classify, notificationOf, type Message } from './jsonrpc.js';
import type { Logger } from './log.js';
import type { TokenClaims, Verifier } from './tokens.js';

export const AUTH_REQUEST_ID = 'proxy:1';

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
  /** The extension authenticated: the host is ready to be found. */
  onReady(host: ExtensionHost, claims: TokenClaims): void;
}

/** Handles one extension socket's messages until it closes; returns the message handler. */
export function acceptExtension(options: ExtensionSocketOptions) {
  const { socket, log, send } = options;
  let host: ExtensionHost | undefined;
  let authenticating = true;
  const timer = setTimeout(() => {
    if (!host) socket.close(4408, 'Authentication timed out');
  }, options.authTimeoutMs);
  send({ jsonrpc: '2.0', id: AUTH_REQUEST_ID, method: 'authenticate', params: {} });

  return {
    get host() {
      return host;
    },
    async receive(value: unknown) {
      if (host) return host.receive(value);
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
        claims = await options.verifier.verify(result.accessToken);
      } catch (error) {
        log.warn('extension.auth_failed', { reason: (error as Error).message });
        clearTimeout(timer);
        socket.close(4401, 'Authentication failed');
        return;
      }
      clearTimeout(timer);
      const info = { id: extensionIdOf(claims, name), name, user: claims.user };
      host = new ExtensionHost(info, send, () => send(host!.status()));
      send(notificationOf('authenticated', { user_id: claims.user, extension_id: info.id }));
      log.info('extension.authenticated', { extension: info.id, user: claims.user, name });
      options.onReady(host, claims);
    },
    closed() {
      clearTimeout(timer);
    },
  };
}
