import { useCallback, useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { RoutineInput, RoutineView } from '../../src/routines/routine';
import { messageOf, useRoutineRuns } from './use-routine-runs';

export type { RunsState } from './use-routine-runs';

/**
 * The routines, kept current from the worker's `routines/changed` broadcasts, with the runs of
 * those whose history is open, and what the person does to them: save, pause or resume, run now,
 * delete. A failed action's sentence is `notice`; a failed save throws to the editor.
 */
export function useRoutines() {
  const client = useClient();
  const [routines, setRoutines] = useState<RoutineView[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const { reloadOpen, ...runs } = useRoutineRuns();

  useEffect(() => {
    let live = true;
    void client.request('routines/list').then(
      ({ routines: found }) => {
        if (!live) return;
        setRoutines(found);
        setLoadError(undefined);
      },
      (error: unknown) => live && setLoadError(messageOf(error)),
    );
    const unsubscribe = client.onBroadcast((message) => {
      if (message.type !== 'routines/changed') return;
      setRoutines(message.payload.routines);
      setLoadError(undefined);
      reloadOpen();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client, reloadOpen]);

  const apply = useCallback((routine: RoutineView) => {
    setRoutines((previous = []) =>
      previous.some((each) => each.id === routine.id)
        ? previous.map((each) => (each.id === routine.id ? routine : each))
        : [...previous, routine],
    );
  }, []);

  /** Runs an action; its failure becomes the notice. */
  const act = useCallback(async (action: () => Promise<unknown>) => {
    setNotice(undefined);
    try {
      await action();
    } catch (error) {
      setNotice(messageOf(error));
    }
  }, []);

  return {
    routines,
    loadError,
    notice,
    ...runs,
    /** Creates or edits a routine; throws the worker's error (a RequestError) on failure. */
    save: useCallback(
      async (input: RoutineInput) => {
        const { routine } = await client.request('routines/save', input);
        apply(routine);
        return routine;
      },
      [apply, client],
    ),
    remove: (id: string) =>
      act(async () => {
        const { removed } = await client.request('routines/remove', { id });
        if (removed) setRoutines((previous) => previous?.filter((each) => each.id !== id));
      }),
    setPaused: (id: string, paused: boolean) =>
      act(async () => apply((await client.request('routines/pause', { id, paused })).routine)),
    runNow: (id: string) => act(() => client.request('routines/run-now', { id })),
    stop: (id: string) => act(() => client.request('routines/stop', { id })),
    dismissNotice: () => setNotice(undefined),
  };
}

export type RoutinesState = ReturnType<typeof useRoutines>;
