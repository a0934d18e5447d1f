/**
 * Writes to a socket gathered per turn of the event loop, for the relay's Redis connection. Node
 * writes each `write` to a TCP socket with a system call of its own, and under load ioredis's
 * one per published message was the largest single cost of relays sharing Redis. The first
 * write of a turn corks the socket, and it is uncorked once the turn's I/O has been handled
 * (`setImmediate`): what the clients' sockets brought in that turn leaves in one write, in order.
 * `process.nextTick` would not do (nor ioredis's auto-pipelining, which uses it): each client
 * socket's data is an I/O callback of its own, and ticks run after each. (The browser's socket
 * is not gathered: it held each turn's first requests until the turn ended, and the tail rose.)
 */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** Call before each write: holds the socket's writes until the turn's I/O is handled. */
export function writesPerTurn(socket: () => Corkable | undefined): () => void {
  let held: Corkable | undefined;
  return () => {
    if (held) return;
    const current = socket();
    if (!current) return;
    held = current;
    current.cork();
    setImmediate(() => {
      held = undefined;
      current.uncork();
    });
  };
}
