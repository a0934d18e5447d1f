/**
 * Task-augmented tool calls in the 2026-07-28 era: the Tasks extension on a v2 fixture server
 * (`research`, four short stages; a question through `inputRequests` when ambiguous).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PatchbayError } from '../../src/errors/patchbay-error';
import type { TaskView } from '../../src/messaging/tasks-contract';
import { startModernServer, type ModernServer } from '../fixtures/modern-server';
import { createTaskFixtureState, type TaskFixtureState } from '../fixtures/task-tools';
import { tasksRoutes } from '../../src/messaging/tasks-routes';
import { createHarness } from '../helpers/manager-harness';

describe('tasks on a 2026-07-28 server (the Tasks extension)', () => {
  let server: ModernServer;
  let state: TaskFixtureState;
  let harness: ReturnType<typeof createHarness>;
  let serverId: string;

  beforeAll(async () => {
    state = createTaskFixtureState(300);
    server = await startModernServer({ legacy: 'reject', tasks: state });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await harness.dispose();
  });

  async function setup() {
    harness = createHarness();
    serverId = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const view = await harness.manager.viewOf(serverId);
    expect(view.status).toEqual({ state: 'connected' });
  }

  function taskChanges(callId: string): TaskView[] {
    const seen: TaskView[] = [];
    harness.broadcaster.listen((message) => {
      if (message.type === 'mcp/task/changed' && message.payload.task.callId === callId)
        seen.push(message.payload.task);
    });
    return seen;
  }

  it('tells the person, where they allow notifications, of a task that ended with no panel open', async () => {
    const notes: { id: string; title: string; message: string }[] = [];
    const badge: number[] = [];
    harness = createHarness({
      panelOpen: () => false,
      taskAttention: { showWaiting: (count) => badge.push(count) },
      taskNotifier: { notify: async (id, note) => void notes.push({ id, ...note }) },
    });
    serverId = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'tides' },
      callId: 'm-notice',
    });
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
    await setup();
    const seen = taskChanges('m-1');
    const result = await harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'tides' },
      callId: 'm-1',
    });
    expect(result.content).toEqual([{ type: 'text', text: 'Research report: tides' }]);
    expect(seen.map((task) => task.statusMessage)).toEqual(
      expect.arrayContaining(['Gathering sources...', 'Analyzing content...']),
    );
    expect(seen.at(-1)?.status).toBe('completed');
    expect(server.methods()).toContain('tasks/get');
  });

  it('answers the task’s question through the person, with tasks/update', async () => {
    await setup();
    const call = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'python', ambiguous: true },
      callId: 'm-2',
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({ kind: 'elicitation-form', message: 'Which "python" do you mean?' });
    await harness.manager.answerAsk(ask.id, {
      action: 'accept',
      content: { interpretation: 'snake' },
    });
    expect((await call).content).toEqual([
      { type: 'text', text: 'Research report: python (snake)' },
    ]);
    expect(state.updated).toHaveLength(1);
  });

  it('sends tasks/cancel when the call is stopped', async () => {
    await setup();
    const seen = taskChanges('m-3');
    const call = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'moons' },
      callId: 'm-3',
    });
    await until(() => seen.length > 0);
    await harness.manager.cancelTool(serverId, { callId: 'm-3' });
    await expect(call).rejects.toSatisfy(
      (error) => PatchbayError.isInstance(error) && error.code === 'cancelled',
    );
    await until(() => state.cancelled.includes(seen[0]!.taskId));
    expect(state.tasks.get(seen[0]!.taskId)?.status).toBe('cancelled');
  });

  it('follows a task again when its server, switched off meanwhile, is switched on', async () => {
    await setup();
    const seen = taskChanges('m-5');
    const call = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'storms' },
      callId: 'm-5',
    });
    call.catch(() => undefined);
    await until(() => seen.length > 0);
    await harness.manager.disable(serverId);
    await expect(call).rejects.toBeInstanceOf(Error);
    // Switched off is not stopped: the server was not told to cancel, the record waits.
    expect(state.cancelled).not.toContain(seen[0]!.taskId);
    const keeper = await harness.manager.taskKeeper();
    expect((await keeper.records.get({ callId: 'm-5' }))?.status).toBe('working');
    await harness.manager.enable(serverId);
    const result = await keeper.result({ callId: 'm-5' });
    expect(result.content).toEqual([{ type: 'text', text: 'Research report: storms' }]);
  });

  it('sends tasks/cancel for a Stop that arrives as a restarted worker loads its tasks', async () => {
    await setup();
    const seen = taskChanges('m-7');
    const first = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'geysers' },
      callId: 'm-7',
      chatId: 'chat-7',
    });
    first.catch(() => undefined);
    await until(() => seen.length > 0);
    // A new worker: the first thing it hears is the person's Stop.
    const restarted = createHarness({ initial: harness.store.snapshot() });
    await harness.manager.closeAll();
    try {
      expect(
        await restarted.manager.cancelTool(serverId, { callId: 'm-7', chatId: 'chat-7' }),
      ).toBe(true);
      await until(() => state.cancelled.includes(seen[0]!.taskId));
      const keeper = await restarted.manager.taskKeeper();
      await expect
        .poll(async () => (await keeper.records.get({ callId: 'm-7', chatId: 'chat-7' }))?.status)
        .toBe('cancelled');
    } finally {
      await restarted.dispose();
    }
  });

  it('stops, from Running tasks, a task whose server is switched off: the server is told', async () => {
    await setup();
    const seen = taskChanges('m-8');
    const call = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'glaciers' },
      callId: 'm-8',
    });
    call.catch(() => undefined);
    await until(() => seen.length > 0);
    await harness.manager.disable(serverId);
    const stop = tasksRoutes(harness.manager)['mcp/tasks/cancel'];
    await expect(stop({ callId: 'm-8' }, 'mcp/tasks/cancel')).resolves.toEqual({
      cancelled: true,
    });
    // Told over a connection of its own; the server stays switched off.
    expect(state.cancelled).toContain(seen[0]!.taskId);
    expect(seen.at(-1)).toMatchObject({
      status: 'cancelled',
      error: 'You stopped the task, and Modern was told.',
    });
    expect((await harness.manager.viewOf(serverId)).isEnabled).toBe(false);
  });

  it('follows a task on when its caller lets go of the call (the chat closed)', async () => {
    await setup();
    const seen = taskChanges('m-6');
    const call = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'reefs' },
      callId: 'm-6',
    });
    await until(() => seen.length > 0);
    expect(await harness.manager.cancelTool(serverId, { callId: 'm-6' }, true)).toBe(true);
    await expect(call).rejects.toBeInstanceOf(Error);
    const keeper = await harness.manager.taskKeeper();
    const result = await keeper.result({ callId: 'm-6' });
    expect(result.content).toEqual([{ type: 'text', text: 'Research report: reefs' }]);
    expect(state.cancelled).not.toContain(seen[0]!.taskId);
  });

  it('keeps two chats’ tasks apart when their models give the calls one id', async () => {
    await setup();
    const call = (chatId: string, topic: string) =>
      harness.manager.callTool(serverId, {
        name: 'research',
        arguments: { topic },
        callId: 'call_1',
        chatId,
      });
    const [first, second] = await Promise.all([call('chat-a', 'tides'), call('chat-b', 'dunes')]);
    expect(first.content).toEqual([{ type: 'text', text: 'Research report: tides' }]);
    expect(second.content).toEqual([{ type: 'text', text: 'Research report: dunes' }]);
    const keeper = await harness.manager.taskKeeper();
    const records = await keeper.list();
    expect(records.map((task) => [task.chatId, task.status]).sort()).toEqual([
      ['chat-a', 'completed'],
      ['chat-b', 'completed'],
    ]);
    expect((await keeper.result({ callId: 'call_1', chatId: 'chat-b' })).content).toEqual([
      { type: 'text', text: 'Research report: dunes' },
    ]);
    // One chat taking its result in leaves the other's.
    expect(await keeper.dismiss({ callId: 'call_1', chatId: 'chat-a' })).toBe(true);
    expect((await keeper.list()).map((task) => task.chatId)).toEqual(['chat-b']);
  });

  it('fails the call, and its record, when the server forgets the task', async () => {
    await setup();
    const seen = taskChanges('m-4');
    const call = harness.manager.callTool(serverId, {
      name: 'research',
      arguments: { topic: 'comets' },
      callId: 'm-4',
    });
    await until(() => seen.length > 0);
    state.tasks.delete(seen[0]!.taskId);
    await expect(call).rejects.toSatisfy(
      (error) => PatchbayError.isInstance(error) && error.code === 'tool-failed',
    );
    expect(seen.at(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Patchbay lost track of the task on Modern'),
    });
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('The condition never held.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a task that outlives the time its server gave it', () => {
  it('is followed no longer: the call fails saying so, and the record ends failed', async () => {
    // Four stages of 5 s each, on a task the server says lives 600 ms.
    const state = createTaskFixtureState(5_000, 600);
    const server = await startModernServer({ legacy: 'reject', tasks: state });
    const harness = createHarness();
    try {
      const serverId = await harness.addAndEnable(server.mcpUrl, 'Modern');
      await expect(
        harness.manager.callTool(serverId, {
          name: 'research',
          arguments: { topic: 'tides' },
          callId: 'm-ttl',
        }),
      ).rejects.toThrow('ran past the time Modern gave it');
      const keeper = await harness.manager.taskKeeper();
      expect((await keeper.records.get({ callId: 'm-ttl' }))?.status).toBe('failed');
    } finally {
      await harness.dispose();
      await server.close();
    }
  });
});

describe('a Stop for a task whose switched-off server cannot be reached', () => {
  it('stops following it, saying it may still run there', async () => {
    const state = createTaskFixtureState(5_000);
    const server = await startModernServer({ legacy: 'reject', tasks: state });
    const harness = createHarness();
    try {
      const serverId = await harness.addAndEnable(server.mcpUrl, 'Modern');
      const call = harness.manager.callTool(serverId, {
        name: 'research',
        arguments: { topic: 'tides' },
        callId: 'm-gone',
      });
      call.catch(() => undefined);
      const keeper = await harness.manager.taskKeeper();
      await expect.poll(async () => (await keeper.list()).length).toBe(1);
      await harness.manager.disable(serverId);
      await server.close();
      const stop = tasksRoutes(harness.manager)['mcp/tasks/cancel'];
      await expect(stop({ callId: 'm-gone' }, 'mcp/tasks/cancel')).resolves.toEqual({
        cancelled: true,
      });
      expect(await keeper.records.get({ callId: 'm-gone' })).toMatchObject({
        status: 'cancelled',
        error:
          'You stopped the task, but Modern is switched off and could not be told: the task may still run there. Patchbay no longer follows it.',
      });
      // Switched on again, it is not followed: the person stopped it.
      expect(await keeper.result({ callId: 'm-gone' }).catch((error: Error) => error.message)).toBe(
        'You stopped the task, but Modern is switched off and could not be told: the task may still run there. Patchbay no longer follows it.',
      );
    } finally {
      await harness.dispose();
    }
  });
});
