import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backoff, STABLE_CONNECTION_MS } from '../../../src/mcp/session/backoff';

const policy = { maxRetries: 3, initialDelay: 100, maxDelay: 250, backoffMultiplier: 2 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Schedules a retry and says after how many milliseconds it ran (undefined: refused). */
function nextDelay(backoff: Backoff): number | undefined {
  let ran = false;
  if (!backoff.schedule(() => (ran = true))) return undefined;
  const start = Date.now();
  while (!ran) vi.advanceTimersByTime(1);
  return Date.now() - start;
}

describe('reconnect backoff', () => {
  it('spaces retries by the policy, capped, and refuses once they are used up', () => {
    const backoff = new Backoff(policy);
    expect([nextDelay(backoff), nextDelay(backoff), nextDelay(backoff)]).toEqual([100, 200, 250]);
    expect(backoff.attempts).toBe(3);
    expect(nextDelay(backoff)).toBeUndefined();
    expect(backoff.attempts).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one timer at a time: a second schedule replaces the first', () => {
    const backoff = new Backoff(policy);
    const runs: string[] = [];
    backoff.schedule(() => runs.push('first'));
    backoff.schedule(() => runs.push('second'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual(['second']);
  });

  it('cancels a pending retry but keeps the count, until a reset', () => {
    const backoff = new Backoff(policy);
    const retry = vi.fn();
    backoff.schedule(retry);
    backoff.cancel();
    vi.advanceTimersByTime(1_000);
    expect(retry).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(nextDelay(backoff)).toBe(200);
    backoff.cancel();
    backoff.reset();
    expect(backoff.attempts).toBe(0);
    expect(nextDelay(backoff)).toBe(100);
  });

  it.each([
    ['a connection that stayed up long enough starts the count over', STABLE_CONNECTION_MS, 100],
    ['one that dropped at once does not', STABLE_CONNECTION_MS - 1, 400],
  ])('%s', (_case, upFor, expected) => {
    const backoff = new Backoff({ ...policy, maxDelay: 10_000, maxRetries: 5 });
    nextDelay(backoff);
    nextDelay(backoff);
    backoff.connected();
    vi.advanceTimersByTime(upFor);
    backoff.lost();
    expect(nextDelay(backoff)).toBe(expected);
  });

  it('counts a loss without a connection as no reason to start over', () => {
    const backoff = new Backoff(policy, 10);
    nextDelay(backoff);
    backoff.connected();
    vi.advanceTimersByTime(10);
    backoff.lost();
    nextDelay(backoff);
    // The connection is already counted as lost: a second loss later does not start over.
    vi.advanceTimersByTime(1_000);
    backoff.lost();
    expect(backoff.attempts).toBe(1);
  });
});
