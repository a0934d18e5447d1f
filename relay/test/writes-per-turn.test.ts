/** Writes gathered per turn of the event loop: corked at the first, uncorked once its I/O is done. */
import { describe, expect, it } from 'vitest';
import { writesPerTurn } from '../src/writes-per-turn.js';

function socket() {
  const calls: string[] = [];
  return { calls, cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('writesPerTurn', () => {
  it('corks once for every write of a turn, and uncorks after the turn', async () => {
    const tcp = socket();
    const hold = writesPerTurn(() => tcp);
    hold();
    hold();
    await Promise.resolve();
    hold(); // a microtask of the same turn
    expect(tcp.calls).toEqual(['cork']);
    await nextTurn();
    expect(tcp.calls).toEqual(['cork', 'uncork']);
    hold();
    await nextTurn();
    expect(tcp.calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
  });

  it('holds nothing while there is no socket (not connected yet), and uncorks the one it corked', async () => {
    let current: ReturnType<typeof socket> | undefined;
    const hold = writesPerTurn(() => current);
    hold();
    await nextTurn();
    const first = socket();
    current = first;
    hold();
    current = socket(); // reconnected within the turn: the corked one is the one uncorked
    hold();
    await nextTurn();
    expect(first.calls).toEqual(['cork', 'uncork']);
    expect(current.calls).toEqual([]);
  });
});
