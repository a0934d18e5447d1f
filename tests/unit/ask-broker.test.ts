import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AskBroker,
  COMPLETED_SHOWN_MS,
  MAX_ASK_CHARACTERS,
  MAX_ASKS_PER_SERVER,
  AskRefusedError,
  URL_TRACKING_MS,
} from '../../src/mcp/asks/ask-broker';
import { createCountingKeepAlive, createRecordingBroadcaster } from '../../src/platform/memory';

afterEach(() => {
  vi.useRealTimers();
});

/** Asks expire only when a test moves the clock (or after a minute). */
function broker(timeoutMs = 60_000) {
  const broadcaster = createRecordingBroadcaster();
  const keepAlive = createCountingKeepAlive();
  const badge: number[] = [];
  const attention = { showWaiting: (count: number) => badge.push(count) };
  return {
    asks: new AskBroker({ broadcaster, keepAlive, timeoutMs, attention }),
    broadcaster,
    keepAlive,
    badge,
  };
}

const server = { id: 'docs', name: 'Docs' };
const form = { kind: 'elicitation-form' as const, message: 'Who?', requestedSchema: {} };
const url = {
  kind: 'elicitation-url' as const,
  message: 'Sign in there',
  url: 'https://accounts.example.com/connect',
  phase: 'asking' as const,
};

describe('AskBroker', () => {
  it('lists an ask, broadcasts it, keeps the worker alive, and settles with the answer', async () => {
    const { asks, broadcaster, keepAlive, badge } = broker();
    const waiting = asks.ask(server, form);
    const [view] = asks.list();
    expect(view).toMatchObject({ kind: 'elicitation-form', serverId: 'docs', serverName: 'Docs' });
    expect(broadcaster.messages.at(-1)).toEqual({
      type: 'mcp/asks/changed',
      payload: { asks: [view] },
    });
    expect(keepAlive.active).toBe(1);
    expect(asks.isWaitingOn('docs')).toBe(true);
    expect(asks.answer(view!.id, { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    await expect(waiting).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(asks.list()).toEqual([]);
    expect(keepAlive.active).toBe(0);
    expect(asks.isWaitingOn('docs')).toBe(false);
    // The toolbar badge counted it while it waited, and cleared after.
    expect(badge).toEqual([1, 0]);
    // A second answer to the same ask finds nothing.
    expect(asks.answer(view!.id, { action: 'decline' })).toBe(false);
  });

  it('answers "expired" for the person when nobody answers in time', async () => {
    vi.useFakeTimers();
    const { asks, keepAlive } = broker(5_000);
    const waiting = asks.ask(server, form);
    vi.advanceTimersByTime(4_999);
    expect(asks.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(waiting).resolves.toEqual({ action: 'expired' });
    expect(asks.list()).toEqual([]);
    expect(keepAlive.active).toBe(0);
  });

  it('withdraws an ask whose request the server cancelled', async () => {
    const { asks } = broker();
    const controller = new AbortController();
    const waiting = asks.ask(server, form, { signal: controller.signal });
    controller.abort();
    await expect(waiting).resolves.toEqual({ action: 'cancel' });
    expect(asks.list()).toEqual([]);
  });

  it('keeps servers apart and refuses a flood from one', async () => {
    const { asks } = broker();
    const pending = Array.from({ length: MAX_ASKS_PER_SERVER }, () => asks.ask(server, form));
    await expect(asks.ask(server, form)).rejects.toBeInstanceOf(AskRefusedError);
    const other = asks.ask({ id: 'notes', name: 'Notes' }, form);
    expect(asks.list().filter((view) => view.serverId === 'notes')).toHaveLength(1);
    asks.withdraw('docs');
    await expect(Promise.all(pending)).resolves.toEqual(pending.map(() => ({ action: 'cancel' })));
    expect(asks.list().map((view) => view.serverId)).toEqual(['notes']);
    asks.withdraw('notes');
    await other;
  });

  it('tracks a URL ask the person agreed to until the server says it is done', async () => {
    vi.useFakeTimers();
    const { asks, keepAlive } = broker();
    const waiting = asks.ask(server, url, { elicitationId: 'e-1' });
    const id = asks.list()[0]!.id;
    asks.answer(id, { action: 'accept' });
    await expect(waiting).resolves.toEqual({ action: 'accept' });
    // The server has its answer; the person still sees the page is pending.
    expect(asks.list()).toEqual([expect.objectContaining({ id, phase: 'opened' })]);
    expect(keepAlive.active).toBe(0);
    asks.complete('other-server', 'e-1');
    expect(asks.list()[0]).toMatchObject({ phase: 'opened' });
    asks.complete('docs', 'e-1');
    expect(asks.list()[0]).toMatchObject({ phase: 'completed' });
    vi.advanceTimersByTime(COMPLETED_SHOWN_MS);
    expect(asks.list()).toEqual([]);
  });

  it('forgets a tracked URL ask when the person dismisses it or after a while', async () => {
    vi.useFakeTimers();
    const { asks } = broker();
    const first = asks.ask(server, url, { elicitationId: 'e-1' });
    asks.answer(asks.list()[0]!.id, { action: 'accept' });
    await first;
    expect(asks.answer(asks.list()[0]!.id, { action: 'cancel' })).toBe(true);
    expect(asks.list()).toEqual([]);
    const second = asks.ask(server, url, { elicitationId: 'e-2' });
    asks.answer(asks.list()[0]!.id, { action: 'accept' });
    await second;
    vi.advanceTimersByTime(URL_TRACKING_MS);
    expect(asks.list()).toEqual([]);
  });

  it('tells who waits for a page whether it got done', async () => {
    const { asks } = broker();
    const first = asks.ask(server, url, { elicitationId: 'e-1' });
    const id = asks.list()[0]!.id;
    asks.answer(id, { action: 'accept' });
    await first;
    const byServer = asks.whenCompleted('docs', 'e-1');
    // The call's clock stays stopped while someone waits for the page.
    expect(asks.isWaitingOn('docs')).toBe(true);
    asks.complete('docs', 'e-1');
    await expect(byServer).resolves.toBe(true);

    const second = asks.ask(server, url, { elicitationId: 'e-2' });
    const secondId = asks.list().find((view) => view.id !== id)!.id;
    asks.answer(secondId, { action: 'accept' });
    await second;
    const byPerson = asks.whenCompleted('docs', 'e-2');
    asks.answer(secondId, { action: 'accept' });
    await expect(byPerson).resolves.toBe(true);

    const third = asks.ask(server, url, { elicitationId: 'e-3' });
    const thirdId = asks
      .list()
      .find((view) => view.kind === 'elicitation-url' && view.phase === 'asking')!.id;
    asks.answer(thirdId, { action: 'accept' });
    await third;
    const dismissed = asks.whenCompleted('docs', 'e-3');
    asks.answer(thirdId, { action: 'cancel' });
    await expect(dismissed).resolves.toBe(false);
    await expect(asks.whenCompleted('docs', 'unknown')).resolves.toBe(false);
  });

  it('refuses a question pages could not read, or too large to send them', async () => {
    const { asks, broadcaster } = broker();
    const before = broadcaster.messages.length;
    await expect(
      asks.ask(server, { ...form, message: 42 as unknown as string }),
    ).rejects.toBeInstanceOf(AskRefusedError);
    await expect(
      asks.ask(server, { ...form, message: 'x'.repeat(MAX_ASK_CHARACTERS + 1) }),
    ).rejects.toThrow(/too large/);
    expect(asks.list()).toEqual([]);
    expect(broadcaster.messages.length).toBe(before);
  });
});
