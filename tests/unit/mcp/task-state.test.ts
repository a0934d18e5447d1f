import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, createRecordingBroadcaster } from '../../../src/platform/memory';
import { storageKeys } from '../../../src/mcp/storage-keys';
import { taskKey } from '../../../src/messaging/tasks-contract';
import { asTaskHandle, TASK_HANDLE_META_KEY } from '../../../src/mcp/tasks/task-handle-client';
import {
  DEFAULT_POLL_MS,
  MAX_POLL_MS,
  MIN_POLL_MS,
  pause,
  pollDelay,
} from '../../../src/mcp/tasks/task-schedule';
import {
  FINISHED_TASK_KEPT_MS,
  isTerminal,
  readStoredTasks,
  TaskStore,
  type StoredTask,
} from '../../../src/mcp/tasks/task-store';

const task = (overrides: Partial<StoredTask> = {}): StoredTask => ({
  callId: 'call-1',
  serverId: 'everything',
  serverName: 'Everything',
  toolName: 'simulate-research-query',
  taskId: 'task-1',
  status: 'working',
  createdAt: 1_000,
  updatedAt: 1_000,
  ttlMs: 60_000,
  era: 'legacy',
  ...overrides,
});

describe('the polling schedule', () => {
  afterEach(() => vi.useRealTimers());

  it('honours the interval the server asks for, within bounds', () => {
    expect(pollDelay(1_000)).toBe(1_000);
    expect(pollDelay(undefined)).toBe(DEFAULT_POLL_MS);
    expect(pollDelay(5)).toBe(MIN_POLL_MS);
    expect(pollDelay(3_600_000)).toBe(MAX_POLL_MS);
    expect(pollDelay(Number.NaN)).toBe(DEFAULT_POLL_MS);
  });

  it('waits twice as long after each failed poll, never past the ceiling', () => {
    expect([0, 1, 2, 3].map((failures) => pollDelay(1_000, failures))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(pollDelay(1_000, 10)).toBe(MAX_POLL_MS);
  });

  it('pauses for the delay, and stops at once when the call is stopped', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let done = false;
    const waiting = pause(1_000, controller.signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    const stopped = pause(1_000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(stopped).rejects.toThrow('stopped');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('task records', () => {
  it('knows which states are the end', () => {
    expect(['working', 'input_required'].map((status) => isTerminal(status as never))).toEqual([
      false,
      false,
    ]);
    expect(
      ['completed', 'failed', 'cancelled'].map((status) => isTerminal(status as never)),
    ).toEqual([true, true, true]);
  });

  it('reads only well-formed records from storage', () => {
    const tasks = readStoredTasks({
      'call-1': task(),
      broken: { callId: 'broken', status: 'sleeping' },
      other: 'nonsense',
    });
    expect([...tasks.values()].map((stored) => stored.callId)).toEqual(['call-1']);
    expect(readStoredTasks(undefined).size).toBe(0);
  });

  it('saves each change, tells the pages, and leaves no key when none is left', async () => {
    const store = createMemoryStore();
    const broadcaster = createRecordingBroadcaster();
    const tasks = new TaskStore(store, broadcaster, () => 5_000);
    await tasks.put(task());
    await tasks.update(task(), (stored) => ({ ...stored, statusMessage: 'Gathering sources' }));
    const saved = await store.get<Record<string, StoredTask>>(storageKeys.tasks);
    expect(saved?.[taskKey(task())]).toMatchObject({
      statusMessage: 'Gathering sources',
      updatedAt: 5_000,
    });
    const changes = broadcaster.messages.filter((message) => message.type === 'mcp/task/changed');
    expect(changes).toHaveLength(2);
    // What only the background needs stays out of the pages' view.
    expect(changes[0]?.payload).not.toHaveProperty('task.era');
    expect(await tasks.remove([{ callId: 'call-1' }])).toBe(true);
    expect(await store.get(storageKeys.tasks)).toBeUndefined();
  });

  it('keeps two chats’ tasks apart when their calls share an id', async () => {
    const store = createMemoryStore();
    const broadcaster = createRecordingBroadcaster();
    const tasks = new TaskStore(store, broadcaster, () => 5_000);
    await tasks.put(task({ chatId: 'chat-a', taskId: 'task-a' }));
    await tasks.put(task({ chatId: 'chat-b', taskId: 'task-b' }));
    expect((await tasks.list()).map((stored) => stored.taskId).sort()).toEqual([
      'task-a',
      'task-b',
    ]);
    await tasks.update({ callId: 'call-1', chatId: 'chat-b' }, (stored) => ({
      ...stored,
      status: 'completed',
    }));
    expect((await tasks.get({ callId: 'call-1', chatId: 'chat-a' }))?.status).toBe('working');
    expect((await tasks.get({ callId: 'call-1', chatId: 'chat-b' }))?.status).toBe('completed');
    expect(await tasks.get({ callId: 'call-1' })).toBeUndefined();
    // A fresh worker reads both back.
    const reread = new TaskStore(store, broadcaster);
    expect((await reread.list()).map((stored) => stored.chatId).sort()).toEqual([
      'chat-a',
      'chat-b',
    ]);
    expect(await tasks.remove([{ callId: 'call-1', chatId: 'chat-a' }])).toBe(true);
    expect(broadcaster.messages.at(-1)).toEqual({
      type: 'mcp/task/removed',
      payload: { callId: 'call-1', chatId: 'chat-a' },
    });
    expect((await tasks.list()).map((stored) => stored.chatId)).toEqual(['chat-b']);
  });

  it('reads records stored by call id alone, and stores them by chat and call at the next write', async () => {
    // The layout before chats' calls were told apart: one key per call id.
    const store = createMemoryStore({
      [storageKeys.tasks]: {
        'call-1': task({ chatId: 'chat-a' }),
        'call-2': task({ callId: 'call-2', status: 'completed' }),
      },
    });
    const tasks = new TaskStore(store, createRecordingBroadcaster(), () => 5_000);
    expect((await tasks.get({ callId: 'call-1', chatId: 'chat-a' }))?.taskId).toBe('task-1');
    expect((await tasks.get({ callId: 'call-2' }))?.status).toBe('completed');
    await tasks.put(task({ callId: 'call-1', chatId: 'chat-b', taskId: 'task-3' }));
    const saved = await store.get<Record<string, StoredTask>>(storageKeys.tasks);
    expect(Object.keys(saved ?? {}).sort()).toEqual(
      [
        taskKey({ callId: 'call-1', chatId: 'chat-a' }),
        taskKey({ callId: 'call-1', chatId: 'chat-b' }),
        taskKey({ callId: 'call-2' }),
      ].sort(),
    );
  });

  it('forgets finished tasks no chat took in after a day, and keeps running ones', async () => {
    const store = createMemoryStore();
    const now = FINISHED_TASK_KEPT_MS + 10_000;
    const tasks = new TaskStore(store, createRecordingBroadcaster(), () => now);
    await tasks.put(task({ callId: 'old', status: 'completed', updatedAt: 1_000 }));
    await tasks.put(task({ callId: 'recent', status: 'completed', updatedAt: now - 1_000 }));
    await tasks.put(task({ callId: 'running', updatedAt: 1_000 }));
    await tasks.sweep();
    expect((await tasks.list()).map((stored) => stored.callId).sort()).toEqual([
      'recent',
      'running',
    ]);
  });
});

describe('a 2026 task handle', () => {
  it('passes through the SDK as a complete result carrying the task', () => {
    const handle = asTaskHandle({
      jsonrpc: '2.0',
      id: 3,
      result: { resultType: 'task', taskId: 't-1', status: 'working', ttlMs: null },
    });
    expect(handle).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: {
        resultType: 'complete',
        content: [],
        _meta: { [TASK_HANDLE_META_KEY]: { taskId: 't-1', status: 'working', ttlMs: null } },
      },
    });
  });

  it('leaves every other answer alone', () => {
    const complete = { jsonrpc: '2.0' as const, id: 4, result: { resultType: 'complete' } };
    expect(asTaskHandle(complete)).toBe(complete);
    const failure = { jsonrpc: '2.0' as const, id: 5, error: { code: -1, message: 'no' } };
    expect(asTaskHandle(failure)).toBe(failure);
  });
});
