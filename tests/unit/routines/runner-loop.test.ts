import 'fake-indexeddb/auto';
import { simulateReadableStream, type UIMessageChunk } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { createIndexedDbConversationStore } from '../../../src/chat/history';
import { createPatchbayClient } from '../../../src/messaging/client';
import type { RunWork } from '../../../src/messaging/routines-contract';
import { runnerLoop } from '../../../src/routines/runner-loop';

const work: RunWork = {
  run: { id: 'run-1', routineId: 'r1', chatId: 'c1', dueAt: 0, startedAt: 0, outcome: 'running' },
  routine: {
    id: 'r1',
    name: 'Morning summary',
    prompt: 'Summarize.',
    servers: [],
    tools: [],
    schedule: { kind: 'daily', time: '08:00' },
    timeZone: 'UTC',
    answerMinutes: 60,
    paused: false,
    createdAt: 0,
    updatedAt: 0,
    nextRunAt: null,
  },
  settings: { provider: 'compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
  approvalSecret: 'a'.repeat(43),
};

/**
 * The background as the runner sees it: `take` hands out `queue`, the rest as given. A report
 * answers with the run while it goes on, as the run desk does, unless `over` says it is not.
 */
function background(options: {
  queue: (RunWork | 'restarting')[];
  serversFail?: boolean;
  over?: () => boolean;
}) {
  const reports: { outcome: string; reason?: string }[] = [];
  const listeners = new Set<(message: unknown) => void>();
  const client = createPatchbayClient({
    async send(message) {
      const { type, payload } = message as { type: string; payload?: unknown };
      if (type === 'routines/runner/take') {
        const next = options.queue.shift();
        if (next === 'restarting') throw new Error('port closed');
        return { ok: true, result: next ? { work: next } : {} };
      }
      if (type === 'routines/runner/report') {
        reports.push(payload as { outcome: string });
        const going = (payload as { outcome: string }).outcome === 'running' && !options.over?.();
        return { ok: true, result: going ? { run: work.run } : {} };
      }
      if (type === 'mcp/servers/get') {
        if (options.serversFail) throw new Error('port closed');
        return { ok: true, result: { servers: [] } };
      }
      if (type === 'mcp/tools/list') return { ok: true, result: { tools: [] } };
      return { ok: false, error: { code: 'unknown-type', message: type } };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const broadcast = (message: unknown) => listeners.forEach((listener) => listener(message));
  return { client, reports, broadcast, listening: () => listeners.size };
}

let databases = 0;
const history = () => createIndexedDbConversationStore(`runner-loop-${(databases += 1)}`);

/** A model's answer, slow enough for the runner to say it is alive meanwhile. */
const slowAnswer = () => ({
  async sendMessages() {
    return simulateReadableStream<UIMessageChunk>({
      initialDelayInMs: 60,
      chunks: [
        { type: 'start' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Done.' },
        { type: 'text-end', id: 't' },
        { type: 'finish' },
      ],
    });
  },
  reconnectToStream: async () => null,
});

/** A model that answers only once its request is aborted, recording the abort. */
function endlessAnswer() {
  const seen = { started: 0, aborted: 0 };
  const transport = () => ({
    async sendMessages({ abortSignal }: { abortSignal?: AbortSignal }) {
      seen.started += 1;
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          controller.enqueue({ type: 'start' });
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: 'Working on it' });
          abortSignal?.addEventListener('abort', () => {
            seen.aborted += 1;
            controller.error(new DOMException('The run was stopped.', 'AbortError'));
          });
        },
      });
    },
    reconnectToStream: async () => null,
  });
  return { seen, transport };
}

const stoppingRun = { ...work.run, stopRequested: true as const };

