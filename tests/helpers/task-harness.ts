/**
 * What the task tests (tests/integration/tasks-*.test.ts) set up and watch: a manager with one
 * real server switched on, calls the server makes tasks of, the states the pages hear those
 * tasks go through, and a worker restart.
 */
import { storageKeys } from '../../src/mcp/storage-keys';
import { readStoredTasks } from '../../src/mcp/tasks/task-store';
import {
  taskKey,
  type TaskRef,
  type TaskStatus,
  type TaskView,
} from '../../src/messaging/tasks-contract';
import { createMemoryStore } from '../../src/platform/memory';
import { createHarness } from './manager-harness';

type HarnessOptions = Parameters<typeof createHarness>[0];
export type Harness = ReturnType<typeof createHarness>;

/** An in-memory store that tells `onWrite` after every write (task records are written last). */
function watchedStore(initial?: Record<string, unknown>) {
  const store = createMemoryStore(initial);
  const listeners = new Set<() => void>();
  return {
    ...store,
    set: async (entries: Record<string, unknown>) => {
      await store.set(entries);
      for (const listener of listeners) listener();
    },
    onWrite(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type WatchedStore = ReturnType<typeof watchedStore>;

/** One task, as the pages hear of it. */
export interface TaskWatch {
  /** Every state it went through, in order. */
  readonly seen: TaskView[];
  /** Its first record, told to the pages and stored: the server made a task of the call. */
  readonly started: Promise<TaskView>;
  /** Resolves when it reaches `status` (at once if it already did). */
  reaches(status: TaskStatus): Promise<TaskView>;
}

/** How long a task test waits for a state it expects. */
const WAIT_MS = 10_000;

/** Watches the task of call `ref` on `harness`'s pages (and in its storage), from now on. */
function watchTask(harness: Harness, store: WatchedStore, ref: TaskRef): TaskWatch {
  const seen: TaskView[] = [];
  const waiting = new Set<() => void>();
  const check = () => {
    for (const waiter of waiting) waiter();
  };
  harness.broadcaster.listen((message) => {
    if (message.type !== 'mcp/task/changed') return;
    const { task } = message.payload;
    if (task.callId !== ref.callId || task.chatId !== ref.chatId) return;
    seen.push(task);
    check();
  });
  store.onWrite(check);
  const isStored = () => readStoredTasks(store.snapshot()[storageKeys.tasks]).has(taskKey(ref));
  const reaches = (wanted: (task: TaskView) => boolean, what: string) =>
    new Promise<TaskView>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`The task of ${ref.callId} never ${what}; it went ${statuses(seen)}.`));
      }, WAIT_MS);
      const check = () => {
        const found = seen.find(wanted);
        if (!found) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(found);
      };
      waiting.add(check);
      check();
    });
  return {
    seen,
    // Recorded: told to the pages and written (a restarted worker reads it).
    started: reaches(() => isStored(), 'started'),
    reaches: (status) => reaches((task) => task.status === status, `reached ${status}`),
  };
}

const statuses = (seen: readonly TaskView[]) =>
  seen.map((task) => task.status).join(' → ') || 'nowhere';

/** A manager with the server at `url` added and switched on (waiting for it to connect). */
export async function createTaskHarness(url: string, name: string, options?: HarnessOptions) {
  const store = watchedStore();
  const harness = createHarness({ ...options, store });
  const serverId = await harness.addAndEnable(url, name);
  return {
    ...harness,
    serverId,
    keeper: () => harness.manager.taskKeeper(),

    /**
     * Calls `tool` with `args` as call `ref` and watches its task. The call's promise is
     * returned as is (awaiting it sees its outcome); a test that does not await it loses no
     * rejection to the void.
     */
    callAsTask(tool: string, args: Record<string, unknown>, ref: TaskRef) {
      const task = watchTask(harness, store, ref);
      const call = harness.manager.callTool(serverId, { name: tool, arguments: args, ...ref });
      call.catch(() => undefined);
      return { call, task };
    },

    /**
     * A new worker with what this one stored and nothing in memory; this one's connections
     * close, leaving the server's tasks running. The test disposes of it.
     */
    async restartWorker(): Promise<Harness> {
      const restarted = createHarness({ initial: harness.store.snapshot() });
      await harness.manager.closeAll();
      return restarted;
    },
  };
}
export type TaskHarness = Awaited<ReturnType<typeof createTaskHarness>>;
