import { describe, expect, it } from 'vitest';
import { mergeRecords } from '../../../src/sync/merge-records';
import { stampLocal } from '../../../src/sync/stamp-local';
import type { Stamped } from '../../../src/sync/sync-records';

const value = (name: string, at: number, by = 'a'): Stamped => ({ value: { name }, at, by });

describe('the merge rule', () => {
  it('takes the later change of a record, wherever it was made', () => {
    const local = new Map([['server.x', value('mine', 200)]]);
    const remote = new Map([['server.x', value('theirs', 100, 'b')]]);
    expect(mergeRecords(local, remote).toLocal.size).toBe(0);
    expect(mergeRecords(local, remote).merged.get('server.x')).toEqual(value('mine', 200));
    const later = new Map([['server.x', value('theirs', 300, 'b')]]);
    expect(mergeRecords(local, later).toLocal.get('server.x')).toEqual({
      value: { name: 'theirs' },
    });
  });

  it('breaks a tie by the browser id, the same way in both browsers', () => {
    const a = new Map([['server.x', value('from a', 100, 'a')]]);
    const b = new Map([['server.x', value('from b', 100, 'b')]]);
    expect(mergeRecords(a, b).merged.get('server.x')).toEqual(
      mergeRecords(b, a).merged.get('server.x'),
    );
  });

  it('removes a server elsewhere only if it was not changed there since', () => {
    const removed = new Map<string, Stamped>([['server.x', { deleted: true, at: 200, by: 'b' }]]);
    const untouched = new Map([['server.x', value('x', 100)]]);
    expect(mergeRecords(untouched, removed).toLocal.get('server.x')).toEqual({ deleted: true });
    const editedSince = new Map([['server.x', value('x renamed', 300)]]);
    const merged = mergeRecords(editedSince, removed);
    expect(merged.toLocal.size).toBe(0);
    expect(merged.merged.get('server.x')).toEqual(value('x renamed', 300));
  });

  it('adds what only the other browser has, and ignores a removal of what is not here', () => {
    const remote = new Map<string, Stamped>([
      ['server.new', value('new', 5, 'b')],
      ['server.gone', { deleted: true, at: 5, by: 'b' }],
    ]);
    expect([...mergeRecords(new Map(), remote).toLocal.keys()]).toEqual(['server.new']);
  });
});

describe('stamping this browser’s records', () => {
  const state = { device: 'a', stamps: {} };

  it('gives time 0 on the first pass, so the other browsers’ records win', () => {
    const stamped = stampLocal(new Map([['server.notion', { enabled: false }]]), state, 1000);
    expect(stamped.get('server.notion')).toMatchObject({ at: 0 });
  });

  it('stamps a changed record now, keeps an unchanged one, and turns a gone server into a tombstone', () => {
    const first = stampLocal(
      new Map([
        ['server.x', { n: 1 }],
        ['server.y', { n: 1 }],
      ]),
      state,
      0,
    );
    const stamps = Object.fromEntries(
      [...first].map(([key, record]) => [
        key,
        { at: 50, by: record.by, print: JSON.stringify({ n: 1 }) },
      ]),
    );
    const next = stampLocal(new Map([['server.x', { n: 2 }]]), { device: 'a', stamps }, 900);
    expect(next.get('server.x')).toMatchObject({ at: 900 });
    expect(next.get('server.y')).toEqual({ deleted: true, at: 900, by: 'a' });
  });
});
