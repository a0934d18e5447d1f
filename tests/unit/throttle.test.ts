import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttleLatest } from '../../src/mcp/throttle';

afterEach(() => vi.useRealTimers());

describe('throttleLatest', () => {
  it('sends the first value at once and the latest one at the end of each interval', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const throttle = throttleLatest((value: number) => sent.push(value), 100);
    for (let value = 1; value <= 10; value += 1) throttle.push(value);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1, 10]);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([1, 10]); // nothing new, nothing sent
    throttle.push(11);
    expect(sent).toEqual([1, 10, 11]);
  });

  it('drops a pending value on cancel and sends it on flush', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const throttle = throttleLatest((value: number) => sent.push(value), 100);
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([1]);
    throttle.push(3);
    throttle.push(4);
    throttle.flush();
    expect(sent).toEqual([1, 3, 4]);
  });
});
