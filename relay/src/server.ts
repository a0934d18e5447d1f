/**
 * The relay's server: one HTTP server with the WebSocket endpoints (`/extension` for browsers,
 * `/mcp` for relay-protocol clients) and the standard MCP front door (`http/front-door.ts`:
 * Streamable HTTP, legacy SSE, `/tools`, `/health`, `/metrics`). Browsers' sockets are served by
 * browsers/extension-sockets.ts; requests for a browser that just left wait for it
 * (browsers/browser-return.ts), and what happens is counted for `/metrics`
 * (monitoring/metrics.ts). Every socket gets heartbeats (a socket that misses one is closed), a
 * message-size limit and a rate limit. `close()` shuts down gracefully: sockets are told, then
 * closed. A socket takes only small frames until it authenticated (websocket/socket-limits.ts);
 * a user may hold only so many client sockets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { randomUUID } from 'node:crypto';
import { BrowserReturns, DEFAULT_BROWSER_GRACE_MS } from './browsers/browser-return.js';
import { ClientSession } from './clients/client-session.js';
import { LocalDirectory, type Directory } from './browsers/directory.js';
import { browserNames, takenOver } from './browsers/names.js';
import { serveExtensions } from './browsers/extension-sockets.js';
import { createFrontDoor } from './http/front-door.js';
import { nodeHandler } from './http/node-adapter.js';
import { gracefulCloser } from './http/shutdown.js';
import { inOrder } from './websocket/in-order.js';
import { measuredDirectory } from './browsers/measured-directory.js';
import { gaugesOf, RelayMetrics } from './monitoring/metrics.js';
import { processMetrics } from './monitoring/process-metrics.js';
import { errorOf, parse, PARSE_ERROR, RELAY_ERROR, type Message } from './wire/jsonrpc.js';
import { policyFor, refusal } from './access/origin-check.js';
import { RateLimit } from './access/rate-limit.js';
import { RedisDirectory } from './redis/directory.js';
import {
  PerUserCount,
  raiseFrameLimit,
  UNAUTHENTICATED_FRAME_BYTES,
} from './websocket/socket-limits.js';
import type { RelayOptions } from './options/relay-options.js';
import { sender, textOf } from './websocket/socket-sender.js';
import type { TokenClaims } from './access/tokens.js';
import { VERSION } from './version.js';

export type { RelayOptions } from './options/relay-options.js';

export interface Relay {
  url: string;
  /** The browsers connected to this instance. */
  local: LocalDirectory;
  close(): Promise<void>;
}

type Live = WebSocket & { alive?: boolean };

