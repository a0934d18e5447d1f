import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttleLatest } from '../../../src/mcp/throttle';

afterEach(() => vi.useRealTimers());

/**
 * A throttle with a 100 ms interval on fake timers, recording each value sent with the time it
 * was sent at, in ms since the throttle was made.
 */
function throttled() {
  vi.useFakeTimers();
  const start = Date.now();
  const sent: [value: number, at: number][] = [];
  const throttle = throttleLatest((value: number) => sent.push([value, Date.now() - start]), 100);
  return { throttle, sent, values: () => sent.map(([value]) => value) };
}

describe('throttleLatest', () => {
  it('sends the first value at once and the latest one at the end of each interval', () => {
    const { throttle, values } = throttled();
    for (let value = 1; value <= 10; value += 1) throttle.push(value);
    expect(values()).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(values()).toEqual([1, 10]);
    vi.advanceTimersByTime(500);
    expect(values()).toEqual([1, 10]); // nothing new, nothing sent
    throttle.push(11);
    expect(values()).toEqual([1, 10, 11]);
  });

  it('drops a pending value on cancel and sends it on flush', () => {
    const { throttle, values } = throttled();
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(200);
    expect(values()).toEqual([1]);
    throttle.push(3);
    throttle.push(4);
    throttle.flush();
    expect(values()).toEqual([1, 3, 4]);
  });
});

describe('throttleLatest timing', () => {
  it('sends a value pushed exactly one interval after the last one at once', () => {
    const { throttle, values } = throttled();
    throttle.push(1);
    vi.advanceTimersByTime(100);
    throttle.push(2);
    expect(values()).toEqual([1, 2]);
  });

  it('does nothing on flush when no value is pending', () => {
    const { throttle, values } = throttled();
    expect(() => throttle.flush()).not.toThrow();
    throttle.push(1);
    vi.advanceTimersByTime(10);
    throttle.flush();
    expect(values()).toEqual([1]);
    // The empty flush did not start a new interval: the interval still runs from the first send.
    vi.advanceTimersByTime(90);
    throttle.push(2);
    expect(values()).toEqual([1, 2]);
  });

  it('starts the next interval from a flush: the wait armed before it no longer sends', () => {
    const { throttle, sent } = throttled();
    throttle.push(1); // sent at 0
    vi.advanceTimersByTime(10);
    throttle.push(2); // would be sent at 100
    throttle.flush(); // sent at 10 instead
    vi.advanceTimersByTime(10);
    throttle.push(3); // due at 110, one interval after 2
    vi.advanceTimersByTime(89); // at 109
    expect(sent).toEqual([
      [1, 0],
      [2, 10],
    ]);
    vi.advanceTimersByTime(1); // at 110
    expect(sent).toEqual([
      [1, 0],
      [2, 10],
      [3, 110],
    ]);
  });

  it('stops the waiting send on cancel, so a later value keeps to its own interval', () => {
    const { throttle, sent } = throttled();
    throttle.push(1); // sent at 0
    vi.advanceTimersByTime(10);
    throttle.push(2); // would be sent at 100
    throttle.cancel();
    throttle.push(3); // due at 100 in its place
    vi.advanceTimersByTime(10);
    throttle.flush(); // 3 sent at 20 instead
    throttle.push(4); // due at 120, one interval after 3
    vi.advanceTimersByTime(99); // at 119
    expect(sent).toEqual([
      [1, 0],
      [3, 20],
    ]);
    vi.advanceTimersByTime(1); // at 120
    expect(sent).toEqual([
      [1, 0],
      [3, 20],
      [4, 120],
    ]);
  });
});
