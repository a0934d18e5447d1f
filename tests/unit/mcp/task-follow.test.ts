/**
 * Following a task through what a real server rarely does on cue: going out of reach for a
 * long while (minutes, past what a few retries cover), under fake timers. The server is a
 * stand-in that answers `tasks/*` requests as a test scripts them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError } from '../../../src/errors/connection-error';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import { followTask } from '../../../src/mcp/tasks/task-follow';
import { TaskStore, type StoredTask } from '../../../src/mcp/tasks/task-store';
import { createMemoryStore, createRecordingBroadcaster } from '../../../src/platform/memory';
import { createScriptedTaskServer, type ScriptedAnswer } from '../../helpers/scripted-task-server';

const RESULT = { content: [{ type: 'text', text: 'Research report: tides' }] };

function record(overrides: Partial<StoredTask> = {}): StoredTask {
  return {
    callId: 'call-1',
    chatId: 'chat-1',
    serverId: 'research',
    serverName: 'Research',
    toolName: 'research',
    taskId: 'task-1',
    status: 'working',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    ttlMs: null,
    era: 'modern',
    ...overrides,
  };
}

const offline = () => new ConnectionError('network', 'The server could not be reached');

describe('a task whose server goes out of reach', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function follow(task: StoredTask, answer: (method: string) => ScriptedAnswer) {
    const store = new TaskStore(createMemoryStore(), createRecordingBroadcaster());
    await store.put(task);
    const server = createScriptedTaskServer(answer);
    const controller = new AbortController();
    const outcome = followTask({
      session: server.session,
      store,
      task,
      signal: controller.signal,
    }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    return { store, server, outcome, controller };
  }

  it('is followed on for as long as it may live, saying the server cannot be reached', async () => {
    let reachable = false;
    const { store, server, outcome } = await follow(record(), () =>
      reachable
        ? { taskId: 'task-1', status: 'completed', ttlMs: null, result: RESULT }
        : offline(),
    );
    let settled = false;
    void outcome.then(() => (settled = true));
    // Ten minutes offline: many more failed polls than a few retries would allow.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.requests.filter((method) => method === 'tasks/get').length).toBeGreaterThan(20);
    expect(settled).toBe(false);
    expect(await store.get(record())).toMatchObject({
      status: 'working',
      note: "Can't reach Research right now; Patchbay is still following the task.",
    });
    reachable = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await outcome).toEqual({ result: RESULT });
    const ended = await store.get(record());
    expect(ended).toMatchObject({ status: 'completed', result: RESULT });
    expect(ended).not.toHaveProperty('note');
  });

  it('is followed no longer once its time to live ran out, reachable or not', async () => {
    const { store, outcome } = await follow(record({ ttlMs: 5 * 60_000 }), () => offline());
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    const { error } = (await outcome) as { error: unknown };
    expect(PatchbayError.isInstance(error) && error.code).toBe('timeout');
    expect((await store.get(record()))?.status).toBe('failed');
  });

  it('ends when the server answers that it does not know the task', async () => {
    const { store, outcome } = await follow(record(), () => ({
      error: { code: -32602, message: 'No task task-1' },
    }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toMatchObject({ error: expect.objectContaining({ code: -32602 }) });
    expect((await store.get(record()))?.error).toContain('Patchbay lost track of the task');
  });
});

describe('a task that asks what Patchbay does not answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves the question unanswered and says so, until the server moves on', async () => {
    let moved = false;
    const store = new TaskStore(createMemoryStore(), createRecordingBroadcaster());
    await store.put(record());
    const server = createScriptedTaskServer(() =>
      moved
        ? { taskId: 'task-1', status: 'completed', ttlMs: null, result: RESULT }
        : {
            taskId: 'task-1',
            status: 'input_required',
            ttlMs: null,
            inputRequests: { 'roots-1': { method: 'roots/list' } },
          },
    );
    const outcome = followTask({
      session: server.session,
      store,
      task: record(),
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await store.get(record())).toMatchObject({
      status: 'input_required',
      note: 'Research asks for roots/list, which Patchbay does not answer; the task waits on it and may not finish.',
    });
    // Nothing was sent as its answer.
    expect(server.requests).not.toContain('tasks/update');
    moved = true;
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(outcome).resolves.toEqual(RESULT);
    expect(await store.get(record())).not.toHaveProperty('note');
  });
});

describe('a 2025 task whose result stream broke while it waited for input', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again, and finishes with the result rather than the stale failure', async () => {
    const statuses = ['input_required', 'input_required', 'completed'];
    let results = 0;
    const store = new TaskStore(createMemoryStore(), createRecordingBroadcaster());
    const task = record({ era: 'legacy' });
    await store.put(task);
    const server = createScriptedTaskServer((method) => {
      if (method === 'tasks/result')
        // The first stream breaks (offline); the one asked for afterwards carries the result.
        return (results += 1) === 1 ? offline() : Promise.resolve(RESULT);
      return { taskId: 'task-1', status: statuses.shift() ?? 'completed', ttl: null };
    });
    const outcome = followTask({
      session: server.session,
      store,
      task,
      signal: new AbortController().signal,
      first: { taskId: 'task-1', status: 'input_required', ttlMs: null },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual(RESULT);
    expect(server.requests.filter((method) => method === 'tasks/result')).toHaveLength(2);
    expect((await store.get(task))?.status).toBe('completed');
  });
});
