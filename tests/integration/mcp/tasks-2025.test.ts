/**
 * Task-augmented tool calls against the protocol's reference server (2025-11-25 tasks):
 * server-everything's `simulate-research-query` runs four one-second stages as a task.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import { storageKeys } from '../../../src/mcp/storage-keys';
import { TASK_ALARM } from '../../../src/mcp/tasks/task-keeper';
import type { TaskRef } from '../../../src/messaging/tasks-contract';
import { startServerEverything, type ServerEverything } from '../../fixtures/server-everything';
import { createTaskHarness, type TaskHarness } from '../../helpers/task-harness';

/** How long a state the test expects may take to come. */
const WAIT = { timeout: 10_000 };
/**
 * server-everything's research task: four stages of a second each, with a poll interval of a
 * second, so which stages a poll sees depends on timing (a busy machine skips some).
 */
const RESEARCH_STAGES = [
  'Gathering sources...',
  'Analyzing content...',
  'Synthesizing findings...',
  'Generating report...',
];

describe('tasks on server-everything (2025-11-25)', () => {
  let server: ServerEverything;
  let tasks: TaskHarness;

  beforeAll(async () => {
    server = await startServerEverything('streamableHttp');
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await tasks.dispose();
  });

  async function everything(): Promise<TaskHarness> {
    tasks = await createTaskHarness(server.url, 'Everything');
    return tasks;
  }

  /** `simulate-research-query` on `topic`, as call `ref`. */
  const research = (topic: string, ref: TaskRef, ambiguous?: boolean) =>
    tasks.callAsTask('simulate-research-query', { topic, ...(ambiguous && { ambiguous }) }, ref);

  it('polls the task to its end, telling its stages, and returns its result', async () => {
    const { alarms, keeper, store } = await everything();
    // Nothing is scheduled while no task runs.
    expect([...alarms.scheduled().keys()]).not.toContain(TASK_ALARM);
    const { call, task } = research('tides', { callId: 'call-1', chatId: 'chat-1' });
    // While it runs, an alarm would wake a stopped worker to poll on; it goes with the task.
    await expect.poll(() => alarms.scheduled().has(TASK_ALARM), WAIT).toBe(true);
    const result = await call;
    await expect.poll(() => alarms.scheduled().has(TASK_ALARM), WAIT).toBe(false);
    expect(JSON.stringify(result.content)).toContain('Research Report: tides');
    const messages = [...new Set(task.seen.map((seen) => seen.statusMessage).filter(Boolean))];
    // Stages are told as the server words them, in its order; none is made up.
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.map((message) => RESEARCH_STAGES.indexOf(message ?? ''))).toEqual(
      messages.map((message) => RESEARCH_STAGES.indexOf(message ?? '')).sort((a, b) => a - b),
    );
    expect(messages.every((message) => RESEARCH_STAGES.includes(message ?? ''))).toBe(true);
    expect(task.seen.at(-1)).toMatchObject({
      status: 'completed',
      chatId: 'chat-1',
      toolName: 'simulate-research-query',
    });
    // The finished task waits in storage for its chat, which then dismisses it.
    expect((await (await keeper()).list()).map((seen) => seen.status)).toEqual(['completed']);
    expect(await (await keeper()).dismiss({ callId: 'call-1', chatId: 'chat-1' })).toBe(true);
    expect(await store.get(storageKeys.tasks)).toBeUndefined();
  });

  it('asks the person when the task needs input, then finishes with the answer', async () => {
    const { manager, nextAsk, serverId } = await everything();
    const { call } = research('python', { callId: 'call-2' }, true);
    const ask = await nextAsk();
    expect(ask).toMatchObject({ kind: 'elicitation-form', serverId });
    await manager.answerAsk(ask.id, { action: 'accept', content: { interpretation: 'snake' } });
    expect(JSON.stringify((await call).content)).toContain('Research Report: python (snake)');
  });

  it('cancels the task on the server when the call is stopped', async () => {
    const { manager, serverId, store } = await everything();
    const { call, task } = research('moons', { callId: 'call-3' });
    const { taskId } = await task.started;
    expect(await manager.cancelTool(serverId, { callId: 'call-3' })).toBe(true);
    await expect(call).rejects.toSatisfy(
      (error) => PatchbayError.isInstance(error) && error.code === 'cancelled',
    );
    await task.reaches('cancelled');
    // The server heard it: asked in the same session, its own record of the task says so.
    const sessionId = await store.get<string>(storageKeys.sessionId(serverId));
    const answer = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId ?? '',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId } }),
    });
    expect(await answer.text()).toContain('"status":"cancelled"');
  });

  it('runs as a task the call a restarted worker makes first, before the tool list is in', async () => {
    const { restartWorker, serverId } = await everything();
    // A new worker with what the old one stored: the call opens the connection.
    const restarted = await restartWorker();
    try {
      const result = await restarted.manager.callTool(serverId, {
        name: 'simulate-research-query',
        arguments: { topic: 'lagoons' },
        callId: 'call-5',
      });
      expect(JSON.stringify(result.content)).toContain('Research Report: lagoons');
      const keeper = await restarted.manager.taskKeeper();
      expect((await keeper.records.get({ callId: 'call-5' }))?.status).toBe('completed');
    } finally {
      await restarted.dispose();
    }
  });

  it('follows a stored task again after the worker restarted', async () => {
    const { restartWorker } = await everything();
    await research('comets', { callId: 'call-4' }).task.started;
    // A new worker: what the old one stored, nothing in memory. Closing the old one's
    // connections leaves the task running on the server.
    const restarted = await restartWorker();
    try {
      const keeper = await restarted.manager.taskKeeper();
      const result = await keeper.result({ callId: 'call-4' });
      expect(JSON.stringify(result.content)).toContain('Research Report: comets');
    } finally {
      await restarted.dispose();
    }
  });
});
