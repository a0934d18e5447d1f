/**
 * The relay link's one socket at a time, and its heartbeat: events of a socket that was since
 * replaced or stopped are not heard.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { HEARTBEAT_METHOD } from '../../relay/src/wire/tags';

export const HEARTBEAT_MS = 20_000;

/** The parts of a WebSocket the link uses (the browser's, or `ws` in Node tests). */
export interface LinkSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(
    type: 'close',
    listener: (event: { code: number; reason: string }) => void,
  ): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export interface SocketEvents {
  /** A text frame, and how to answer on this socket. */
  message(data: string, write: (message: JSONRPCMessage) => void): void;
  close(event: { code: number; reason: string }): void;
}

export function createSocketHolder(openSocket: (url: string) => LinkSocket) {
  let socket: LinkSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  return {
    /** Opens a socket to the relay (throwing what opening it throws) and hears it. */
    open(url: string, events: SocketEvents): void {
      const current = openSocket(url);
      socket = current;
      const write = (outgoing: JSONRPCMessage) => {
        if (socket === current && current.readyState === 1) current.send(JSON.stringify(outgoing));
      };
      current.addEventListener('open', () => {
        if (socket !== current) return;
        heartbeat = setInterval(
          () => write({ jsonrpc: '2.0', method: HEARTBEAT_METHOD }),
          HEARTBEAT_MS,
        );
      });
      current.addEventListener('message', (event) => {
        if (current === socket && typeof event.data === 'string') events.message(event.data, write);
      });
      current.addEventListener('error', () => undefined); // a close follows, which says more
      current.addEventListener('close', (event) => {
        if (socket !== current) return;
        socket = undefined;
        clearInterval(heartbeat);
        events.close(event);
      });
    },

    /** Closes the socket, if one is open; nothing of it is heard after. */
    stop(): void {
      clearInterval(heartbeat);
      heartbeat = undefined;
      const old = socket;
      socket = undefined;
      if (old && old.readyState <= 1) old.close(1000, 'Disconnected in Patchbay');
    },
  };
}
