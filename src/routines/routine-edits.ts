/**
 * The changes the person makes to routines, each a pure step from what is stored to what to
 * store (routine-store.ts runs them one at a time): save, remove, pause, stop, run now.
 */
import { RequestError } from '../errors/request-error';
import {
  isSettled,
  routineInputSchema,
  type Routine,
  type RoutineInput,
  type RoutineRun,
} from './routine';
import { withoutWait } from './run-changes';
import { isKnownTimeZone, nextRunAfter } from './schedule';

type Stored = { routines: Routine[]; runs: RoutineRun[] };
type Change<T> = { routines?: Routine[]; runs?: RoutineRun[]; result: T };
type Edit<T> = (state: Stored) => Change<T>;

export function routineNotFound(): RequestError {
  return new RequestError({ code: 'not-found', message: 'That routine no longer exists.' });
}

/** The routine as the person wrote it, checked; a RequestError saying what is wrong if not. */
export function readRoutineInput(input: RoutineInput) {
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
  return value;
}

/** Saves a new routine, or an edit of one (its pause and creation time kept); its id. */
export function saveRoutine(
  value: ReturnType<typeof readRoutineInput>,
  at: number,
  newId: () => string,
): Edit<string> {
  return ({ routines: all }) => {
    const previous = value.id ? all.find((routine) => routine.id === value.id) : undefined;
    if (value.id && !previous) throw routineNotFound();
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
  };
}

/** Removes a routine and its runs; false when there was none. */
export function removeRoutine(id: string): Edit<boolean> {
  return ({ routines: all, runs }) => {
    if (!all.some((routine) => routine.id === id)) return { result: false };
    return {
      routines: all.filter((routine) => routine.id !== id),
      runs: runs.filter((run) => run.routineId !== id),
      result: true,
    };
  };
}

export function pauseRoutine(id: string, paused: boolean, at: number): Edit<undefined> {
  return ({ routines: all }) => {
    const routine = all.find((each) => each.id === id);
    if (!routine) throw routineNotFound();
    const next: Routine = {
      ...routine,
      paused,
      updatedAt: at,
      nextRunAt: paused ? null : nextRunAfter(routine.schedule, routine.timeZone, at),
    };
    return { routines: all.map((each) => (each.id === id ? next : each)), result: undefined };
  };
}

/**
 * Asks the routine's run under way to stop: it runs again for a runner to settle. Undefined
 * when nothing was under way; `waited` when the run was waiting for the person.
 */
export function stopRoutine(id: string): Edit<{ run: RoutineRun; waited: boolean } | undefined> {
  return ({ routines: all, runs }) => {
    if (!all.some((routine) => routine.id === id)) throw routineNotFound();
    const open = runs.find((run) => run.routineId === id && !isSettled(run));
    if (!open) return { result: undefined };
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
    return {
      runs: runs.map((run) => (run.id === open.id ? next : run)),
      result: { run: next, waited: open.outcome === 'waiting' },
    };
  };
}

/** Starts a run of the routine now, unless one is under way. */
export function runRoutineNow(
  id: string,
  newRun: (routine: Routine) => RoutineRun,
): Edit<RoutineRun> {
  return ({ routines: all, runs }) => {
    const routine = all.find((each) => each.id === id);
    if (!routine) throw routineNotFound();
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
    const started = newRun(routine);
    return { runs: [started, ...runs], result: started };
  };
}
