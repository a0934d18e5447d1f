/**
 * A socket's messages, handled one after another. A handler that has to wait (a token check, a
 * directory look-up) returns a promise, and the messages after it wait their turn; while none
 * waits, a message is handled at once, in the turn its frame arrived. Forwarding a call, which
 * is most messages, thus costs no promise and no extra microtask (measured under load: the
 * relay's CPU a call went down with it; see docs/performance.md).
 */
export function inOrder<T>(
  handle: (message: T) => Promise<void> | undefined,
  onError: (error: unknown) => void,
): (message: T) => void {
  let waiting = 0;
  let queue: Promise<void> = Promise.resolve();
  const after = (done: Promise<void>) => {
    waiting += 1;
    queue = done.catch(onError).then(() => {
      waiting -= 1;
    });
  };
  return (message) => {
    if (waiting > 0) {
      after(queue.then(() => handle(message)));
      return;
    }
    let done: Promise<void> | undefined;
    try {
      done = handle(message);
    } catch (error) {
      onError(error);
      return;
    }
    if (done) after(done);
  };
}
