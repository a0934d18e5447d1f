/** What one instance sends another in a turn of the event loop, gathered into one batch. */
import { describe, expect, it } from 'vitest';
import { BatchesPerTurn } from '../../src/redis/batches-per-turn.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchesPerTurn', () => {
  it("sends each peer's items of a turn as one batch, in order, once the turn is over", async () => {
    const sent: [string, number[]][] = [];
    const batches = new BatchesPerTurn<number>(async (to, items) => {
      sent.push([to, items]);
      return true;
    });
    const first = batches.add('b', 1);
    batches.add('c', 2);
    await Promise.resolve();
    const third = batches.add('b', 3); // a microtask of the same turn
    expect(first).toBe(third);
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([
      ['b', [1, 3]],
      ['c', [2]],
    ]);
    await expect(first).resolves.toBe(true);
    batches.add('b', 4);
    await nextTurn();
    expect(sent.at(-1)).toEqual(['b', [4]]);
  });

  it('tells every item of a batch that could not be sent, and the next batch is sent anew', async () => {
    let up = false;
    const batches = new BatchesPerTurn<string>(async () => {
      if (!up) throw new Error('Redis is away');
      return true;
    });
    const lost = [batches.add('b', 'x'), batches.add('b', 'y')];
    await expect(Promise.all(lost)).resolves.toEqual([false, false]);
    up = true;
    await expect(batches.add('b', 'z')).resolves.toBe(true);
  });
});
