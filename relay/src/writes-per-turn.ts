/**
 * Writes to a socket gathered per turn of the event loop. Node writes each `write` to a TCP
 * socket with a system call of its own, and under load those calls were the relay's largest
 * single cost: one per frame on a browser's socket (ws), one per message published to Redis
 * (ioredis). The first write of a turn corks the socket, and it is uncorked once the turn's I/O
 * has been handled (`setImmediate`): what the clients' sockets brought in that turn leaves in one
 * write, in order. `process.nextTick` would not do (nor ioredis's auto-pipelining, which uses it):
 * each client socket's data is an I/O callback of its own, and ticks run after each.
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
