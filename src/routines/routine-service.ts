/**
 * Routines in the worker: saved, scheduled on one alarm (none while no routine is active, so the
 * worker does nothing for them), and run by the routine runner (src/routines/run-routine.ts in
 * an offscreen document's worker: the AI SDK and its providers stay out of this worker). This
 * service is one of the worker's lazy parts, loaded only where routines are stored or asked for
 * (./lazy-routine-service.ts). A run missed while the browser was closed runs once when it
 * opens, not once per missed time. Runs that wait for the person end after the routine's answer
 * time.
 */
import { RequestError } from '../errors/request-error';
import type { Alarms, Broadcaster, KeyValueStore } from '../platform/ports';
import {
  isSettled,
  routineInputSchema,
  type Routine,
  type RoutineInput,
  type RoutineRun,
  type RoutineView,
} from './routine';
import { createRoutineNotices, type RoutineNotices } from './routine-notices';
import { createRoutineStore } from './routine-store';
import { createRunDesk, withoutWait, type RoutineRunner } from './run-desk';
import { afterClockMoves } from './clock-moves';
import { dueRuns, nextWake } from './due-runs';
import { isKnownTimeZone, nextRunAfter } from './schedule';
import { ROUTINES_ALARM } from './routine-keys';

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

  const views = (all: Routine[], runs: RoutineRun[]): RoutineView[] =>
    all.map((routine) => {
      const lastRun = runs.find((run) => run.routineId === routine.id);
      return lastRun ? { ...routine, lastRun } : routine;
    });

  async function changed(): Promise<RoutineView[]> {
    const state = await routines.read();
    const list = views(state.routines, state.runs);
    options.broadcaster.broadcast({ type: 'routines/changed', payload: { routines: list } });
    return list;
  }

  const viewOf = async (id: string): Promise<RoutineView> => {
    const found = (await changed()).find((routine) => routine.id === id);
    if (!found) throw notFound();
    return found;
  };

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
  async function wake(): Promise<void> {
    const at = now();
    const timedOut = await routines.update((state) => {
      // Times stored on a clock that since jumped are bounded first (clock-moves.ts).
      const next = dueRuns(afterClockMoves(state, at), at, (routine, dueAt) =>
        newRun(routine, dueAt, false),
      );
      return { ...next, result: next.timedOut };
    });
    const state = await routines.read();
    for (const run of timedOut) {
      const routine = state.routines.find((each) => each.id === run.routineId);
      if (routine) await notices.ended(routine, run);
    }
    // The alarm first: whatever happens to the runner, the worker looks again.
    const when = nextWake(state, at);
    if (when === undefined) await options.alarms.clear(ROUTINES_ALARM);
    else await options.alarms.schedule(ROUTINES_ALARM, when);
    const running = state.runs.filter((run) => run.outcome === 'running');
    // A runner silent past its lease died (its document is open, its worker gone): a new one
    // takes its run again from the last saved step.
    const silent = running.some((run) => run.leaseUntil !== undefined && run.leaseUntil < at);
    try {
      if (silent) await options.runner.stop();
      if (running.length) await options.runner.start();
    } catch {
      // Chrome refused the document now; the alarm above tries again.
    }
    if (timedOut.length) await changed();
  }

  const runDesk = createRunDesk({
    routines,
    notices,
    store: options.store,
    runner: options.runner,
    now,
    afterChange: async () => {
      await wake();
      await changed();
    },
  });

  return {
    /**
     * Looks at the stored routines: starts the runs due, ends those nobody answered in time,
     * and sets the next alarm. At the worker's start, when the routines alarm fires (its one
     * listener is the worker's: ./lazy-routine-service.ts), and after a restored backup.
     */
    reload: () => wake(),

    async list(): Promise<RoutineView[]> {
      const state = await routines.read();
      return views(state.routines, state.runs);
    },

    async save(input: RoutineInput): Promise<RoutineView> {
      const parsed = routineInputSchema.safeParse(input);
      if (!parsed.success) {
        throw new RequestError({
          code: 'invalid-request',
          message: parsed.error.issues[0]?.message ?? 'The routine is not valid.',
        });
      }
      const value = parsed.data;
      if (!isKnownTimeZone(value.timeZone)) {
        throw new RequestError({
          code: 'invalid-request',
          message: `“${value.timeZone}” is not a time zone this browser knows.`,
        });
      }
      const at = now();
      const id = await routines.update(({ routines: all }) => {
        const previous = value.id ? all.find((routine) => routine.id === value.id) : undefined;
        if (value.id && !previous) throw notFound();
        const paused = previous?.paused ?? false;
        const routine: Routine = {
          ...value,
          id: previous?.id ?? newId(),
          paused,
          createdAt: previous?.createdAt ?? at,
          updatedAt: at,
          nextRunAt: paused ? null : nextRunAfter(value.schedule, value.timeZone, at),
        };
        return {
          routines: previous
            ? all.map((each) => (each.id === routine.id ? routine : each))
            : [...all, routine],
          result: routine.id,
        };
      });
      await wake();
      return viewOf(id);
    },

    async remove(id: string): Promise<boolean> {
      const removed = await routines.update(({ routines: all, runs }) => {
        if (!all.some((routine) => routine.id === id)) return { result: false };
        return {
          routines: all.filter((routine) => routine.id !== id),
          runs: runs.filter((run) => run.routineId !== id),
          result: true,
        };
      });
      if (removed) {
        await wake();
        await changed();
      }
      return removed;
    },

    async pause(id: string, paused: boolean): Promise<RoutineView> {
      const at = now();
      await routines.update(({ routines: all }) => {
        const routine = all.find((each) => each.id === id);
        if (!routine) throw notFound();
        const next: Routine = {
          ...routine,
          paused,
          updatedAt: at,
          nextRunAt: paused ? null : nextRunAfter(routine.schedule, routine.timeZone, at),
        };
        return { routines: all.map((each) => (each.id === id ? next : each)), result: undefined };
      });
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
      let waited = false;
      const stopping = await routines.update(({ routines: all, runs }) => {
        if (!all.some((routine) => routine.id === id)) throw notFound();
        const open = runs.find((run) => run.routineId === id && !isSettled(run));
        if (!open) return { result: undefined };
        waited = open.outcome === 'waiting';
        // A waiting run's lease is an old runner's: the runner that settles it takes it afresh.
        const { leaseUntil, ...rest } = withoutWait(open);
        const lease = open.outcome === 'running' && leaseUntil !== undefined ? { leaseUntil } : {};
        const next: RoutineRun = {
          ...rest,
          ...lease,
          ...(open.outcome === 'waiting' && { attempts: 0 }),
          outcome: 'running',
          stopRequested: true,
        };
        return { runs: runs.map((run) => (run.id === open.id ? next : run)), result: next };
      });
      if (stopping) {
        if (waited) await notices.stopped(stopping);
        await wake();
        await changed();
      }
      return stopping;
    },

    async runNow(id: string): Promise<RoutineRun> {
      const run = await routines.update(({ routines: all, runs }) => {
        const routine = all.find((each) => each.id === id);
        if (!routine) throw notFound();
        const open = runs.find((each) => each.routineId === id && !isSettled(each));
        if (open) {
          throw new RequestError({
            code: 'invalid-request',
            message:
              open.outcome === 'waiting'
                ? `${routine.name} is waiting for your answer in its last run.`
                : `${routine.name} is running already.`,
          });
        }
        const started = newRun(routine, now(), true);
        return { runs: [started, ...runs], result: started };
      });
      await wake();
      await changed();
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

function notFound(): RequestError {
  return new RequestError({ code: 'not-found', message: 'That routine no longer exists.' });
}
