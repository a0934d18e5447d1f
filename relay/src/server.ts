/**
 * The relay's server: one HTTP server (http/http-server.ts) with the WebSocket endpoints
 * (`/extension` for browsers, browsers/extension-sockets.ts; `/mcp` for relay-protocol clients,
 * clients/client-sockets.ts) and the standard MCP front door (`http/front-door.ts`: Streamable
 * HTTP, legacy SSE, `/tools`, `/health`, `/metrics`). `startRelay` wires these rooms together:
 * requests for a browser that just left wait for it (browsers/browser-return.ts), what happens
 * is counted for `/metrics` (monitoring/metrics.ts), every socket gets heartbeats
 * (websocket/heartbeats.ts), a message-size limit and a rate limit, and a token revoked in the
 * deny list ends the sockets that used it. `close()` shuts down gracefully: sockets are told,
 * then closed. A socket takes only small frames until it authenticated
 * (websocket/socket-limits.ts); a user may hold only so many client sockets.
 */
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { policyFor } from './access/origin-check.js';
import type { TokenClaims, Verifier } from './access/tokens.js';
import { BrowserReturns, DEFAULT_BROWSER_GRACE_MS } from './browsers/browser-return.js';
import { LocalDirectory, type Directory } from './browsers/directory.js';
import { serveExtensions } from './browsers/extension-sockets.js';
import { measuredDirectory } from './browsers/measured-directory.js';
import { browserNames, takenOver } from './browsers/names.js';
import type { ClientSession } from './clients/client-session.js';
import { openConnections, serveClients } from './clients/client-sockets.js';
import { createFrontDoor } from './http/front-door.js';
import { createHttpServer, listen } from './http/http-server.js';
import { nodeHandler } from './http/node-adapter.js';
import { gracefulCloser } from './http/shutdown.js';
import { gaugesOf, RelayMetrics } from './monitoring/metrics.js';
import { processMetrics } from './monitoring/process-metrics.js';
import type { RelayOptions } from './options/relay-options.js';
import { RedisDirectory } from './redis/directory.js';
import { keepAlive } from './websocket/heartbeats.js';
import { UNAUTHENTICATED_FRAME_BYTES } from './websocket/socket-limits.js';
import { VERSION } from './version.js';

export type { RelayOptions } from './options/relay-options.js';

export interface Relay {
  url: string;
  /** The browsers connected to this instance. */
  local: LocalDirectory;
  close(): Promise<void>;
}

export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { log, verifier } = options;
  const policy = policyFor({
    bindHost: options.host,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    allowedExtensions: options.allowedExtensions,
  });
  const browsers = await findBrowsers(options);
  const { local, metrics, returns, shared } = browsers;
  const { extensions, clients, extensionClaims, clientSockets } = openSockets(options, browsers);
  closeWhenRevoked(verifier, extensionClaims, clientSockets);
  const stopHeartbeats = keepAlive([extensions, clients], options.heartbeatMs ?? 30_000, log);
  const counts = {
    browsers: () => local.size,
    relayClients: () => clientSockets.size,
    relayConnections: () => openConnections(clientSockets),
    waiting: () => returns.waiting,
  };
  const maxBodyBytes = frameSizes(options).client;
  const frontDoor = createFrontDoor({
    directory: browsers.directory,
    verifier,
    log,
    maxBodyBytes,
    ssePingMs: options.ssePingMs,
    maxSseStreamsPerUser: options.maxSseStreamsPerUser,
    requestsPerSecond: options.httpRequestsPerSecond,
    anonymousUser: options.anonymousUser,
    sharing: shared?.sessions,
    returns,
    metrics,
    serveMetrics: options.metrics,
    health: () => ({
      instance: browsers.instance,
      redis: shared ? (shared.connected ? 'connected' : 'unavailable') : 'not used',
      browsers: counts.browsers(),
      relayClients: counts.relayClients(),
      relayConnections: counts.relayConnections(),
      waitingForBrowser: counts.waiting(),
    }),
  });
  gaugesOf(metrics, { ...counts, httpSessions: () => frontDoor.sessions() });
  const stopProcessMetrics = processMetrics(metrics);
  const serveHttp = nodeHandler(frontDoor, {
    maxBodyBytes,
    onerror: (error) => log.error('http.failed', { reason: error.message }),
  });
  const upgrades = new Map([
    ['/extension', extensions],
    ['/mcp', clients],
  ]);
  const http = createHttpServer({ policy, serveHttp, upgrades, log });
  const closeHttp = gracefulCloser(http);
  const url = await listen(http, options.host, options.port, () => void shared?.close());
  log.info('relay.listening', { url, version: VERSION });

  return {
    url,
    local,
    async close() {
      stopHeartbeats();
      stopProcessMetrics();
      frontDoor.close();
      const sockets = () => [...extensions.clients, ...clients.clients];
      for (const socket of sockets()) socket.close(1001, 'Relay shutting down');
      await closeHttp(() => {
        for (const socket of sockets()) socket.terminate();
      });
      verifier.denyList.close();
      await shared?.close();
      log.info('relay.closed');
    },
  };
}

