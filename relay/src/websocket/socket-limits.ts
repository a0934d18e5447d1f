/**
 * What a WebSocket peer may do before it authenticated, and how many client sockets a user may
 * hold.
 *
 * Before a socket authenticated, the relay expects one small message (the answer to
 * `authenticate`, or `mcp_handshake`), so it takes no large frame from it: a peer without a token
 * must not make the relay buffer and parse megabytes. ws has one `maxPayload` per server, checked
 * as each frame's header arrives (before the payload is buffered; over it, the socket is closed
 * with 1009), and no public way to change it for one socket. So each server is made with the
 * small limit (public API: what an unauthenticated peer can make the relay buffer never depends
 * on what follows), and a socket that authenticated gets its large limit through its receiver's
 * `_maxPayload`, which the receiver reads at every frame header (ws 8; the servers use no
 * permessage-deflate, which has a limit of its own). Should a ws release rename it, nothing opens
 * up: the small limit stays, an error is logged, and the tests of large frames after
 * authentication fail.
 */
import type { WebSocket } from 'ws';
import { AUTH_REQUEST_ID } from '../browsers/extension-socket.js';
import type { Parsed } from '../wire/jsonrpc.js';
import type { Logger } from '../monitoring/log.js';

/** The largest frame a socket may send before it authenticated. */
export const UNAUTHENTICATED_FRAME_BYTES = 64 * 1024;

/** Lets an authenticated socket send frames up to `bytes` (see above). */
export function raiseFrameLimit(socket: WebSocket, bytes: number, log: Logger): void {
  const receiver = (socket as unknown as { _receiver?: { _maxPayload?: unknown } })._receiver;
  if (typeof receiver?._maxPayload === 'number') {
    receiver._maxPayload = bytes;
    return;
  }
  log.error('socket.frame_limit_fixed', {
    reason: 'this ws cannot raise a socket’s frame limit: large messages will be refused',
  });
}

/**
 * Before an extension authenticated: its answer to `authenticate`, once, and nothing else (the
 * relay closes a socket that sends anything else). `parsed` is undefined for a binary frame.
 */
export function authAnswerOnly(): (parsed: Parsed | undefined) => boolean {
  let answered = false;
  return (parsed) => {
    if (answered || parsed?.kind !== 'response' || parsed.message.id !== AUTH_REQUEST_ID)
      return false;
    answered = true;
    return true;
  };
}

/** How many of something each user holds, up to a maximum. */
export class PerUserCount {
  readonly #counts = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Counts one more for the user; false (and nothing counted) when they hold the maximum. */
  take(user: string): boolean {
    const held = this.#counts.get(user) ?? 0;
    if (held >= this.max) return false;
    this.#counts.set(user, held + 1);
    return true;
  }

  release(user: string): void {
    const held = (this.#counts.get(user) ?? 1) - 1;
    if (held > 0) this.#counts.set(user, held);
    else this.#counts.delete(user);
  }
}
