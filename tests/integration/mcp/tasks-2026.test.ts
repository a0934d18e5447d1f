/**
 * Task-augmented tool calls in the 2026-07-28 era: the Tasks extension on a v2 fixture server
 * (`research`, four short stages; a question through `inputRequests` when ambiguous).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import type { TaskRef } from '../../../src/messaging/tasks-contract';
import { tasksRoutes } from '../../../src/messaging/tasks-routes';
import { startModernServer, type ModernServer } from '../../fixtures/modern-server';
import {
  createTaskFixtureState,
  STAGE_MESSAGES,
  type TaskFixtureState,
} from '../../fixtures/task-tools';
import { createTaskHarness, type TaskHarness } from '../../helpers/task-harness';

const report = (about: string) => [{ type: 'text', text: `Research report: ${about}` }];
const cancelled = (error: unknown) => PatchbayError.isInstance(error) && error.code === 'cancelled';

/** Stop in Servers › Running tasks, as the panel sends it. */
const stopFromList = (tasks: TaskHarness, ref: TaskRef) =>
  tasksRoutes(tasks.manager)['mcp/tasks/cancel'](ref, 'mcp/tasks/cancel');

describe('tasks on a 2026-07-28 server (the Tasks extension)', () => {
  let server: ModernServer;
  let state: TaskFixtureState;
  let tasks: TaskHarness;

  beforeAll(async () => {
    state = createTaskFixtureState(300);
    server = await startModernServer({ legacy: 'reject', tasks: state });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await tasks.dispose();
  });

  async function modern(options?: Parameters<typeof createTaskHarness>[2]) {
    tasks = await createTaskHarness(server.mcpUrl, 'Modern', options);
    expect((await tasks.manager.viewOf(tasks.serverId)).status).toEqual({ state: 'connected' });
    return tasks;
  }

  /** `research` on `topic`, as call `ref`. */
  const research = (topic: string, ref: TaskRef, ambiguous?: boolean) =>
    tasks.callAsTask('research', { topic, ...(ambiguous && { ambiguous }) }, ref);

  it('tells the person, where they allow notifications, of a task that ended with no panel open', async () => {
    const notes: { id: string; title: string; message: string }[] = [];
    const badge: number[] = [];
    await modern({
      panelOpen: () => false,
      taskAttention: { showWaiting: (count) => badge.push(count) },
      taskNotifier: {
        notify: async (id, note) => void notes.push({ id, ...note }),
        clear: async () => undefined,
      },
    });
    await research('tides', { callId: 'm-notice' }).call;
    await expect
      .poll(() => notes)
      .toEqual([
        {
          id: 'patchbay-task-m-notice',
          title: 'research on Modern finished',
          message: 'Open Patchbay: its result is in the chat that called it.',
        },
      ]);
    expect(badge.at(-1)).toBe(1);
  });

  it('declares the extension, polls the task and returns the result it carries', async () => {
    await modern();
    const { call, task } = research('tides', { callId: 'm-1' });
    expect((await call).content).toEqual(report('tides'));
    // Stages come 400 ms apart, polls every 250 ms: a busy machine may skip one, never add one.
    const told = [...new Set(task.seen.map((seen) => seen.statusMessage).filter(Boolean))];
    const order = ['Starting...', ...STAGE_MESSAGES, 'Done.'];
    const places = told.map((message) => order.indexOf(message ?? ''));
    expect(places).not.toContain(-1);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(told.some((message) => STAGE_MESSAGES.includes(message ?? ''))).toBe(true);
    expect(task.seen.at(-1)?.status).toBe('completed');
    expect(server.methods()).toContain('tasks/get');
  });

  it('answers the task’s question through the person, with tasks/update', async () => {
    const { manager, nextAsk } = await modern();
    const { call } = research('python', { callId: 'm-2' }, true);
    const ask = await nextAsk();
    expect(ask).toMatchObject({ kind: 'elicitation-form', message: 'Which "python" do you mean?' });
    await manager.answerAsk(ask.id, { action: 'accept', content: { interpretation: 'snake' } });
    expect((await call).content).toEqual(report('python (snake)'));
    expect(state.updated).toHaveLength(1);
  });

  it('sends tasks/cancel when the call is stopped', async () => {
    const { manager, serverId } = await modern();
    const { call, task } = research('moons', { callId: 'm-3' });
    const { taskId } = await task.started;
    await manager.cancelTool(serverId, { callId: 'm-3' });
    await expect(call).rejects.toSatisfy(cancelled);
    await expect.poll(() => state.cancelled).toContain(taskId);
    expect(state.tasks.get(taskId)?.status).toBe('cancelled');
  });

  it('follows a task again when its server, switched off meanwhile, is switched on', async () => {
    const { keeper, manager, serverId } = await modern();
    const { call, task } = research('storms', { callId: 'm-5' });
    const { taskId } = await task.started;
    await manager.disable(serverId);
    await expect(call).rejects.toBeInstanceOf(Error);
    // Switched off is not stopped: the server was not told to cancel, the record waits.
    expect(state.cancelled).not.toContain(taskId);
    expect((await (await keeper()).records.get({ callId: 'm-5' }))?.status).toBe('working');
    await manager.enable(serverId);
    expect((await (await keeper()).result({ callId: 'm-5' })).content).toEqual(report('storms'));
  });

  it('sends tasks/cancel for a Stop that arrives as a restarted worker loads its tasks', async () => {
    const { restartWorker, serverId } = await modern();
    const ref = { callId: 'm-7', chatId: 'chat-7' };
    const { taskId } = await research('geysers', ref).task.started;
    // A new worker: the first thing it hears is the person's Stop.
    const restarted = await restartWorker();
    try {
      expect(await restarted.manager.cancelTool(serverId, ref)).toBe(true);
      await expect.poll(() => state.cancelled).toContain(taskId);
      const keeper = await restarted.manager.taskKeeper();
      await expect.poll(async () => (await keeper.records.get(ref))?.status).toBe('cancelled');
    } finally {
      await restarted.dispose();
    }
  });

  it('stops, from Running tasks, a task whose server is switched off: the server is told', async () => {
    const { manager, serverId } = await modern();
    const { task } = research('glaciers', { callId: 'm-8' });
    const { taskId } = await task.started;
    await manager.disable(serverId);
    await expect(stopFromList(tasks, { callId: 'm-8' })).resolves.toEqual({ cancelled: true });
    // Told over a connection of its own; the server stays switched off.
    expect(state.cancelled).toContain(taskId);
    expect(task.seen.at(-1)).toMatchObject({
      status: 'cancelled',
      error: 'You stopped the task, and Modern was told.',
    });
    expect((await manager.viewOf(serverId)).isEnabled).toBe(false);
  });

  it('follows a task on when its caller lets go of the call (the chat closed)', async () => {
    const { keeper, manager, serverId } = await modern();
    const { call, task } = research('reefs', { callId: 'm-6' });
    const { taskId } = await task.started;
    expect(await manager.cancelTool(serverId, { callId: 'm-6' }, true)).toBe(true);
    await expect(call).rejects.toBeInstanceOf(Error);
    expect((await (await keeper()).result({ callId: 'm-6' })).content).toEqual(report('reefs'));
    expect(state.cancelled).not.toContain(taskId);
  });

  it('keeps two chats’ tasks apart when their models give the calls one id', async () => {
    const { keeper } = await modern();
    const [first, second] = await Promise.all([
      research('tides', { callId: 'call_1', chatId: 'chat-a' }).call,
      research('dunes', { callId: 'call_1', chatId: 'chat-b' }).call,
    ]);
    expect(first.content).toEqual(report('tides'));
    expect(second.content).toEqual(report('dunes'));
    const records = await (await keeper()).list();
    expect(records.map((task) => [task.chatId, task.status]).sort()).toEqual([
      ['chat-a', 'completed'],
      ['chat-b', 'completed'],
    ]);
    expect((await (await keeper()).result({ callId: 'call_1', chatId: 'chat-b' })).content).toEqual(
      report('dunes'),
    );
    // One chat taking its result in leaves the other's.
    expect(await (await keeper()).dismiss({ callId: 'call_1', chatId: 'chat-a' })).toBe(true);
    expect((await (await keeper()).list()).map((task) => task.chatId)).toEqual(['chat-b']);
  });

  it('fails the call, and its record, when the server forgets the task', async () => {
    await modern();
    const { call, task } = research('comets', { callId: 'm-4' });
    state.tasks.delete((await task.started).taskId);
    await expect(call).rejects.toSatisfy(
      (error) => PatchbayError.isInstance(error) && error.code === 'tool-failed',
    );
    expect(task.seen.at(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Patchbay lost track of the task on Modern'),
    });
  });
});

