/**
 * Writing JSON-RPC messages to a WebSocket, and reading its frames' text. Each message is written
 * as it is sent, the browser's socket too: gathering a turn's messages into one write (as what
 * goes to another instance is, redis/batches-per-turn.ts) saved system calls there but held every
 * request of a turn until the turn ended, and the p99 through one relay rose with it
 * (docs/performance.md).
 */
import type { WebSocket } from 'ws';
import type { Message } from '../wire/jsonrpc.js';

/** Sends each message at once. */
export const sender = (socket: WebSocket) => (message: Message) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** A text frame's text (ws hands over a Buffer, or its fragments). */
export const textOf = (data: unknown): string =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data as Buffer[]).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
