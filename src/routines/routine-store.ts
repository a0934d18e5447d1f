/**
 * Routines and their recent runs in the worker's storage (chrome.storage.local). Read leniently:
 * a record a later version wrote differently, or a damaged one, is skipped alone and never
 * costs the others.
 */
import type { KeyValueStore } from '../platform/ports';
import { routineSchema, runSchema, type Routine, type RoutineRun } from './routine';
import { ROUTINE_RUNS_KEY, ROUTINES_KEY } from './routine-keys';

/** Runs kept per routine, newest first; older ones are dropped (their chats stay in history). */
const KEPT_RUNS = 20;

function parsed<T>(raw: unknown, parse: (item: unknown) => T | undefined): T[] {
  return Array.isArray(raw) ? raw.flatMap((item) => parse(item) ?? []) : [];
}

export function createRoutineStore(store: KeyValueStore) {
  // One change at a time: read-modify-write of the same keys never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function read(): Promise<{ routines: Routine[]; runs: RoutineRun[] }> {
    const stored = await store.getMany([ROUTINES_KEY, ROUTINE_RUNS_KEY]);
    return {
      routines: parsed(stored[ROUTINES_KEY], (item) => routineSchema.safeParse(item).data),
      runs: parsed(stored[ROUTINE_RUNS_KEY], (item) => runSchema.safeParse(item).data),
    };
  }

  return {
    read,
    /**
     * Changes routines and runs together: `change` gets what is stored and returns what to
     * store (the same arrays when nothing changed, which writes nothing).
     */
    update<T>(
      change: (state: {
        routines: Routine[];
        runs: RoutineRun[];
      }) =>
        | { routines?: Routine[]; runs?: RoutineRun[]; result: T }
        | Promise<{ routines?: Routine[]; runs?: RoutineRun[]; result: T }>,
    ): Promise<T> {
      return serial(async () => {
        const state = await read();
        // An async change holds the others back until it is done (the runner's stop, say).
        const next = await change(state);
        const entries: Record<string, unknown> = {};
        if (next.routines && next.routines !== state.routines)
          entries[ROUTINES_KEY] = next.routines;
        if (next.runs && next.runs !== state.runs) entries[ROUTINE_RUNS_KEY] = keptRuns(next.runs);
        if (Object.keys(entries).length) await store.set(entries);
        return next.result;
      });
    },
  };
}
export type RoutineStore = ReturnType<typeof createRoutineStore>;

/** The newest {@link KEPT_RUNS} of each routine, newest first; runs still going are all kept. */
function keptRuns(runs: readonly RoutineRun[]): RoutineRun[] {
  const sorted = [...runs].sort((a, b) => b.startedAt - a.startedAt);
  const counts = new Map<string, number>();
  return sorted.filter((run) => {
    const seen = counts.get(run.routineId) ?? 0;
    counts.set(run.routineId, seen + 1);
    return seen < KEPT_RUNS || run.outcome === 'running' || run.outcome === 'waiting';
  });
}
