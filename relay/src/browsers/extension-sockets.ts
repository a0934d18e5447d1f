/**
 * The browsers' WebSocket endpoint (`/extension`): each socket authenticates (extension-socket.ts),
 * takes its name (names.ts), and joins the directory; a browser connecting again replaces
 * its older socket. A browser arriving or leaving is told to requests waiting for it
 * (browser-return.ts), here and, with Redis, on the other instances.
 */
import type { WebSocket, WebSocketServer } from 'ws';
import type { BrowserReturns } from './browser-return.js';
import type { browserNames } from './names.js';
import type { LocalDirectory } from './directory.js';
import { acceptExtension } from './extension-socket.js';
import { inOrder } from '../websocket/in-order.js';
import { parse, type Message } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';
import { RateLimit } from '../access/rate-limit.js';
import type { RedisDirectory } from '../redis/directory.js';
import { sender, textOf } from '../websocket/socket-sender.js';
import { authAnswerOnly, raiseFrameLimit } from '../websocket/socket-limits.js';
import type { TokenClaims, Verifier } from '../access/tokens.js';

export interface ExtensionSocketsOptions {
  verifier: Verifier;
  log: Logger;
  local: LocalDirectory;
  shared: RedisDirectory | undefined;
  names: ReturnType<typeof browserNames>;
  returns: BrowserReturns;
  /** Each browser's socket here, by its id (another instance taking it over closes it). */
  extensionSockets: Map<string, WebSocket>;
  /** Each authenticated socket's token (the deny list closes sockets by it). */
  extensionClaims: Map<WebSocket, TokenClaims>;
  authTimeoutMs: number;
  maxExtensionBytes: number;
  /** Messages a second a client may send: a browser may send ten times as many. */
  rate: number;
}

export function serveExtensions(extensions: WebSocketServer, options: ExtensionSocketsOptions) {
  const {
    verifier,
    log,
    local,
    shared,
    names,
    returns,
    extensionSockets,
    extensionClaims,
    authTimeoutMs,
    maxExtensionBytes,
    rate,
  } = options;
  extensions.on('connection', (socket: WebSocket) => {
    const send = sender(socket);
    const limit = new RateLimit(rate * 10);
    let authenticated = false;
    const beforeAuthentication = authAnswerOnly();
    const link = acceptExtension({
      socket,
      verifier,
      log,
      authTimeoutMs: authTimeoutMs,
      send,
      admit: (info) => names.admit(info),
      onReady(host, claims) {
        const refused = names.settle(host.info, socket.readyState === socket.OPEN);
        if (refused) return refused;
        authenticated = true;
        raiseFrameLimit(socket, maxExtensionBytes, log);
        extensionClaims.set(socket, claims);
        // The same browser connecting again (its old socket not yet known dead) replaces it.
        const previous = extensionSockets.get(host.info.id);
        if (previous) {
          log.info('extension.replaced', { extension: host.info.id });
          previous.close(4409, 'Replaced by a new connection');
        }
        extensionSockets.set(host.info.id, socket);
        local.add(host);
        // Requests waiting for it, here and on other instances, go on.
        returns.arrived(host.info);
        shared?.arrived(host.info);
        return undefined;
      },
    });
    // One message after another: an answer to authenticate is checked before what follows it.
    const receive = inOrder(
      (message: Message) => link.receive(message),
      (error) => log.error('extension.failed', { reason: String(error) }),
    );
    socket.on('message', (data, isBinary) => {
      const parsed = isBinary ? undefined : parse(textOf(data));
      if (!authenticated && !beforeAuthentication(parsed)) {
        log.warn('extension.refused', { reason: 'not the answer to authenticate' });
        socket.close(4400, 'Expected the answer to authenticate');
        return;
      }
      if (!parsed || parsed.kind === 'invalid') return;
      // Answers are never dropped (clients wait for them); the rest is rate-limited.
      if (parsed.kind !== 'response' && !limit.take()) return;
      receive(parsed.message);
    });
    socket.on('close', () => {
      link.closed();
      extensionClaims.delete(socket);
      const host = link.host;
      if (!host) return;
      if (extensionSockets.get(host.info.id) === socket) extensionSockets.delete(host.info.id);
      local.remove(host);
      // Not when the same browser connected again here: its new socket's presence stays.
      if (!local.local(host.info.id)) {
        // Its service worker may be restarting: requests for it wait a while (everywhere).
        returns.left(host.info);
        void shared?.leave(host.info).catch(() => undefined);
      }
      host.close('The browser left the relay (Patchbay in it may be restarting).');
      log.info('extension.closed', { extension: host.info.id });
    });
  });
}
