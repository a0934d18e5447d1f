/**
 * Routines in the worker: saved, scheduled on one alarm (none while no routine is active, so the
 * worker does nothing for them), and run by the routine runner (src/routines/run-routine.ts in
 * an offscreen document's worker: the AI SDK and its providers stay out of this worker). This
 * service is one of the worker's lazy parts, loaded only where routines are stored or asked for
 * (./lazy-routine-service.ts). A run missed while the browser was closed runs once when it
 * opens, not once per missed time. Runs that wait for the person end after the routine's answer
 * time.
 */
import type { Alarms, Broadcaster, KeyValueStore } from '../platform/ports';
import type { Routine, RoutineInput, RoutineRun, RoutineView } from './routine';
import {
  pauseRoutine,
  readRoutineInput,
  removeRoutine,
  runRoutineNow,
  saveRoutine,
  stopRoutine,
} from './routine-edits';
import { createRoutineNotices, type RoutineNotices } from './routine-notices';
import { createRoutineStore } from './routine-store';
import { createRoutineViews } from './routine-views';
import { routineWake } from './routine-wake';
import { createRunDesk, type RoutineRunner } from './run-desk';

export interface RoutineServiceOptions {
  store: KeyValueStore;
  alarms: Alarms;
  broadcaster: Broadcaster;
  runner: RoutineRunner;
  notices: Parameters<typeof createRoutineNotices>[0];
  now?: () => number;
  newId?: () => string;
}

export function createRoutineService(options: RoutineServiceOptions) {
  const routines = createRoutineStore(options.store);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const notices: RoutineNotices = createRoutineNotices(options.notices);
  const { list, changed, viewOf } = createRoutineViews(routines, options.broadcaster);

  const newRun = (routine: Routine, dueAt: number, manual: boolean): RoutineRun => ({
    id: newId(),
    routineId: routine.id,
    chatId: newId(),
    dueAt,
    startedAt: now(),
    outcome: 'running',
    ...(manual && { manual: true }),
  });

  /** Starts due runs, ends runs nobody answered in time, and sets the next alarm. */
  const wake = routineWake({
    ...options,
    routines,
    notices,
    now,
    newRun: (routine, dueAt) => newRun(routine, dueAt, false),
    changed,
  });
  /** After a change the alarm may follow: the next alarm set, and pages told. */
  const afterChange = async () => {
    await wake();
    await changed();
  };

  const runDesk = createRunDesk({
    routines,
    notices,
    store: options.store,
    runner: options.runner,
    now,
    afterChange,
  });

  return {
    /**
     * Looks at the stored routines: starts the runs due, ends those nobody answered in time,
     * and sets the next alarm. At the worker's start, when the routines alarm fires (its one
     * listener is the worker's: ./lazy-routine-service.ts), and after a restored backup.
     */
    reload: () => wake(),

    list,

    async save(input: RoutineInput): Promise<RoutineView> {
      const id = await routines.update(saveRoutine(readRoutineInput(input), now(), newId));
      await wake();
      return viewOf(id);
    },

    async remove(id: string): Promise<boolean> {
      const removed = await routines.update(removeRoutine(id));
      if (removed) await afterChange();
      return removed;
    },

    async pause(id: string, paused: boolean): Promise<RoutineView> {
      await routines.update(pauseRoutine(id, paused, now()));
      await wake();
      return viewOf(id);
    },

    /**
     * Stops the routine's run under way, running or waiting for the person. The runner settles
     * it: it lets go of the model's answer and of a tool call under way (the server is told to
     * cancel), marks the chat's unfinished calls cancelled and then reports the run stopped; a
     * waiting run is taken by a runner for that alone. It hears of the stop from the
     * `routines/changed` broadcast, or from the answer to its word that it is alive. Undefined
     * when nothing was under way.
     */
    async stop(id: string): Promise<RoutineRun | undefined> {
      const stopping = await routines.update(stopRoutine(id));
      if (!stopping) return undefined;
      if (stopping.waited) await notices.stopped(stopping.run);
      await afterChange();
      return stopping.run;
    },

    async runNow(id: string): Promise<RoutineRun> {
      const run = await routines.update(
        runRoutineNow(id, (routine) => newRun(routine, now(), true)),
      );
      await afterChange();
      return run;
    },

    async runs(routineId: string): Promise<RoutineRun[]> {
      return (await routines.read()).runs.filter((run) => run.routineId === routineId);
    },

    async runOfChat(chatId: string): Promise<RoutineRun | undefined> {
      return (await routines.read()).runs.find((run) => run.chatId === chatId);
    },

    ...runDesk,
  };
}
export type RoutineService = ReturnType<typeof createRoutineService>;
