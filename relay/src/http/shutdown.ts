/**
 * Graceful shutdown of the relay's HTTP server: requests still being answered finish (their
 * streams were ended first), connections close as they fall idle, and after a grace period
 * whatever is left is cut. Node's `closeIdleConnections` leaves connections that were opened
 * and never used open, so the relay tracks its connections itself.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export function gracefulCloser(http: Server) {
  const connections = new Set<Socket>();
  const answering = new Set<Socket>();
  http.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  http.on('request', (request, response) => {
    answering.add(request.socket);
    response.on('close', () => answering.delete(request.socket));
  });
  http.on('upgrade', (_request, socket: Socket) => connections.delete(socket)); // a WebSocket now
  const closeIdle = () => {
    for (const socket of connections) if (!answering.has(socket)) socket.destroy();
  };

  /** Closes the server; `cut` ends what is still open after `graceMs`. */
  return (cut: () => void, graceMs = 2_000) =>
    new Promise<void>((resolve) => {
      const idle = setInterval(closeIdle, 50);
      const timer = setTimeout(() => {
        cut();
        http.closeAllConnections();
      }, graceMs);
      http.close(() => {
        clearInterval(idle);
        clearTimeout(timer);
        resolve();
      });
      closeIdle();
    });
}
