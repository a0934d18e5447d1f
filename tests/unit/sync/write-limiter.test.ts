import { describe, expect, it } from 'vitest';
import { SYNC_LIMITS } from '../../../src/sync/sync-limits';
import { WriteLimiter } from '../../../src/sync/write-limiter';

describe('sync write limiter', () => {
  it('lets writes through until a window is full, then says how long to wait', () => {
    const limiter = new WriteLimiter();
    for (let index = 0; index < SYNC_LIMITS.writesPerMinute; index += 1) {
      expect(limiter.waitFor(1, index)).toBe(0);
      limiter.record(1, index);
    }
    expect(limiter.waitFor(1, 1000)).toBe(60_000 - 1000 + 1);
    expect(limiter.waitFor(1, 60_001)).toBe(0);
  });

  it('keeps a steady stream of changes under both limits for two hours', () => {
    const limiter = new WriteLimiter();
    const sent: number[] = [];
    let nextAllowed = 0;
    // A change every 700 ms for two hours, each asking for two writes (set and remove).
    for (let now = 0; now < 2 * 3_600_000; now += 700) {
      if (now < nextAllowed) continue;
      const wait = limiter.waitFor(2, now);
      if (wait > 0) {
        nextAllowed = now + wait;
        continue;
      }
      limiter.record(2, now);
      sent.push(now, now);
    }
    const most = (window: number) =>
      Math.max(...sent.map((start) => sent.filter((t) => t >= start && t < start + window).length));
    expect(most(60_000)).toBeLessThanOrEqual(SYNC_LIMITS.writesPerMinute);
    expect(most(3_600_000)).toBeLessThanOrEqual(SYNC_LIMITS.writesPerHour);
    expect(sent.length).toBeGreaterThan(SYNC_LIMITS.writesPerHour);
  });
});
