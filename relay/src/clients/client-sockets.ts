/**
 * The relay-protocol clients' WebSocket endpoint (`/mcp`): each socket is a client session
 * (client-session.ts: handshake, connect, forward). A socket's messages are handled one after
 * another and rate-limited, its handshake must come in time, a user may hold only so many
 * client sockets, and a socket takes only small frames until its handshake
 * (websocket/socket-limits.ts).
 */
import type { WebSocket, WebSocketServer } from 'ws';
import { RateLimit } from '../access/rate-limit.js';
import type { Verifier } from '../access/tokens.js';
import type { BrowserReturns } from '../browsers/browser-return.js';
import type { Directory } from '../browsers/directory.js';
import type { Logger } from '../monitoring/log.js';
import type { RelayMetrics } from '../monitoring/metrics.js';
import { inOrder } from '../websocket/in-order.js';
import { PerUserCount, raiseFrameLimit } from '../websocket/socket-limits.js';
import { sender, textOf } from '../websocket/socket-sender.js';
import { errorOf, parse, PARSE_ERROR, RELAY_ERROR, type Message } from '../wire/jsonrpc.js';
import { ClientSession } from './client-session.js';

export interface ClientSocketsOptions {
  directory: Directory;
  returns: BrowserReturns;
  verifier: Verifier;
  log: Logger;
  metrics: RelayMetrics;
  /** How long a socket has to hand over its token (`mcp_handshake`). */
  authTimeoutMs: number;
  /** Largest frame once the handshake is done. */
  maxClientBytes: number;
  /** Messages a second a socket may send (twice as many at once). */
  rate: number;
  /** Sockets one user may hold at once. */
  maxClientSocketsPerUser: number;
}

/** Serves the endpoint; returns each session's socket, while it is open. */
export function serveClients(
  clients: WebSocketServer,
  options: ClientSocketsOptions,
): Map<ClientSession, WebSocket> {
  const { directory, returns, verifier, log, metrics, maxClientBytes, rate } = options;
  const clientSockets = new Map<ClientSession, WebSocket>();
  const socketsPerUser = new PerUserCount(options.maxClientSocketsPerUser);
  clients.on('connection', (socket: WebSocket) => {
    const toSocket = sender(socket);
    const send = (message: Message) => {
      if (message.error !== undefined) metrics.errors.inc({ status: 'rpc' });
      toSocket(message);
    };
    const limit = new RateLimit(rate);
    const session = new ClientSession({
      directory,
      returns,
      onRequest: () => metrics.requests.inc({ transport: 'relay' }),
      verifier,
      log,
      send,
      close: (code, reason) => socket.close(code, reason),
      admit(claims) {
        // Closed while its token was checked: its close was counted already.
        if (socket.readyState !== socket.OPEN) return 'The socket closed.';
        if (!socketsPerUser.take(claims.user))
          return `Too many connections: a user may hold ${socketsPerUser.max} at once; close one first.`;
        raiseFrameLimit(socket, maxClientBytes, log);
        return undefined;
      },
    });
    clientSockets.set(session, socket);
    // One message after another: a request sent right behind connect goes to that connection.
    const receive = inOrder(
      (message: Message) => session.receive(message),
      (error) => log.error('client.failed', { client: session.id, reason: String(error) }),
    );
    const handshakeTimer = setTimeout(() => {
      if (!session.claims) socket.close(4408, 'Handshake timed out');
    }, options.authTimeoutMs);
    socket.on('message', (data, isBinary) => {
      const parsed = isBinary ? undefined : parse(textOf(data));
      if (!parsed)
        return send(errorOf(null, PARSE_ERROR, 'Parse error: binary frames are not JSON-RPC.'));
      if (parsed.kind === 'invalid') return send(parsed.error);
      if (!limit.take()) {
        if (parsed.kind === 'request')
          send(errorOf(parsed.message.id, RELAY_ERROR, 'Rate limit exceeded: slow down.'));
        return;
      }
      receive(parsed.message);
    });
    socket.on('close', () => {
      clearTimeout(handshakeTimer);
      session.end();
      clientSockets.delete(session);
      if (session.claims) socketsPerUser.release(session.claims.user);
    });
  });
  return clientSockets;
}

/** How many of the sessions are connected to a browser now. */
export function openConnections(clientSockets: Map<ClientSession, WebSocket>): number {
  return [...clientSockets.keys()].filter((each) => each.connection?.open).length;
}
