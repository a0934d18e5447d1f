import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskBroker } from '../../../src/mcp/asks/ask-broker';
import { quietTimer } from '../../../src/mcp/quiet-timer';
import { createCountingKeepAlive, createRecordingBroadcaster } from '../../../src/platform/memory';

const PERIOD = 1_000;
const form = { kind: 'elicitation-form' as const, message: 'Which project?', requestedSchema: {} };

/** A quiet timer over a real ask broker, counting how often it fired. */
function timed() {
  const asks = new AskBroker({
    broadcaster: createRecordingBroadcaster(),
    keepAlive: createCountingKeepAlive(),
    timeoutMs: 60 * 60_000,
  });
  let quiet = 0;
  const timer = quietTimer(PERIOD, { asks, serverId: 'docs' }, () => (quiet += 1));
  return { asks, timer, fired: () => quiet };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a tool call’s quiet timer', () => {
  it('fires after a quiet period, and a reset (progress) gives a full period again', () => {
    const { timer, fired } = timed();
    vi.advanceTimersByTime(PERIOD - 1);
    timer.reset();
    vi.advanceTimersByTime(PERIOD - 1);
    expect(fired()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired()).toBe(1);
  });

  it('holds while the server waits on the person, and gives a full period after the answer', () => {
    const { asks, timer, fired } = timed();
    void asks.ask({ id: 'docs', name: 'Docs' }, form);
    // The person takes nearly two periods to answer: the timer holds.
    vi.advanceTimersByTime(2 * PERIOD - 10);
    expect(fired()).toBe(0);
    const [view] = asks.list();
    asks.answer(view!.id, { action: 'accept', content: {} });
    // The server has a whole period from the answer, not what was left of the last one.
    vi.advanceTimersByTime(PERIOD - 1);
    expect(fired()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired()).toBe(1);
    timer.stop();
  });

  it('keeps holding while another question of the same server is still open', () => {
    const { asks, fired } = timed();
    void asks.ask({ id: 'docs', name: 'Docs' }, form);
    void asks.ask({ id: 'docs', name: 'Docs' }, { ...form, message: 'Which team?' });
    const [first] = asks.list();
    asks.answer(first!.id, { action: 'decline' });
    vi.advanceTimersByTime(5 * PERIOD);
    expect(fired()).toBe(0);
  });

  it('is not moved by another server’s questions', () => {
    const { asks, fired } = timed();
    vi.advanceTimersByTime(PERIOD / 2);
    void asks.ask({ id: 'mail', name: 'Mail' }, form);
    const [view] = asks.list();
    asks.answer(view!.id, { action: 'cancel' });
    vi.advanceTimersByTime(PERIOD / 2);
    expect(fired()).toBe(1);
  });

  it('fires no more and hears no more questions once stopped', () => {
    const { asks, timer, fired } = timed();
    timer.stop();
    void asks.ask({ id: 'docs', name: 'Docs' }, form);
    const [view] = asks.list();
    asks.answer(view!.id, { action: 'accept', content: {} });
    vi.advanceTimersByTime(10 * PERIOD);
    expect(fired()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
