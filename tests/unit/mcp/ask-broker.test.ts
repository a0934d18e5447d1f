import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ASK_TIMEOUT_MS,
  AskBroker,
  COMPLETED_SHOWN_MS,
  MAX_ASK_CHARACTERS,
  MAX_ASKS_PER_SERVER,
  AskRefusedError,
  URL_TRACKING_MS,
} from '../../../src/mcp/asks/ask-broker';
import { createCountingKeepAlive, createRecordingBroadcaster } from '../../../src/platform/memory';

afterEach(() => {
  vi.useRealTimers();
});

/** Asks expire only when a test moves the clock (or after a minute). */
function broker(timeoutMs = 60_000, now?: () => number) {
  const broadcaster = createRecordingBroadcaster();
  const keepAlive = createCountingKeepAlive();
  const badge: number[] = [];
  const attention = { showWaiting: (count: number) => badge.push(count) };
  return {
    asks: new AskBroker({ broadcaster, keepAlive, timeoutMs, attention, ...(now ? { now } : {}) }),
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
const sampling = {
  kind: 'sampling' as const,
  request: {
    messages: [{ role: 'user' as const, content: { type: 'text', text: 'Hi?' } }],
    maxTokens: 10,
  },
  samplingEnabled: true,
};

/** The id of the one ask listed with this message. */
function idOf(asks: AskBroker, message: string): string {
  const found = asks.list().filter((view) => 'message' in view && view.message === message);
  expect(found).toHaveLength(1);
  return found[0]!.id;
}

/** Asks the person to open a page and has them agree: the ask stays listed, tracked. */
async function agreedUrlAsk(asks: AskBroker, elicitationId: string, who = server) {
  const message = `Open ${elicitationId}`;
  const waiting = asks.ask(who, { ...url, message }, { elicitationId });
  const id = idOf(asks, message);
  expect(asks.answer(id, { action: 'accept' })).toBe(true);
  await expect(waiting).resolves.toEqual({ action: 'accept' });
  return id;
}

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

  it('waits for the page just agreed to when a server reuses the id of one it confirmed', async () => {
    const { asks } = broker();
    const first = asks.ask(server, url, { elicitationId: 'e-1' });
    asks.answer(asks.list()[0]!.id, { action: 'accept' });
    await first;
    asks.complete('docs', 'e-1');
    // The confirmed page is still listed as done when the server asks again with the same id.
    const again = asks.ask(server, url, { elicitationId: 'e-1' });
    const newest = asks
      .list()
      .find((view) => view.kind === 'elicitation-url' && view.phase === 'asking')!;
    asks.answer(newest.id, { action: 'accept' });
    await again;
    let settled: boolean | undefined;
    void asks.whenCompleted('docs', 'e-1').then((done) => (settled = done));
    await Promise.resolve();
    expect(settled).toBeUndefined();
    asks.answer(newest.id, { action: 'cancel' });
    await vi.waitFor(() => expect(settled).toBe(false));
  });

  it('answers at once for a wait already called off', async () => {
    const { asks } = broker();
    const waiting = asks.ask(server, url, { elicitationId: 'e-1' });
    asks.answer(asks.list()[0]!.id, { action: 'accept' });
    await waiting;
    const controller = new AbortController();
    controller.abort();
    await expect(asks.whenCompleted('docs', 'e-1', controller.signal)).resolves.toBe(false);
    expect(asks.isWaitingOn('docs')).toBe(true);
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

  it('dates an ask by the clock it is given and says when it will be answered for the person', async () => {
    const { asks } = broker(5_000, () => 1_000);
    const waiting = asks.ask(server, form);
    expect(asks.list()).toEqual([
      expect.objectContaining({ createdAt: 1_000, expiresAt: 6_000, message: 'Who?' }),
    ]);
    asks.withdraw('docs');
    await expect(waiting).resolves.toEqual({ action: 'cancel' });
  });

  it('waits ten minutes by default, dated by the system clock, with no badge to show', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z') });
    const broadcaster = createRecordingBroadcaster();
    const keepAlive = createCountingKeepAlive();
    const asks = new AskBroker({ broadcaster, keepAlive });
    const started = Date.now();
    const waiting = asks.ask(server, form);
    expect(asks.list()).toEqual([
      expect.objectContaining({ createdAt: started, expiresAt: started + ASK_TIMEOUT_MS }),
    ]);
    expect(keepAlive.active).toBe(1);
    vi.advanceTimersByTime(ASK_TIMEOUT_MS - 1);
    expect(asks.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(waiting).resolves.toEqual({ action: 'expired' });
    expect(asks.list()).toEqual([]);
    expect(keepAlive.active).toBe(0);
  });

  it('lists asks by when they arrived, oldest first, even when the clock stepped back', () => {
    const times = [300, 100, 200];
    const { asks } = broker(60_000, () => times.shift()!);
    for (const message of ['first', 'second', 'third']) void asks.ask(server, { ...form, message });
    expect(asks.list().map((view) => [view.createdAt, 'message' in view && view.message])).toEqual([
      [100, 'second'],
      [200, 'third'],
      [300, 'first'],
    ]);
    asks.withdraw('docs');
  });

  it.each([
    [
      'a form, even one given an elicitation id',
      form,
      { elicitationId: 'e-1' },
      { action: 'accept', content: { name: 'Ada' } },
    ],
    ['a page the person declines to open', url, { elicitationId: 'e-1' }, { action: 'decline' }],
    ['a page to open with no elicitation id to follow', url, {}, { action: 'accept' }],
    ['a model run', sampling, {}, { action: 'sampled', text: 'Hi', model: 'small' }],
  ] as const)('settles %s with the answer and forgets it', async (_, body, options, answer) => {
    vi.useFakeTimers();
    const { asks, keepAlive } = broker();
    const waiting = asks.ask(server, body, options);
    const [view] = asks.list();
    expect(asks.answer(view!.id, answer)).toBe(true);
    await expect(waiting).resolves.toEqual(answer);
    expect(asks.list()).toEqual([]);
    expect(asks.isWaitingOn('docs')).toBe(false);
    expect(keepAlive.active).toBe(0);
    await expect(asks.whenCompleted('docs', 'e-1')).resolves.toBe(false);
    // Its expiry timer went with it.
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    [
      'a flood',
      async (asks: AskBroker) => {
        for (let index = 0; index < MAX_ASKS_PER_SERVER; index += 1) void asks.ask(server, form);
        return asks.ask(server, form);
      },
      `Docs already has ${MAX_ASKS_PER_SERVER} questions waiting for the person.`,
    ],
    [
      'a malformed question',
      (asks: AskBroker) => asks.ask(server, { ...form, requestedSchema: 'x' as never }),
      'Docs sent a question Patchbay cannot show.',
    ],
    [
      'a question too large',
      (asks: AskBroker) => asks.ask(server, { ...form, message: 'x'.repeat(MAX_ASK_CHARACTERS) }),
      'Docs sent a question too large to show.',
    ],
  ])('refuses %s with a sentence naming the server', async (_, send, sentence) => {
    const { asks } = broker();
    const refused = send(asks);
    await expect(refused).rejects.toBeInstanceOf(AskRefusedError);
    await expect(refused).rejects.toMatchObject({ name: 'AskRefusedError', message: sentence });
    asks.withdraw('docs');
  });

  it.each([
    [MAX_ASK_CHARACTERS, 'shows'],
    [MAX_ASK_CHARACTERS + 1, 'refuses'],
  ])('%s characters in all: %s the question', async (total, verdict) => {
    const { asks } = broker(60_000, () => 0);
    const frame = JSON.stringify({
      ...form,
      message: '',
      id: crypto.randomUUID(),
      serverId: server.id,
      serverName: server.name,
      createdAt: 0,
      expiresAt: 60_000,
    }).length;
    const waiting = asks.ask(server, { ...form, message: 'x'.repeat(total - frame) });
    if (verdict === 'refuses') await expect(waiting).rejects.toThrow(/too large/);
    else {
      expect(asks.list()).toHaveLength(1);
      asks.withdraw('docs');
      await expect(waiting).resolves.toEqual({ action: 'cancel' });
    }
  });

  it('answers "cancel" at once, showing nothing, when the server already gave up', async () => {
    vi.useFakeTimers();
    const { asks, broadcaster, keepAlive } = broker();
    const controller = new AbortController();
    controller.abort();
    await expect(asks.ask(server, form, { signal: controller.signal })).resolves.toEqual({
      action: 'cancel',
    });
    expect(asks.list()).toEqual([]);
    expect(broadcaster.messages).toEqual([]);
    expect(keepAlive.active).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not count pages the person already agreed to against the server limit', async () => {
    const { asks } = broker();
    for (let index = 0; index < MAX_ASKS_PER_SERVER; index += 1)
      await agreedUrlAsk(asks, `e-${index}`);
    const waiting = asks.ask(server, form);
    expect(asks.list()).toHaveLength(MAX_ASKS_PER_SERVER + 1);
    asks.withdraw('docs');
    await expect(waiting).resolves.toEqual({ action: 'cancel' });
  });

  it('holds the worker once however many asks wait, and again for the next one', async () => {
    const { asks, keepAlive, badge } = broker();
    const first = asks.ask(server, { ...form, message: 'one' });
    const second = asks.ask({ id: 'notes', name: 'Notes' }, { ...form, message: 'two' });
    expect(keepAlive.active).toBe(1);
    asks.answer(idOf(asks, 'one'), { action: 'decline' });
    expect(keepAlive.active).toBe(1);
    asks.answer(idOf(asks, 'two'), { action: 'decline' });
    await Promise.all([first, second]);
    expect(keepAlive.active).toBe(0);
    const third = asks.ask(server, form);
    expect(keepAlive.active).toBe(1);
    expect(badge).toEqual([1, 2, 1, 0, 1]);
    asks.withdraw('docs');
    await third;
    expect(keepAlive.active).toBe(0);
  });

  it('tells listeners which server an ask changed for, until they stop listening', async () => {
    const { asks } = broker();
    const heard: string[] = [];
    const stop = asks.onChange((serverId) => heard.push(serverId));
    const waiting = asks.ask(server, form);
    const other = asks.ask({ id: 'notes', name: 'Notes' }, form);
    asks.withdraw('notes');
    expect(heard).toEqual(['docs', 'notes', 'notes']);
    stop();
    asks.withdraw('docs');
    await Promise.all([waiting, other]);
    expect(heard).toEqual(['docs', 'notes', 'notes']);
  });

  it('counts a server as waiting while its page is open, not once the server says it is done', async () => {
    const { asks } = broker();
    const other = asks.ask({ id: 'notes', name: 'Notes' }, form);
    expect(asks.isWaitingOn('docs')).toBe(false);
    await agreedUrlAsk(asks, 'e-1');
    expect(asks.isWaitingOn('docs')).toBe(true);
    const done = asks.whenCompleted('docs', 'e-1');
    asks.complete('docs', 'e-1');
    await expect(done).resolves.toBe(true);
    expect(asks.isWaitingOn('docs')).toBe(false);
    expect(asks.list()).toHaveLength(2);
    asks.withdraw('notes');
    await other;
  });

  it('gives the person half an hour on the page, counted from when they agreed', async () => {
    vi.useFakeTimers();
    let now = 1_000;
    const { asks } = broker(60_000, () => now);
    const waiting = asks.ask(server, url, { elicitationId: 'e-1' });
    const id = asks.list()[0]!.id;
    now = 5_000;
    asks.answer(id, { action: 'accept' });
    await waiting;
    expect(asks.list()).toEqual([
      expect.objectContaining({
        phase: 'opened',
        createdAt: 1_000,
        expiresAt: 5_000 + URL_TRACKING_MS,
      }),
    ]);
    // The question's own timeout no longer applies.
    vi.advanceTimersByTime(URL_TRACKING_MS - 1);
    expect(asks.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(asks.list()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a page as done for a while after the server says so, however late that is', async () => {
    vi.useFakeTimers();
    const { asks } = broker();
    await agreedUrlAsk(asks, 'e-1');
    vi.advanceTimersByTime(URL_TRACKING_MS - 1_000);
    asks.complete('docs', 'e-1');
    vi.advanceTimersByTime(COMPLETED_SHOWN_MS - 1);
    expect(asks.list()).toEqual([expect.objectContaining({ phase: 'completed' })]);
    vi.advanceTimersByTime(1);
    expect(asks.list()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells pages and listeners when a tracked page is done, and when it leaves the list', async () => {
    vi.useFakeTimers();
    const { asks, broadcaster, keepAlive } = broker();
    const heard: string[] = [];
    asks.onChange((serverId) => heard.push(serverId));
    await agreedUrlAsk(asks, 'e-1');
    heard.length = 0;
    asks.complete('docs', 'e-1');
    expect(broadcaster.messages.at(-1)).toEqual({
      type: 'mcp/asks/changed',
      payload: { asks: [expect.objectContaining({ phase: 'completed' })] },
    });
    expect(heard).toEqual(['docs']);
    vi.advanceTimersByTime(COMPLETED_SHOWN_MS);
    expect(broadcaster.messages.at(-1)).toEqual({
      type: 'mcp/asks/changed',
      payload: { asks: [] },
    });
    expect(heard).toEqual(['docs', 'docs']);
    // Nothing waits for the person meanwhile: the worker is free to stop.
    expect(keepAlive.active).toBe(0);
  });

  it('shows a page as done when the person says so, and again from when the server does', async () => {
    vi.useFakeTimers();
    const { asks } = broker();
    const id = await agreedUrlAsk(asks, 'e-1');
    expect(asks.answer(id, { action: 'accept' })).toBe(true);
    expect(asks.list()).toEqual([expect.objectContaining({ phase: 'completed' })]);
    vi.advanceTimersByTime(COMPLETED_SHOWN_MS - 1_000);
    asks.complete('docs', 'e-1');
    vi.advanceTimersByTime(COMPLETED_SHOWN_MS - 1);
    expect(asks.list()).toEqual([expect.objectContaining({ phase: 'completed' })]);
    vi.advanceTimersByTime(1);
    expect(asks.list()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['the person answers', (asks: AskBroker, id: string) => asks.answer(id, { action: 'cancel' })],
    ['the server goes away', (asks: AskBroker) => asks.withdraw('docs')],
    [
      'the server no longer waits',
      (_: AskBroker, __: string, stop: AbortController) => stop.abort(),
    ],
  ])('leaves no timer or listener behind when %s', async (_, end) => {
    vi.useFakeTimers();
    const { asks } = broker();
    const controller = new AbortController();
    const waiting = asks.ask(server, form, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    end(asks, asks.list()[0]!.id, controller);
    await expect(waiting).resolves.toEqual({ action: 'cancel' });
    expect(asks.list()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('ends a tracked page with no timer or listener behind when it is dismissed', async () => {
    vi.useFakeTimers();
    const { asks } = broker();
    const controller = new AbortController();
    const waiting = asks.ask(server, url, { signal: controller.signal, elicitationId: 'e-1' });
    const id = asks.list()[0]!.id;
    asks.answer(id, { action: 'accept' });
    await waiting;
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const done = asks.whenCompleted('docs', 'e-1', controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    asks.answer(id, { action: 'decline' });
    await expect(done).resolves.toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(asks.list()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops waiting for a page when the signal aborts, leaving it tracked', async () => {
    const { asks } = broker();
    await agreedUrlAsk(asks, 'e-1');
    const controller = new AbortController();
    const abandoned = asks.whenCompleted('docs', 'e-1', controller.signal);
    const other = asks.whenCompleted('docs', 'e-1');
    controller.abort();
    await expect(abandoned).resolves.toBe(false);
    expect(asks.list()).toEqual([expect.objectContaining({ phase: 'opened' })]);
    asks.complete('docs', 'e-1');
    await expect(other).resolves.toBe(true);
  });

  it('says at once whether a page is done when there is nothing left to wait for', async () => {
    const { asks } = broker();
    const formAsk = asks.ask(server, form, { elicitationId: 'e-form' });
    await agreedUrlAsk(asks, 'e-done');
    asks.complete('docs', 'e-done');
    await agreedUrlAsk(asks, 'e-open', { id: 'notes', name: 'Notes' });
    await expect(asks.whenCompleted('docs', 'e-done')).resolves.toBe(true);
    // Not a page, another server's page, or no such page.
    await expect(asks.whenCompleted('docs', 'e-form')).resolves.toBe(false);
    await expect(asks.whenCompleted('docs', 'e-open')).resolves.toBe(false);
    await expect(asks.whenCompleted('docs', 'e-none')).resolves.toBe(false);
    asks.withdraw('docs');
    await expect(formAsk).resolves.toEqual({ action: 'cancel' });
  });

  it('withdraws a page the server says is done before the person answered', async () => {
    const { asks } = broker();
    const formAsk = asks.ask(server, { ...form, message: 'form' }, { elicitationId: 'e-1' });
    const otherPage = asks.ask(server, { ...url, message: 'other' }, { elicitationId: 'e-2' });
    const page = asks.ask(server, { ...url, message: 'page' }, { elicitationId: 'e-1' });
    asks.complete('docs', 'e-1');
    // Only URL asks complete, and only the one the server named.
    expect(asks.list().map((view) => 'message' in view && view.message)).toEqual(['form', 'other']);
    await expect(page).resolves.toEqual({ action: 'cancel' });
    expect(asks.isWaitingOn('docs')).toBe(true);
    asks.withdraw('docs');
    await expect(Promise.all([formAsk, otherPage])).resolves.toEqual([
      { action: 'cancel' },
      { action: 'cancel' },
    ]);
  });

  it('withdraws only the leaving server asks, tracked pages included', async () => {
    const { asks, keepAlive } = broker();
    const id = await agreedUrlAsk(asks, 'e-1');
    const done = asks.whenCompleted('docs', 'e-1');
    const waiting = asks.ask(server, form);
    const other = asks.ask({ id: 'notes', name: 'Notes' }, form);
    asks.withdraw('docs');
    await expect(done).resolves.toBe(false);
    await expect(waiting).resolves.toEqual({ action: 'cancel' });
    expect(asks.list().map((view) => view.serverId)).toEqual(['notes']);
    expect(asks.answer(id, { action: 'accept' })).toBe(false);
    expect(keepAlive.active).toBe(1);
    asks.withdraw('notes');
    await other;
    expect(keepAlive.active).toBe(0);
  });
});
