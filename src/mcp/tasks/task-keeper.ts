/**
 * Keeps Patchbay's tasks going: records a task a tool call became, follows it, follows again
 * the ones a stopped worker left (an alarm wakes the worker while any runs), answers the pages
 * (list, wait, stop, dismiss), and counts on the toolbar badge the tasks that ended while no
 * panel was open, until their chats take them in. With no task running it holds no timer and
 * no alarm.
 *
 * The badge rather than a system notification: `chrome.notifications` needs the
 * `notifications` permission, which shows a warning, and a new warning disables an installed
 * extension at its next update until the person accepts it.
 */
import { notFound, PatchbayError } from '../../errors/patchbay-error';
import type { CallToolResultView } from '../../messaging/views';
import { taskKey, type TaskRef, type TaskView } from '../../messaging/tasks-contract';
import type {
  Alarms,
  Attention,
  Broadcaster,
  KeepAlive,
  KeyValueStore,
  Notifier,
} from '../../platform/ports';
import type { ServerSession } from '../session/server-session';
import { followTask, wasLetGo } from './task-follow';
import { isTerminal, taskView, TaskStore, type StoredTask } from './task-store';
import type { TaskEra, TaskSnapshot } from './task-wire';

/** The alarm that wakes a stopped worker to go on polling. */
export const TASK_ALARM = 'patchbay-tasks';
/** How far ahead the wake-up alarm is set; each poll moves it on. */
const WAKE_AFTER_MS = 30_000;

export interface TaskKeeperOptions {
  store: KeyValueStore;
  broadcaster: Broadcaster;
  alarms: Alarms;
  keepAlive: KeepAlive;
  /** The toolbar badge: tasks that ended while no panel was open, not yet in a chat. */
  attention?: Attention;
  /** Whether a side panel is open now (a task that ends then needs no badge). */
  panelOpen?: () => boolean;
  /** A system notification too, where the person lets Patchbay show them. */
  notifier?: Notifier;
}

export interface NewTask {
  session: ServerSession;
  callId: string;
  toolName: string;
  chatId?: string;
  era: TaskEra;
  first: TaskSnapshot;
  signal: AbortSignal;
}

export class TaskKeeper {
  readonly records: TaskStore;
  private readonly running = new Map<string, Promise<CallToolResultView>>();
  private wakeAt = 0;
  /** The last resume, which a wait for a result lets finish first. */
  private resuming: Promise<void> = Promise.resolve();

  constructor(private readonly options: TaskKeeperOptions) {
    this.records = new TaskStore(options.store, options.broadcaster);
  }

  /** A call the server made a task of: recorded at once, then followed to its end. */
  async begin(task: NewTask): Promise<CallToolResultView> {
    const now = Date.now();
    const createdAt = Date.parse(task.first.createdAt ?? '');
    const record: StoredTask = {
      callId: task.callId,
      serverId: task.session.id,
      serverName: task.session.config.name,
      toolName: task.toolName,
      taskId: task.first.taskId,
      ...(task.chatId ? { chatId: task.chatId } : {}),
      status: task.first.status,
      createdAt: Number.isFinite(createdAt) ? createdAt : now,
      updatedAt: now,
      ttlMs: task.first.ttlMs,
      era: task.era,
    };
    await this.records.put(record);
    return this.follow(task.session, record, task.signal, task.first);
  }

  /** After the worker started: follows every task that had not ended. */
  resume(sessionOf: (serverId: string) => ServerSession | undefined): Promise<void> {
    this.resuming = this.resumeNow(sessionOf);
    return this.resuming;
  }

  private async resumeNow(
    sessionOf: (serverId: string) => ServerSession | undefined,
  ): Promise<void> {
    await this.records.sweep();
    await this.showUnseen();
    for (const record of await this.records.list()) {
      if (isTerminal(record.status) || this.running.has(taskKey(record))) continue;
      const session = sessionOf(record.serverId);
      if (!session) {
        await this.records.update(record, (task) => ({
          ...task,
          status: 'failed',
          error: `The server ${task.serverName} is gone, and its task with it.`,
        }));
        continue;
      }
      // A switched-off server's tasks wait for it to be switched on again.
      if (!session.isEnabled) continue;
      this.adopt(session, record);
    }
  }

