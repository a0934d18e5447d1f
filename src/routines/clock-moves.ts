/**
 * What a wall clock that moved does to routines, as a pure step taken before each look (see
 * due-runs.ts). Routines keep absolute times (the next run, a runner's lease, a waiting run's
 * deadline) read against `Date.now()`, and that clock jumps: forward when the machine wakes from
 * sleep or the person sets it ahead, back when they set it back or a clock that was wrong at
 * boot is corrected. Each stored time is bounded by what it can mean at `at`:
 *
 * - A next run later than the schedule's next time after now (and after the times a run already
 *   covered) was computed on a clock that ran ahead: it is brought back, or a routine whose clock
 *   once read 2037 would wait eleven years. A run covers every time up to when it started (one
 *   run however many were missed); a start later than now is a reading of the clock that ran
 *   ahead, so such a run covers only the time it was due. Either way, a clock set back a little
 *   just after a run never runs that time twice.
 * - A lease or an answer deadline further ahead than its own length was given on a clock that
 *   ran ahead: it is cut to its length from now.
 * - A lease that ran out longer ago than a lease lasts tells of a clock that jumped forward (the
 *   machine slept, or the browser was closed): the worker, which looks every minute while a run
 *   goes on, was not looking either, so the silence is not the runner's. It gets a fresh lease to
 *   say it is alive; a runner that really died is caught a lease later.
 *
 * A change of the machine's time zone moves none of this: each routine keeps its own zone.
 */
import type { DueState } from './due-runs';
import type { Routine, RoutineRun } from './routine';
import { LEASE_MS } from './run-desk';
import { nextRunAfter } from './schedule';

/**
 * `state` with its stored times bounded by what they can mean at `at`; the same arrays if none
 * moved.
 */
export function afterClockMoves(state: DueState, at: number): DueState {
  const routines = mapChanged(state.routines, (routine) => {
    if (routine.paused || routine.nextRunAt === null) return routine;
    const expected = nextRunAfter(
      routine.schedule,
      routine.timeZone,
      Math.max(at, coveredUntil(state.runs, routine.id, at)),
    );
    return routine.nextRunAt > expected ? { ...routine, nextRunAt: expected } : routine;
  });
  const runs = mapChanged(state.runs, (run) => {
    if (run.outcome === 'running' && run.leaseUntil !== undefined) {
      const ranAhead = run.leaseUntil > at + LEASE_MS;
      const nobodyLooked = at - run.leaseUntil > LEASE_MS;
      return ranAhead || nobodyLooked ? { ...run, leaseUntil: at + LEASE_MS } : run;
    }
    if (run.outcome === 'waiting' && run.answerBy !== undefined) {
      const routine = state.routines.find((each) => each.id === run.routineId);
      const longest = routine ? at + routine.answerMinutes * 60_000 : run.answerBy;
      return run.answerBy > longest ? { ...run, answerBy: longest } : run;
    }
    return run;
  });
  return { routines, runs };
}

/** The latest time the routine's scheduled runs covered; runs asked for with Run now cover none. */
function coveredUntil(runs: readonly RoutineRun[], routineId: Routine['id'], at: number): number {
  return runs.reduce((latest, run) => {
    if (run.routineId !== routineId || run.manual) return latest;
    return Math.max(latest, run.startedAt <= at ? run.startedAt : run.dueAt);
  }, -Infinity);
}

/** `items` mapped, or `items` itself when `change` returned every item as it was. */
function mapChanged<T>(items: T[], change: (item: T) => T): T[] {
  const next = items.map(change);
  return next.some((item, index) => item !== items[index]) ? next : items;
}
