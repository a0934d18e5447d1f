/**
 * The relay's one HTTP server: every request and WebSocket upgrade passes the origin check
 * (access/origin-check.ts) first. Requests go to the front door; upgrades go to the WebSocket
 * endpoint of their path (`/extension`, `/mcp`), and any other path is answered 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WebSocketServer } from 'ws';
import { refusal, type OriginPolicy } from '../access/origin-check.js';
import type { Logger } from '../monitoring/log.js';
import { errorOf, RELAY_ERROR } from '../wire/jsonrpc.js';

export interface HttpServerOptions {
  policy: OriginPolicy;
  /** The front door on Node's server (node-adapter.ts). */
  serveHttp(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** The WebSocket endpoint at each path. */
  upgrades: Map<string, WebSocketServer>;
  log: Logger;
}

export function createHttpServer(options: HttpServerOptions): Server {
  const { policy, serveHttp, upgrades, log } = options;
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
  http.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // A peer resetting the connection before the upgrade is done must not take the relay down.
    socket.on('error', (error) => log.debug('upgrade.error', { reason: error.message }));
    const path = new URL(request.url ?? '/', 'http://relay').pathname;
    const refused = refusal(request, policy);
    const server = upgrades.get(path);
    if (refused || !server) {
      socket.end(
        `HTTP/1.1 ${refused ? '403 Forbidden' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
  });
  return http;
}

/** Listens on `host:port` (port 0: any free one); returns the server's URL. */
export async function listen(
  http: Server,
  host: string,
  port: number,
  onError: () => void,
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error) => {
      onError();
      reject(error);
    });
    http.listen(port, host, () => resolve());
  });
  const { port: bound } = http.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${bound}`;
}
