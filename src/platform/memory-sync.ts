import { itemBytes, SYNC_LIMITS, type SyncLimits } from '../sync/sync-limits';
import type { LocalWatch, SyncArea } from './ports';

/**
 * A {@link SyncArea} in memory that refuses what chrome.storage.sync refuses, with Chrome's
 * messages, and counts write calls (`writes`) for rate assertions.
 */
export function createMemorySyncArea(limits: SyncLimits = SYNC_LIMITS): SyncArea & {
  snapshot(): Record<string, unknown>;
  /** Items set from elsewhere (another browser's changes arriving), without counting a write. */
  receive(items: Record<string, unknown>, removed: readonly string[]): void;
  writes: number[];
} {
  const data = new Map<string, string>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const snapshot = () =>
    Object.fromEntries([...data].map(([key, text]) => [key, JSON.parse(text) as unknown]));
  const writes: number[] = [];
  return {
    writes,
    snapshot,
    getAll: async () => snapshot(),
    async set(items) {
      writes.push(Date.now());
      const next = new Map(data);
      for (const [key, value] of Object.entries(items)) {
        if (itemBytes(key, value) > limits.bytesPerItem)
          throw new Error('QUOTA_BYTES_PER_ITEM quota exceeded');
        next.set(key, JSON.stringify(value));
      }
      if (next.size > limits.maxItems) throw new Error('MAX_ITEMS quota exceeded');
      let total = 0;
      for (const [key, text] of next) total += itemBytes(key, JSON.parse(text));
      if (total > limits.totalBytes) throw new Error('QUOTA_BYTES quota exceeded');
      data.clear();
      next.forEach((text, key) => data.set(key, text));
      changed();
    },
    async remove(keys) {
      writes.push(Date.now());
      keys.forEach((key) => data.delete(key));
      changed();
    },
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(items, removed) {
      for (const [key, value] of Object.entries(items)) data.set(key, JSON.stringify(value));
      removed.forEach((key) => data.delete(key));
      changed();
    },
  };
}

/**
 * Two browsers' sync areas joined as Chrome's sync joins them, one delivery at a time: what
 * one writes reaches the other when the test calls `deliver()` (concurrent edits are edits made
 * between two deliveries).
 */
export function linkSyncAreas(
  first: ReturnType<typeof createMemorySyncArea>,
  second: ReturnType<typeof createMemorySyncArea>,
): { deliver(): void } {
  let seen = [first.snapshot(), second.snapshot()] as const;
  return {
    deliver() {
      const [firstNow, secondNow] = [first.snapshot(), second.snapshot()];
      const delta = (before: Record<string, unknown>, after: Record<string, unknown>) => ({
        set: Object.fromEntries(
          Object.entries(after).filter(
            ([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value),
          ),
        ),
        removed: Object.keys(before).filter((key) => !(key in after)),
      });
      const fromFirst = delta(seen[0], firstNow);
      const fromSecond = delta(seen[1], secondNow);
      // An item both wrote since the last delivery: Chrome keeps one; here the second's.
      const both = new Set(Object.keys(fromSecond.set));
      second.receive(
        Object.fromEntries(Object.entries(fromFirst.set).filter(([key]) => !both.has(key))),
        fromFirst.removed.filter((key) => !both.has(key)),
      );
      first.receive(fromSecond.set, fromSecond.removed);
      seen = [first.snapshot(), second.snapshot()];
    },
  };
}

/** A {@link LocalWatch} the test drives: `changed(keys)` tells every listener. */
export function createLocalWatch(): LocalWatch & { changed(keys: string[]): void } {
  const listeners = new Set<(keys: string[]) => void>();
  const watch: LocalWatch = (listener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return Object.assign(watch, {
    changed: (keys: string[]) => listeners.forEach((listener) => listener(keys)),
  });
}
