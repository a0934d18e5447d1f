/**
 * Task-augmented tool calls against the protocol's reference server (2025-11-25 tasks):
 * server-everything's `simulate-research-query` runs four one-second stages as a task.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaskView } from '../../src/messaging/tasks-contract';
import { PatchbayError } from '../../src/errors/patchbay-error';
import { storageKeys } from '../../src/mcp/storage-keys';
import { TASK_ALARM } from '../../src/mcp/tasks/task-keeper';
import { startServerEverything, type ServerEverything } from '../fixtures/server-everything';
import { createHarness } from '../helpers/manager-harness';

describe('tasks on server-everything (2025-11-25)', () => {
  let server: ServerEverything;
  let harness: ReturnType<typeof createHarness>;
  let serverId: string;

  beforeAll(async () => {
    server = await startServerEverything('streamableHttp');
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await harness.dispose();
  });

  async function setup() {
    harness = createHarness();
    serverId = await harness.addAndEnable(server.url, 'Everything');
  }

  /** Every state a task went through, as the pages heard them. */
  function taskChanges(callId: string): TaskView[] {
    const seen: TaskView[] = [];
    harness.broadcaster.listen((message) => {
      if (message.type === 'mcp/task/changed' && message.payload.task.callId === callId)
        seen.push(message.payload.task);
    });
    return seen;
  }

  it('polls the task to its end, telling its stages, and returns its result', async () => {
    await setup();
    // Nothing is scheduled while no task runs.
    expect([...harness.alarms.scheduled().keys()]).not.toContain(TASK_ALARM);
    const seen = taskChanges('call-1');
    const call = harness.manager.callTool(serverId, {
      name: 'simulate-research-query',
      arguments: { topic: 'tides' },
      callId: 'call-1',
      chatId: 'chat-1',
    });
    // While it runs, an alarm would wake a stopped worker to poll on; it goes with the task.
    await until(() => harness.alarms.scheduled().has(TASK_ALARM));
    const result = await call;
    await until(() => !harness.alarms.scheduled().has(TASK_ALARM));
    expect(JSON.stringify(result.content)).toContain('Research Report: tides');
    const messages = [...new Set(seen.map((task) => task.statusMessage).filter(Boolean))];
    expect(messages).toEqual(
      expect.arrayContaining(['Gathering sources...', 'Analyzing content...']),
    );
    expect(seen.at(-1)).toMatchObject({
      status: 'completed',
      chatId: 'chat-1',
      toolName: 'simulate-research-query',
    });
    // The finished task waits in storage for its chat, which then dismisses it.
    const keeper = await harness.manager.taskKeeper();
    expect((await keeper.list()).map((task) => task.status)).toEqual(['completed']);
    expect(await keeper.dismiss({ callId: 'call-1', chatId: 'chat-1' })).toBe(true);
    expect(await harness.store.get(storageKeys.tasks)).toBeUndefined();
  });

  it('asks the person when the task needs input, then finishes with the answer', async () => {
    await setup();
    const call = harness.manager.callTool(serverId, {
      name: 'simulate-research-query',
      arguments: { topic: 'python', ambiguous: true },
      callId: 'call-2',
    });
    const ask = await harness.nextAsk();
    expect(ask).toMatchObject({ kind: 'elicitation-form', serverId });
    await harness.manager.answerAsk(ask.id, {
      action: 'accept',
      content: { interpretation: 'snake' },
    });
    expect(JSON.stringify((await call).content)).toContain('Research Report: python (snake)');
  });

  it('cancels the task on the server when the call is stopped', async () => {
    await setup();
    const seen = taskChanges('call-3');
    const call = harness.manager.callTool(serverId, {
      name: 'simulate-research-query',
      arguments: { topic: 'moons' },
      callId: 'call-3',
    });
    await until(() => seen.length > 0);
    expect(await harness.manager.cancelTool(serverId, { callId: 'call-3' })).toBe(true);
    await expect(call).rejects.toSatisfy(
      (error) => PatchbayError.isInstance(error) && error.code === 'cancelled',
    );
    await until(() => seen.at(-1)?.status === 'cancelled');
    // The server heard it: asked in the same session, its own record of the task says so.
    const taskId = seen[0]!.taskId;
    const sessionId = await harness.store.get<string>(storageKeys.sessionId(serverId));
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
    await setup();
    // A new worker with what the old one stored: the call opens the connection.
    const second = createHarness({ initial: harness.store.snapshot() });
    await harness.manager.closeAll();
    try {
      const result = await second.manager.callTool(serverId, {
        name: 'simulate-research-query',
        arguments: { topic: 'lagoons' },
        callId: 'call-5',
      });
      expect(JSON.stringify(result.content)).toContain('Research Report: lagoons');
      const keeper = await second.manager.taskKeeper();
      expect((await keeper.records.get({ callId: 'call-5' }))?.status).toBe('completed');
    } finally {
      await second.dispose();
    }
  });

  it('follows a stored task again after the worker restarted', async () => {
    await setup();
    const seen = taskChanges('call-4');
    const first = harness.manager.callTool(serverId, {
      name: 'simulate-research-query',
      arguments: { topic: 'comets' },
      callId: 'call-4',
    });
    first.catch(() => undefined);
    await until(() => seen.length > 0);
    // A new worker: what the old one stored, nothing in memory. Closing the old one's
    // connections leaves the task running on the server.
    const second = createHarness({ initial: harness.store.snapshot() });
    await harness.manager.closeAll();
    try {
      const keeper = await second.manager.taskKeeper();
      const result = await keeper.result({ callId: 'call-4' });
      expect(JSON.stringify(result.content)).toContain('Research Report: comets');
    } finally {
      await second.dispose();
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('The condition never held.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