interface Browsers {
  local: LocalDirectory;
  /** Each browser's socket here, by its id. */
  extensionSockets: Map<string, WebSocket>;
  metrics: RelayMetrics;
  returns: BrowserReturns;
  shared: RedisDirectory | undefined;
  instance: string;
  /** Every browser of every instance, timed for the metrics. */
  directory: Directory;
}

/**
 * Where the browsers are: those connected here, and with Redis those of every instance (an
 * instance taking a browser over closes its socket here); requests for one that just left wait
 * for it. What happens is counted in the metrics made here.
 */
async function findBrowsers(options: RelayOptions): Promise<Browsers> {
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
        log: options.log,
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
  return { local, extensionSockets, metrics, returns, shared, instance, directory };
}

/**
 * The two WebSocket endpoints: browsers at `/extension` (browsers/extension-sockets.ts) and
 * relay-protocol clients at `/mcp` (clients/client-sockets.ts), each socket with its token's
 * claims (the deny list closes sockets by them).
 */
function openSockets(options: RelayOptions, browsers: Browsers) {
  const { log, verifier } = options;
  const { local, shared, returns, extensionSockets, metrics } = browsers;
  const sizes = frameSizes(options);
  const rate = options.messagesPerSecond ?? 100;
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  // Small frames until a socket authenticated; raised then (see websocket/socket-limits.ts).
  const extensions = new WebSocketServer({ noServer: true, maxPayload: sizes.firstExtension });
  const clients = new WebSocketServer({ noServer: true, maxPayload: sizes.firstClient });
  const extensionClaims = new Map<WebSocket, TokenClaims>();
  serveExtensions(extensions, {
    verifier,
    log,
    local,
    shared,
    names: browserNames(local, shared, log),
    returns,
    extensionSockets,
    extensionClaims,
    authTimeoutMs,
    maxExtensionBytes: sizes.extension,
    rate,
  });
  const clientSockets = serveClients(clients, {
    directory: browsers.directory,
    returns,
    verifier,
    log,
    metrics,
    authTimeoutMs,
    maxClientBytes: sizes.client,
    rate,
    maxClientSocketsPerUser: options.maxClientSocketsPerUser ?? 32,
  });
  return { extensions, clients, extensionClaims, clientSockets };
}

/** The largest frames: from a browser and a client, and before either authenticated. */
function frameSizes(options: RelayOptions) {
  const extension = options.maxExtensionMessageBytes ?? 16 * 1024 * 1024;
  const client = options.maxClientMessageBytes ?? 1024 * 1024;
  const unauthenticated = options.maxUnauthenticatedMessageBytes ?? UNAUTHENTICATED_FRAME_BYTES;
  return {
    extension,
    client,
    firstExtension: Math.min(unauthenticated, extension),
    firstClient: Math.min(unauthenticated, client),
  };
}

/** A token revoked in the deny list ends the sockets that used it. */
function closeWhenRevoked(
  verifier: Verifier,
  extensionClaims: Map<WebSocket, TokenClaims>,
  clientSockets: Map<ClientSession, WebSocket>,
): void {
  verifier.denyList.onChange(() => {
    for (const [socket, claims] of extensionClaims) {
      if (verifier.denyList.denies(claims)) socket.close(4401, 'Token revoked');
    }
    for (const [session, socket] of clientSockets) {
      if (session.claims && verifier.denyList.denies(session.claims))
        socket.close(4401, 'Token revoked');
    }
  });
}
