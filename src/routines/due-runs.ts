/**
 * What time does to routines, as a pure step: runs nobody answered in time end, routines whose
 * time came get a run (one, however many times were missed while the browser was closed, and
 * none while one is still open), and the next time anything is due.
 */
import { isSettled, type Routine, type RoutineRun } from './routine';
import { nextRunAfter } from './schedule';

/** While a run goes on, the worker looks at it this often (a runner that died is started again). */
export const RUN_WATCH_MS = 60_000;

export interface DueState {
  routines: Routine[];
  runs: RoutineRun[];
}

/** The state at `at`, and the runs that timed out (to announce). */
export function dueRuns(
  state: DueState,
  at: number,
  newRun: (routine: Routine, dueAt: number) => RoutineRun,
): DueState & { timedOut: RoutineRun[] } {
  const timedOut: RoutineRun[] = [];
  let runs = state.runs.map((run) => {
    if (run.outcome !== 'waiting' || run.answerBy === undefined || run.answerBy > at) return run;
    const ended: RoutineRun = {
      ...run,
      outcome: 'timed-out',
      endedAt: at,
      reason: 'Nobody answered in time.',
    };
    timedOut.push(ended);
    return ended;
  });
  let routines = state.routines;
  for (const routine of state.routines) {
    if (routine.paused || routine.nextRunAt === null || routine.nextRunAt > at) continue;
    const open = runs.some((run) => run.routineId === routine.id && !isSettled(run));
    if (!open) runs = [newRun(routine, routine.nextRunAt), ...runs];
    const nextRunAt = nextRunAfter(routine.schedule, routine.timeZone, at);
    routines = routines.map((each) => (each.id === routine.id ? { ...each, nextRunAt } : each));
  }
  const changed = timedOut.length > 0 || routines !== state.routines;
  return changed ? { routines, runs, timedOut } : { ...state, timedOut };
}

/** When the worker must look again: the next due time, answer deadline or run watch; or never. */
export function nextWake(state: DueState, at: number): number | undefined {
  const running = state.runs.some((run) => run.outcome === 'running');
  const times = [
    ...state.routines.flatMap((routine) =>
      routine.paused || routine.nextRunAt === null ? [] : [routine.nextRunAt],
    ),
    ...state.runs.flatMap((run) =>
      run.outcome === 'waiting' && run.answerBy !== undefined ? [run.answerBy] : [],
    ),
    ...(running ? [at + RUN_WATCH_MS] : []),
  ];
  return times.length ? Math.max(Math.min(...times), at + 1000) : undefined;
}
