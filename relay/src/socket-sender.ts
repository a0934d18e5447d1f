/**
 * Writing JSON-RPC messages to a WebSocket, and reading its frames' text.
 *
 * A browser's socket carries every client's requests to that browser. ws writes each frame with
 * one system call of its own (a `writev` of header and payload), which was the largest single
 * cost in the relay's CPU profile under load (200 clients calling at once). So the browser's
 * socket is written in batches: the first message of a turn of the event loop corks the TCP
 * socket, and it is uncorked once the turn's I/O has been handled (`setImmediate`), so what the
 * clients' sockets brought in that turn leaves in one write, in order. `process.nextTick` would
 * not do: each client socket's data is an I/O callback of its own, and ticks run after each.
 * ws has no public cork; it writes through `_socket` (a `net.Socket`), which this reaches for,
 * and a socket without one is written frame by frame as before.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Message } from './jsonrpc.js';

/** Sends each message at once (a client's socket: one message a turn, as a rule). */
export const sender = (socket: WebSocket) => (message: Message) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** Sends the messages of one turn of the event loop in one write (see above). */
export function batchedSender(socket: WebSocket): (message: Message) => void {
  const stream = (socket as unknown as { _socket?: Partial<Duplex> })._socket;
  const canCork = typeof stream?.cork === 'function' && typeof stream.uncork === 'function';
  let corked = false;
  const flush = () => {
    corked = false;
    stream!.uncork!();
  };
  return (message) => {
    if (socket.readyState !== socket.OPEN) return;
    if (canCork && !corked) {
      corked = true;
      stream!.cork!();
      setImmediate(flush);
    }
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
