import { describe, expect, it } from 'vitest';
import { fromSyncItems, toSyncItems } from '../../../src/sync/sync-items';
import { itemBytes, SYNC_LIMITS } from '../../../src/sync/sync-limits';
import type { Stamped } from '../../../src/sync/sync-records';

const server = (name: string, disabledTools: string[] = []): Stamped => ({
  value: { name, url: `https://${name}.example.com/mcp`, enabled: true, disabledTools },
  at: 1,
  by: 'browser-a',
});

const sizes = (items: Record<string, unknown>) =>
  Object.entries(items).map(([key, value]) => itemBytes(key, value));

describe('sync items', () => {
  it('keeps a small record in one item and reads it back', () => {
    const records = new Map([['server.custom-1', server('docs')]]);
    const { items, left } = toSyncItems(records);
    expect(Object.keys(items)).toEqual(['server.custom-1']);
    expect(left).toEqual([]);
    expect(fromSyncItems(items)).toEqual(records);
  });

  it('cuts a record past 8 KB into parts each within the per-item quota', () => {
    // 1,500 tool names with quotes and non-ASCII letters: escapes and UTF-8 both count.
    const tools = Array.from({ length: 1500 }, (_, index) => `outil_“é”_${index}`);
    const records = new Map([['server.custom-1', server('big', tools)]]);
    const { items } = toSyncItems(records);
    expect(Object.keys(items).length).toBeGreaterThan(3);
    expect(Math.max(...sizes(items))).toBeLessThanOrEqual(SYNC_LIMITS.bytesPerItem);
    expect(fromSyncItems(items)).toEqual(records);
  });

  it('skips a record whose parts have not all arrived', () => {
    const tools = Array.from({ length: 1500 }, (_, index) => `tool_${index}`);
    const { items } = toSyncItems(new Map([['server.custom-1', server('big', tools)]]));
    delete items['server.custom-1#2'];
    expect(fromSyncItems(items).size).toBe(0);
  });

  it('stays within the total quota and names what did not fit, settings first', () => {
    const records = new Map<string, Stamped>([
      ['setting.chat.keepDays', { value: 30, at: 1, by: 'a' }],
    ]);
    const tools = Array.from({ length: 700 }, (_, index) => `a_rather_long_tool_name_${index}`);
    for (let index = 0; index < 8; index += 1)
      records.set(`server.custom-${index}`, server(`server${index}`, tools));
    const { items, left } = toSyncItems(records);
    const total = sizes(items).reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(SYNC_LIMITS.totalBytes);
    expect(items['setting.chat.keepDays']).toBeDefined();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((key) => key.startsWith('server.'))).toBe(true);
    expect([...fromSyncItems(items).keys()]).not.toContain(left[0]);
  });

  it('stays within the item count', () => {
    const records = new Map<string, Stamped>();
    for (let index = 0; index < 600; index += 1)
      records.set(`server.custom-${index}`, { deleted: true, at: 1, by: 'a' });
    const { items, left } = toSyncItems(records);
    expect(Object.keys(items)).toHaveLength(SYNC_LIMITS.maxItems);
    expect(left).toHaveLength(600 - SYNC_LIMITS.maxItems);
  });
});
