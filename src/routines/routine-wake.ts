/**
 * The routines' one alarm, each time it fires (or the worker starts, or a backup is restored):
 * start the runs due, end those nobody answered in time, set the next alarm, and open the
 * runner while runs go on.
 */
import type { Alarms } from '../platform/ports';
import type { Routine, RoutineRun } from './routine';
import type { RoutineNotices } from './routine-notices';
import type { RoutineStore } from './routine-store';
import type { RoutineRunner } from './run-desk';
import { afterClockMoves } from './clock-moves';
import { dueRuns, nextWake } from './due-runs';
import { ROUTINES_ALARM } from './routine-keys';

export interface WakeOptions {
  routines: RoutineStore;
  notices: RoutineNotices;
  alarms: Alarms;
  runner: RoutineRunner;
  now(): number;
  /** A scheduled run of the routine, due at that time. */
  newRun(routine: Routine, dueAt: number): RoutineRun;
  /** Tells the pages the routines changed. */
  changed(): Promise<unknown>;
}

export function routineWake(options: WakeOptions): () => Promise<void> {
  const { routines, notices, alarms, runner } = options;
  return async () => {
    const at = options.now();
    const timedOut = await routines.update((state) => {
      // Times stored on a clock that since jumped are bounded first (clock-moves.ts).
      const next = dueRuns(afterClockMoves(state, at), at, options.newRun);
      return { ...next, result: next.timedOut };
    });
    const state = await routines.read();
    for (const run of timedOut) {
      const routine = state.routines.find((each) => each.id === run.routineId);
      if (routine) await notices.ended(routine, run);
    }
    // The alarm first: whatever happens to the runner, the worker looks again.
    const when = nextWake(state, at);
    if (when === undefined) await alarms.clear(ROUTINES_ALARM);
    else await alarms.schedule(ROUTINES_ALARM, when);
    const running = state.runs.filter((run) => run.outcome === 'running');
    // A runner silent past its lease died (its document is open, its worker gone): a new one
    // takes its run again from the last saved step.
    const silent = running.some((run) => run.leaseUntil !== undefined && run.leaseUntil < at);
    try {
      if (silent) await runner.stop();
      if (running.length) await runner.start();
    } catch {
      // Chrome refused the document now; the alarm above tries again.
    }
    if (timedOut.length) await options.changed();
  };
}
