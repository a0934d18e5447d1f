/**
 * Heartbeats on every socket of the relay's WebSocket endpoints: each is pinged every
 * `everyMs`, and one that did not answer the last ping is gone (terminated). A socket's
 * errors are logged, never thrown.
 */
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../monitoring/log.js';

type Live = WebSocket & { alive?: boolean };

/** Starts the heartbeats; returns what stops them. */
export function keepAlive(servers: WebSocketServer[], everyMs: number, log: Logger): () => void {
  const heartbeat = setInterval(() => {
    for (const socket of servers.flatMap((server) => [...server.clients]) as Live[]) {
      if (socket.alive === false) {
        socket.terminate();
        continue;
      }
      socket.alive = false;
      socket.ping();
    }
  }, everyMs);
  for (const server of servers) {
    server.on('connection', (socket: Live) => {
      socket.alive = true;
      socket.on('pong', () => (socket.alive = true));
      socket.on('error', (error) => log.warn('socket.error', { reason: error.message }));
    });
  }
  return () => clearInterval(heartbeat);
}