describe('the routine runner’s loop', () => {
  it('runs what it takes, says it is alive meanwhile, and stops when nothing is left', async () => {
    const { client, reports } = background({ queue: [work] });
    await runnerLoop(client, {
      history: history(),
      transport: slowAnswer,
      retryMs: 1,
      aliveEveryMs: 10,
    });
    expect(reports.filter((report) => report.outcome === 'running').length).toBeGreaterThan(0);
    expect(reports.at(-1)?.outcome).toBe('done');
  });

  it('asks again while the background restarts, and gives up after three silences', async () => {
    const { client, reports } = background({
      queue: ['restarting', work, 'restarting', 'restarting', 'restarting', work],
    });
    await runnerLoop(client, { history: history(), transport: slowAnswer, retryMs: 1 });
    expect(reports.at(-1)?.outcome).toBe('done');
    // The last run in the queue was never taken: three silences in a row ended the loop.
    expect(reports.filter((report) => report.outcome === 'done')).toHaveLength(1);
  });

  it('takes a run that keeps breaking off again, then reports it failed', async () => {
    const { client, reports } = background({
      queue: [work, work, work],
      serversFail: true,
    });
    await runnerLoop(client, { history: history(), transport: slowAnswer, retryMs: 1 });
    expect(reports.filter((report) => report.outcome !== 'running')).toEqual([
      {
        runId: 'run-1',
        outcome: 'failed',
        reason: expect.stringMatching(/^It broke off: /),
      },
    ]);
  });

  it('lets go of a run the person stopped as soon as the background says so, then reports it stopped', async () => {
    const { client, reports, broadcast, listening } = background({ queue: [work] });
    const { seen, transport } = endlessAnswer();
    const chats = history();
    const loop = runnerLoop(client, { history: chats, transport, retryMs: 1 });
    await vi.waitFor(() => expect(seen.started).toBe(1));
    // News of this run going on, and of another routine, changes nothing (a broadcast lists all).
    broadcast({
      type: 'routines/changed',
      payload: {
        routines: [
          { ...work.routine, lastRun: work.run },
          { ...work.routine, id: 'r2' },
        ],
      },
    });
    expect(seen.aborted).toBe(0);
    broadcast({
      type: 'routines/changed',
      payload: { routines: [{ ...work.routine, lastRun: stoppingRun }] },
    });
    await loop;
    expect(seen.aborted).toBe(1);
    expect(reports.filter((report) => report.outcome !== 'running')).toEqual([
      { runId: 'run-1', outcome: 'stopped' },
    ]);
    expect(listening()).toBe(0);
    // Its chat keeps what the model had said, finished.
    const chat = await chats.get('c1');
    expect(chat?.messages.at(-1)?.parts.at(-1)).toMatchObject({
      type: 'text',
      text: 'Working on it',
      state: 'done',
    });
    expect(chat?.interrupted).toEqual([]);
  });

  it('lets go of a run whose routine was deleted', async () => {
    const { client, reports, broadcast } = background({ queue: [work] });
    const { seen, transport } = endlessAnswer();
    const loop = runnerLoop(client, { history: history(), transport, retryMs: 1 });
    await vi.waitFor(() => expect(seen.started).toBe(1));
    broadcast({ type: 'routines/changed', payload: { routines: [] } });
    await loop;
    expect(seen.aborted).toBe(1);
    // Its report finds no run (the background drops it).
    expect(reports.at(-1)).toEqual({ runId: 'run-1', outcome: 'stopped' });
  });

  it('lets go of a run once its word that it is alive finds the run over (a broadcast missed)', async () => {
    let over = false;
    const { client, reports } = background({ queue: [work], over: () => over });
    const { seen, transport } = endlessAnswer();
    const loop = runnerLoop(client, { history: history(), transport, retryMs: 1, aliveEveryMs: 5 });
    // The answer is under way and the run has said it is alive (on a busy machine the words
    // that it is alive can come before the answer starts).
    await vi.waitFor(() => {
      expect(seen.started).toBe(1);
      expect(reports.length).toBeGreaterThan(1);
    });
    expect(seen.aborted).toBe(0);
    over = true;
    await loop;
    expect(seen.aborted).toBe(1);
    expect(reports.at(-1)).toEqual({ runId: 'run-1', outcome: 'stopped' });
  });

  it('lets go of a run stopped before it listened, at its first word, without waiting', async () => {
    const { client, reports } = background({ queue: [work], over: () => true });
    const { transport } = endlessAnswer();
    // A minute between words: only the first, said at once, can find the stop.
    await runnerLoop(client, { history: history(), transport, retryMs: 1, aliveEveryMs: 60_000 });
    // (Without that first word the endless answer would hold the loop past the test's time.)
    expect(reports.at(-1)).toEqual({ runId: 'run-1', outcome: 'stopped' });
  });
});
