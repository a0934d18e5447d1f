import { useCallback, useRef, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { RoutineRun } from '../../src/routines/routine';

/** A routine's runs as its expanded history shows them. */
export type RunsState = { runs: RoutineRun[] } | { error: string } | 'loading';

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * The runs of the routines whose history is open: read when it opens, and again
 * (`reloadOpen`) when the routines change.
 */
export function useRoutineRuns() {
  const client = useClient();
  const [runs, setRuns] = useState<Record<string, RunsState>>({});
  // The routines whose history is open: a change reads their runs again.
  const expanded = useRef(new Set<string>());

  const loadRuns = useCallback(
    (routineId: string) =>
      client.request('routines/runs', { routineId }).then(
        ({ runs: found }) => setRuns((previous) => ({ ...previous, [routineId]: { runs: found } })),
        (error: unknown) =>
          setRuns((previous) => ({ ...previous, [routineId]: { error: messageOf(error) } })),
      ),
    [client],
  );

  const reloadOpen = useCallback(() => {
    for (const id of expanded.current) void loadRuns(id);
  }, [loadRuns]);

  /** Opens or closes a routine's history; opening reads its runs. */
  const toggleRuns = (routineId: string) => {
    if (expanded.current.delete(routineId)) {
      setRuns(({ [routineId]: _closed, ...rest }) => rest);
      return;
    }
    expanded.current.add(routineId);
    setRuns((previous) => ({ ...previous, [routineId]: 'loading' }));
    void loadRuns(routineId);
  };

  return { runs, reloadOpen, toggleRuns };
}