export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { log, verifier } = options;
  const policy = policyFor({
    bindHost: options.host,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    allowedExtensions: options.allowedExtensions,
  });
  const local = new LocalDirectory();
  const extensionSockets = new Map<string, WebSocket>();
  const metrics = new RelayMetrics();
  const returns = new BrowserReturns(
    options.browserGraceMs ?? DEFAULT_BROWSER_GRACE_MS,
    options.maxWaitingPerUser ?? 32,
    (outcome) => metrics.waited.inc({ outcome }),
  );
  const shared = options.redisUrl
    ? await RedisDirectory.connect({
        url: options.redisUrl,
        key: options.redisKey ?? '',
        local,
        log,
        ttlMs: options.presenceTtlMs ?? 15_000,
        onTakenOver: (extensionId, why) => {
          const { code, reason } = takenOver(why);
          extensionSockets.get(extensionId)?.close(code, reason);
        },
        onAnnounced: (kind, info) =>
          kind === 'arrived' ? returns.arrived(info) : returns.left(info),
        onMessage: (direction) => metrics.forwarded.inc({ direction }),
      })
    : undefined;
  const instance = shared?.instance ?? randomUUID();
  const directory: Directory = measuredDirectory(shared ?? local, metrics.latency);
  const names = browserNames(local, shared, log);
  const extensionClaims = new Map<WebSocket, TokenClaims>();
  const clientSockets = new Map<ClientSession, WebSocket>();
  const rate = options.messagesPerSecond ?? 100;
  const maxExtensionBytes = options.maxExtensionMessageBytes ?? 16 * 1024 * 1024;
  const maxClientBytes = options.maxClientMessageBytes ?? 1024 * 1024;
  const maxUnauthenticatedBytes =
    options.maxUnauthenticatedMessageBytes ?? UNAUTHENTICATED_FRAME_BYTES;
  const socketsPerUser = new PerUserCount(options.maxClientSocketsPerUser ?? 32);

  // Small frames until a socket authenticated; raised then (see websocket/socket-limits.ts).
  const extensions = new WebSocketServer({
    noServer: true,
    maxPayload: Math.min(maxUnauthenticatedBytes, maxExtensionBytes),
  });
  const clients = new WebSocketServer({
    noServer: true,
    maxPayload: Math.min(maxUnauthenticatedBytes, maxClientBytes),
  });

  serveExtensions(extensions, {
    verifier,
    log,
    local,
    shared,
    names,
    returns,
    extensionSockets,
    extensionClaims,
    authTimeoutMs: options.authTimeoutMs ?? 10_000,
    maxExtensionBytes,
    rate,
  });

  clients.on('connection', (socket: Live) => {
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
    }, options.authTimeoutMs ?? 10_000);
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

  // A token revoked in the deny list ends the sockets that used it.
  verifier.denyList.onChange(() => {
    for (const [socket, claims] of extensionClaims) {
      if (verifier.denyList.denies(claims)) socket.close(4401, 'Token revoked');
    }
    for (const [session, socket] of clientSockets) {
      if (session.claims && verifier.denyList.denies(session.claims))
        socket.close(4401, 'Token revoked');
    }
  });

  // Heartbeats: a socket that did not answer the last ping is gone.
  const heartbeat = setInterval(() => {
    for (const socket of [...extensions.clients, ...clients.clients] as Live[]) {
      if (socket.alive === false) {
        socket.terminate();
        continue;
      }
      socket.alive = false;
      socket.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  for (const server of [extensions, clients]) {
    server.on('connection', (socket: Live) => {
      socket.alive = true;
      socket.on('pong', () => (socket.alive = true));
      socket.on('error', (error) => log.warn('socket.error', { reason: error.message }));
    });
  }

  const frontDoor = createFrontDoor({
    directory,
    verifier,
    log,
    maxBodyBytes: maxClientBytes,
    ssePingMs: options.ssePingMs,
    maxSseStreamsPerUser: options.maxSseStreamsPerUser,
    requestsPerSecond: options.httpRequestsPerSecond,
    anonymousUser: options.anonymousUser,
    sharing: shared?.sessions,
    returns,
    metrics,
    serveMetrics: options.metrics,
    health: () => ({
      instance,
      redis: shared ? (shared.connected ? 'connected' : 'unavailable') : 'not used',
      browsers: local.size,
      relayClients: clientSockets.size,
      relayConnections: [...clientSockets.keys()].filter((each) => each.connection?.open).length,
      waitingForBrowser: returns.waiting,
    }),
  });
  gaugesOf(metrics, {
    browsers: () => local.size,
    relayClients: () => clientSockets.size,
    relayConnections: () =>
      [...clientSockets.keys()].filter((each) => each.connection?.open).length,
    httpSessions: () => frontDoor.sessions(),
    waiting: () => returns.waiting,
  });
  const stopProcessMetrics = processMetrics(metrics);
  const serveHttp = nodeHandler(frontDoor, {
    maxBodyBytes: maxClientBytes,
    onerror: (error) => log.error('http.failed', { reason: error.message }),
  });

  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    const refused = refusal(request, policy);
    if (refused) {
      response
        .writeHead(403, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(errorOf(null, RELAY_ERROR, refused)));
      return;
    }
    void serveHttp(request, response);
  });

  const closeHttp = gracefulCloser(http);

  http.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // A peer resetting the connection before the upgrade is done must not take the relay down.
    socket.on('error', (error) => log.debug('upgrade.error', { reason: error.message }));
    const path = new URL(request.url ?? '/', 'http://relay').pathname;
    const refused = refusal(request, policy);
    const server = path === '/extension' ? extensions : path === '/mcp' ? clients : undefined;
    if (refused || !server) {
      socket.end(
        `HTTP/1.1 ${refused ? '403 Forbidden' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', (error) => {
      void shared?.close();
      reject(error);
    });
    http.listen(options.port, options.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${shownHost}:${port}`;
  log.info('relay.listening', { url, version: VERSION });

  return {
    url,
    local,
    async close() {
      clearInterval(heartbeat);
      stopProcessMetrics();
      frontDoor.close();
      for (const socket of [...extensions.clients, ...clients.clients])
        socket.close(1001, 'Relay shutting down');
      await closeHttp(() => {
        for (const socket of [...extensions.clients, ...clients.clients]) socket.terminate();
      });
      verifier.denyList.close();
      await shared?.close();
      log.info('relay.closed');
    },
  };
}