/** A server of its own, with tasks that take `stageMs` a stage and live `ttlMs`. */
async function ownServer(stageMs: number, ttlMs?: number) {
  const state = createTaskFixtureState(stageMs, ttlMs);
  const server = await startModernServer({ legacy: 'reject', tasks: state });
  const tasks = await createTaskHarness(server.mcpUrl, 'Modern');
  return {
    server,
    tasks,
    async close() {
      await tasks.dispose();
      await server.close();
    },
  };
}

describe('a task that outlives the time its server gave it', () => {
  it('is followed no longer: the call fails saying so, and the record ends failed', async () => {
    // Four stages of 5 s each, on a task the server says lives 600 ms.
    const { tasks, close } = await ownServer(5_000, 600);
    try {
      const { call } = tasks.callAsTask('research', { topic: 'tides' }, { callId: 'm-ttl' });
      await expect(call).rejects.toThrow('ran past the time Modern gave it');
      const keeper = await tasks.keeper();
      expect((await keeper.records.get({ callId: 'm-ttl' }))?.status).toBe('failed');
    } finally {
      await close();
    }
  });
});

describe('a Stop for a task whose switched-off server cannot be reached', () => {
  it('stops following it, saying it may still run there', async () => {
    const { server, tasks, close } = await ownServer(5_000);
    const ref = { callId: 'm-gone' };
    const note =
      'You stopped the task, but Modern is switched off and could not be told: the task may still run there. Patchbay no longer follows it.';
    try {
      await tasks.callAsTask('research', { topic: 'tides' }, ref).task.started;
      await tasks.manager.disable(tasks.serverId);
      await server.close();
      await expect(stopFromList(tasks, ref)).resolves.toEqual({ cancelled: true });
      const keeper = await tasks.keeper();
      expect(await keeper.records.get(ref)).toMatchObject({ status: 'cancelled', error: note });
      // What the chat that made the call takes in says so too.
      await expect(keeper.result(ref)).rejects.toThrow(note);
    } finally {
      await close();
    }
  });
});
