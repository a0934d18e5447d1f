/**
 * Writing JSON-RPC messages to a WebSocket, and reading its frames' text. A browser's socket
 * carries every client's requests to that browser, and is written once a turn of the event loop
 * (writes-per-turn.ts); ws has no public cork, so this reaches for its `_socket` (a `net.Socket`),
 * and a socket without one is written frame by frame.
 */
import type { WebSocket } from 'ws';
import type { Message } from './jsonrpc.js';
import { writesPerTurn, type Corkable } from './writes-per-turn.js';

/** Sends each message at once (a client's socket: one message a turn, as a rule). */
export const sender = (socket: WebSocket) => (message: Message) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** Sends the messages of one turn of the event loop in one write. */
export function batchedSender(socket: WebSocket): (message: Message) => void {
  const tcp = (socket as unknown as { _socket?: Partial<Corkable> })._socket;
  const hold = writesPerTurn(() =>
    typeof tcp?.cork === 'function' && typeof tcp.uncork === 'function'
      ? (tcp as Corkable)
      : undefined,
  );
  return (message) => {
    if (socket.readyState !== socket.OPEN) return;
    hold();
    socket.send(JSON.stringify(message));
  };
}

/** A text frame's text (ws hands over a Buffer, or its fragments). */
export const textOf = (data: unknown): string =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data as Buffer[]).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
