/**
 * What the runner's word does to a run, each a pure step from what is stored to what to store
 * (routine-store.ts runs them one at a time): resumed after the person answered, taken by a
 * runner, reported on.
 */
import { isSettled, type Routine, type RoutineRun } from './routine';

/** How long a runner's run is its own without word from it (it reports every 30 s). */
export const LEASE_MS = 90_000;

type Stored = { routines: Routine[]; runs: RoutineRun[] };
type Change<T> = { routines?: Routine[]; runs?: RoutineRun[]; result: T };

/** How a run stands after the runner's report (run-desk.ts's RunReport, as far as it matters). */
interface Reported {
  runId: string;
  outcome: RoutineRun['outcome'];
  reason?: string;
  waitingFor?: string;
  usage?: RoutineRun['usage'];
}

export function withoutWait(run: RoutineRun): RoutineRun {
  const { waitingFor, answerBy, ...rest } = run;
  void waitingFor;
  void answerBy;
  return rest;
}

/** The chat's waiting run goes on: running again, its attempts counted afresh. */
export function resumeRun(chatId: string) {
  return ({ runs }: Stored): Change<RoutineRun | undefined> => {
    const run = runs.find((each) => each.chatId === chatId && each.outcome === 'waiting');
    if (!run) return { result: undefined };
    const { leaseUntil, ...rest } = withoutWait(run);
    void leaseUntil;
    const next: RoutineRun = { ...rest, outcome: 'running', attempts: 0 };
    return { runs: runs.map((each) => (each.id === run.id ? next : each)), result: next };
  };
}

/** The oldest run going on, leased to the runner; with none, `none` runs first (closing it). */
export function takeOldestRun(at: number, none: () => Promise<void>) {
  return async ({ runs }: Stored): Promise<Change<RoutineRun | undefined>> => {
    const run = runs.filter((each) => each.outcome === 'running').at(-1);
    if (!run) {
      await none();
      return { result: undefined };
    }
    const attempts = (run.attempts ?? 0) + 1;
    const next: RoutineRun = { ...run, attempts, leaseUntil: at + LEASE_MS };
    return { runs: runs.map((each) => (each.id === run.id ? next : each)), result: next };
  };
}

/** The run as its runner reports it; undefined when it is gone, settled, or not to be stopped. */
export function reportRun(report: Reported, at: number) {
  return ({
    routines: all,
    runs,
  }: Stored): Change<{ run: RoutineRun; routine: Routine; changed: boolean } | undefined> => {
    const run = runs.find((each) => each.id === report.runId);
    const routine = run && all.find((each) => each.id === run.routineId);
    if (!run || !routine || isSettled(run)) return { result: undefined };
    if (report.outcome === 'stopped' && !run.stopRequested) return { result: undefined };
    // A run the person stopped does not wait for them: a runner settles it (take, run-desk.ts).
    const outcome = run.stopRequested && report.outcome === 'waiting' ? 'running' : report.outcome;
    const next: RoutineRun = {
      ...withoutWait(run),
      outcome,
      // Still going: the runner is alive until a while from now.
      ...(outcome === 'running' && { leaseUntil: at + LEASE_MS }),
      ...(report.reason !== undefined && { reason: report.reason }),
      ...(report.usage && { usage: report.usage }),
      ...(outcome === 'waiting' && {
        waitingFor: report.waitingFor ?? 'a tool call',
        answerBy: at + routine.answerMinutes * 60_000,
      }),
      ...(isSettled({ outcome }) && { endedAt: at }),
    };
    return {
      runs: runs.map((each) => (each.id === run.id ? next : each)),
      result: { run: next, routine, changed: next.outcome !== run.outcome },
    };
  };
}
