/**
 * Task records, kept under one storage key so a task outlives the worker and the panel: the
 * background polls on after a restart, and a chat opened later finds the result. A record goes
 * when a chat took its result in, or a day after it ended if none did. Records are keyed by
 * their chat and call ({@link taskKey}): two chats' calls may share an id.
 */
import { z } from 'zod';
import {
  taskKey,
  taskViewSchema,
  type TaskRef,
  type TaskStatus,
  type TaskView,
} from '../../messaging/tasks-contract';
import type { Broadcaster, KeyValueStore } from '../../platform/ports';
import { storageKeys } from '../storage-keys';

/** A task as stored: what pages see, plus what the background needs to poll it again. */
export const storedTaskSchema = taskViewSchema.extend({
  era: z.enum(['legacy', 'modern']),
  /** The interval the server asked for last. */
  pollIntervalMs: z.number().optional(),
  /** Whether a panel was open when the task ended (a notification is shown when not). */
  notified: z.boolean().optional(),
});
export type StoredTask = z.infer<typeof storedTaskSchema>;

/** How long a finished task waits for a chat to take its result in. */
export const FINISHED_TASK_KEPT_MS = 24 * 60 * 60_000;

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/** The view pages get: the record without what only the background needs. */
export function taskView(task: StoredTask): TaskView {
  return taskViewSchema.parse(task);
}

/**
 * Reads the stored records, dropping any that are not one (storage is untrusted), by
 * {@link taskKey}. The keys they were stored under are not read: records stored by call id
 * alone (before chats' calls were told apart) are keyed anew, and saved so at the next write.
 */
export function readStoredTasks(value: unknown): Map<string, StoredTask> {
  const tasks = new Map<string, StoredTask>();
  if (typeof value !== 'object' || value === null) return tasks;
  for (const entry of Object.values(value)) {
    const parsed = storedTaskSchema.safeParse(entry);
    if (parsed.success) tasks.set(taskKey(parsed.data), parsed.data);
  }
  return tasks;
}

export class TaskStore {
  private tasks: Promise<Map<string, StoredTask>> | undefined;
  /** Writes one after another, so a slow one never overwrites a later one. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: KeyValueStore,
    private readonly broadcaster: Broadcaster,
    private readonly now: () => number = Date.now,
  ) {}

  private load(): Promise<Map<string, StoredTask>> {
    this.tasks ??= this.store.get(storageKeys.tasks).then(readStoredTasks);
    return this.tasks;
  }

  async list(): Promise<StoredTask[]> {
    return [...(await this.load()).values()];
  }

  async get(ref: TaskRef): Promise<StoredTask | undefined> {
    return (await this.load()).get(taskKey(ref));
  }

  /** Saves a record as it is now and tells the pages. */
  async put(task: StoredTask): Promise<void> {
    const tasks = await this.load();
    tasks.set(taskKey(task), task);
    this.broadcaster.broadcast({ type: 'mcp/task/changed', payload: { task: taskView(task) } });
    await this.save(tasks);
  }

  /** Changes a record, if there is one, and saves it. */
  async update(
    ref: TaskRef,
    change: (task: StoredTask) => StoredTask,
  ): Promise<StoredTask | undefined> {
    const task = await this.get(ref);
    if (!task) return undefined;
    const next = { ...change(task), updatedAt: this.now() };
    await this.put(next);
    return next;
  }

  async remove(refs: readonly TaskRef[]): Promise<boolean> {
    const tasks = await this.load();
    const removed = refs.filter((ref) => tasks.delete(taskKey(ref)));
    if (removed.length === 0) return false;
    for (const { callId, chatId } of removed)
      this.broadcaster.broadcast({
        type: 'mcp/task/removed',
        payload: { callId, ...(chatId ? { chatId } : {}) },
      });
    await this.save(tasks);
    return true;
  }

  /** Forgets finished tasks no chat took in for {@link FINISHED_TASK_KEPT_MS}. */
  async sweep(): Promise<void> {
    const cutoff = this.now() - FINISHED_TASK_KEPT_MS;
    const stale = (await this.list()).filter(
      (task) => isTerminal(task.status) && task.updatedAt < cutoff,
    );
    if (stale.length) await this.remove(stale);
  }

  private save(tasks: Map<string, StoredTask>): Promise<void> {
    const snapshot = Object.fromEntries(tasks);
    const write = this.writing.then(() =>
      tasks.size
        ? this.store.set({ [storageKeys.tasks]: snapshot })
        : this.store.remove([storageKeys.tasks]),
    );
    this.writing = write.catch(() => undefined);
    return write;
  }
}
