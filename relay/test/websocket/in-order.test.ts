/** A socket's messages one after another: at once while none waits, queued behind one that does. */
import { describe, expect, it } from 'vitest';
import { inOrder } from '../../src/websocket/in-order.js';

/** A handler that records what it handled; the messages named in `waitFor` wait for a release. */
function recorder(waitFor: string[] = []) {
  const handled: string[] = [];
  const releases = new Map<string, () => void>();
  const handle = (message: string): Promise<void> | undefined => {
    handled.push(message);
    if (!waitFor.includes(message)) return undefined;
    return new Promise<void>((resolve) => releases.set(message, resolve));
  };
  return { handled, handle, release: (message: string) => releases.get(message)!() };
}

describe('inOrder', () => {
  it('handles a message at once, in the same turn, while none waits', () => {
    const { handled, handle } = recorder();
    const receive = inOrder(handle, () => undefined);
    receive('a');
    receive('b');
    expect(handled).toEqual(['a', 'b']);
  });

  it('holds what follows a message that waits until it is done, then keeps the order', async () => {
    const { handled, handle, release } = recorder(['connect']);
    const receive = inOrder(handle, () => undefined);
    receive('connect');
    receive('call 1');
    receive('call 2');
    await Promise.resolve();
    expect(handled).toEqual(['connect']);
    release('connect');
    await expect.poll(() => handled).toEqual(['connect', 'call 1', 'call 2']);
    // Nothing waits any more: the next is handled at once again.
    receive('call 3');
    expect(handled.at(-1)).toBe('call 3');
  });

  it('reports a handler that throws or rejects, and goes on with the next message', async () => {
    const errors: unknown[] = [];
    const handled: string[] = [];
    const receive = inOrder(
      (message: string) => {
        handled.push(message);
        if (message === 'throws') throw new Error('thrown');
        if (message === 'rejects') return Promise.reject(new Error('rejected'));
        return undefined;
      },
      (error) => errors.push(error),
    );
    receive('throws');
    receive('rejects');
    receive('after');
    await expect.poll(() => handled).toEqual(['throws', 'rejects', 'after']);
    await expect
      .poll(() => errors.map((error) => (error as Error).message))
      .toEqual(['thrown', 'rejected']);
  });
});
