import 'fake-indexeddb/auto';
import { simulateReadableStream, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createIndexedDbConversationStore } from '../../src/chat/history';
import { createPatchbayClient } from '../../src/messaging/client';
import type { RunWork } from '../../src/messaging/routines-contract';
import { runnerLoop } from '../../src/routines/runner-loop';

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

/** The background as the runner sees it: `take` hands out `queue`, the rest as given. */
function background(options: { queue: (RunWork | 'restarting')[]; serversFail?: boolean }) {
  const reports: { outcome: string; reason?: string }[] = [];
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
        return { ok: true, result: {} };
      }
      if (type === 'mcp/servers/get') {
        if (options.serversFail) throw new Error('port closed');
        return { ok: true, result: { servers: [] } };
      }
      if (type === 'mcp/tools/list') return { ok: true, result: { tools: [] } };
      return { ok: false, error: { code: 'unknown-type', message: type } };
    },
    subscribe: () => () => undefined,
  });
  return { client, reports };
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
    expect(reports).toEqual([
      {
        runId: 'run-1',
        outcome: 'failed',
        reason: expect.stringMatching(/^It broke off: /),
      },
    ]);
  });
});