  /** Follows a task with no caller waiting (after a restart, or its chat let go of it). */
  private adopt(session: ServerSession, record: StoredTask): void {
    const controller = new AbortController();
    const key = taskKey(record);
    session.calls.set(key, controller);
    const release = this.options.keepAlive.hold();
    this.follow(session, record, controller.signal)
      .catch(() => undefined)
      .finally(() => {
        if (session.calls.get(key) === controller) session.calls.delete(key);
        release();
      });
  }

  /** A task's result: waits for a running one; a finished one answers at once. */
  async result(ref: TaskRef): Promise<CallToolResultView> {
    await this.resuming;
    const running = this.running.get(taskKey(ref));
    if (running) return running;
    const record = await this.records.get(ref);
    if (!record) throw notFound('Patchbay knows of no task for this call.');
    if (record.status === 'completed' && record.result) return record.result;
    if (isTerminal(record.status)) {
      throw new PatchbayError(
        record.status === 'cancelled' ? 'cancelled' : 'tool-failed',
        record.error ?? `The task ${record.toolName} ended without a result.`,
      );
    }
    throw new PatchbayError('internal', 'The task is not being followed yet; try again.', {
      retryable: true,
    });
  }

  async list(): Promise<TaskView[]> {
    return (await this.records.list()).map(taskView);
  }

  /** Forgets a finished task (its result is in a chat); a running one stays. */
  async dismiss(ref: TaskRef): Promise<boolean> {
    const record = await this.records.get(ref);
    if (!record || !isTerminal(record.status)) return false;
    const removed = await this.records.remove([record]);
    if (record.notified) await this.showUnseen();
    return removed;
  }

  /** A server was removed: its tasks go with it. */
  async forgetServer(serverId: string): Promise<void> {
    const records = await this.records.list();
    await this.records.remove(records.filter((task) => task.serverId === serverId));
  }

  /** The alarm fired: the worker is awake, the caller has resumed; keep the alarm while needed. */
  onAlarm(): void {
    this.wakeAt = 0;
    if (this.running.size) this.keepAwake(0);
  }

  private follow(
    session: ServerSession,
    record: StoredTask,
    signal: AbortSignal,
    first?: TaskSnapshot,
  ): Promise<CallToolResultView> {
    const key = taskKey(record);
    const run = followTask({
      session,
      store: this.records,
      task: record,
      signal,
      ...(first ? { first } : {}),
      onPoll: (delay) => this.keepAwake(delay),
    }).finally(() => {
      if (this.running.get(key) !== run) return;
      this.running.delete(key);
      // The caller let go (its chat closed): the task goes on, followed here alone.
      if (wasLetGo(signal.reason)) return this.adopt(session, record);
      void this.ended(record);
    });
    this.running.set(key, run);
    return run;
  }

  /** Moves the wake-up alarm on, at most every few seconds. */
  private keepAwake(delay: number): void {
    const wanted = Date.now() + WAKE_AFTER_MS + delay;
    if (wanted - this.wakeAt < 5_000) return;
    this.wakeAt = wanted;
    void this.options.alarms.schedule(TASK_ALARM, wanted).catch(() => undefined);
  }

  private async ended(ref: TaskRef): Promise<void> {
    if (this.running.size === 0) {
      this.wakeAt = 0;
      await this.options.alarms.clear(TASK_ALARM).catch(() => undefined);
    }
    const record = await this.records.get(ref);
    if (!record || !isTerminal(record.status) || record.notified) return;
    if (this.options.panelOpen?.() ?? true) return;
    await this.records.update(ref, (task) => ({ ...task, notified: true }));
    await this.showUnseen();
    const id = ref.chatId ? `${ref.chatId}-${ref.callId}` : ref.callId;
    await this.options.notifier?.notify(`patchbay-task-${id}`, taskEndedNote(record));
  }

  /** The badge counts the tasks that ended unseen (the person then opens the panel). */
  private async showUnseen(): Promise<void> {
    if (!this.options.attention) return;
    const unseen = (await this.records.list()).filter((task) => task.notified).length;
    this.options.attention.showWaiting(unseen);
  }
}

/** What the notification says of a task that ended while no panel was open (names, as text). */
export function taskEndedNote(task: Pick<StoredTask, 'toolName' | 'serverName' | 'status'>) {
  const how =
    task.status === 'completed' ? 'finished' : task.status === 'failed' ? 'failed' : 'was stopped';
  return {
    title: `${task.toolName} on ${task.serverName} ${how}`,
    message: 'Open Patchbay: its result is in the chat that called it.',
  };
}
