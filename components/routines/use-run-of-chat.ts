import { useEffect, useRef, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { RoutineRun } from '../../src/routines/routine';

/**
 * The routine's run that lives in a chat, as the runner reports it: found when the chat opens
 * (only one that waits or goes on), then followed as routines change. When a run that was going
 * on moves on (ends, or waits again), `onRunMoved` runs. A chat with no saved message asks
 * nothing.
 */
export function useRunOfChat(chatId: string, saved: boolean, onRunMoved: () => void) {
  const client = useClient();
  const [run, setRun] = useState<RoutineRun | undefined>();
  const [routineName, setRoutineName] = useState<string | undefined>();
  const moved = useRef(onRunMoved);
  useEffect(() => {
    moved.current = onRunMoved;
  });

  useEffect(() => {
    if (!saved) return;
    let live = true;
    let outcome: RoutineRun['outcome'] | undefined;
    const follow = (next: RoutineRun, name?: string) => {
      if (outcome === 'running' && next.outcome !== 'running') moved.current();
      outcome = next.outcome;
      setRun(next);
      if (name !== undefined) setRoutineName(name);
    };
    void client
      .request('routines/run-of-chat', { chatId })
      .then(async ({ run: found }) => {
        if (!live || !found || (found.outcome !== 'waiting' && found.outcome !== 'running')) return;
        follow(found);
        const { routines } = await client.request('routines/list');
        if (live) setRoutineName(routines.find(({ id }) => id === found.routineId)?.name);
      })
      .catch(() => undefined);
    const unsubscribe = client.onBroadcast((message) => {
      if (message.type !== 'routines/changed') return;
      const routine = message.payload.routines.find(({ lastRun }) => lastRun?.chatId === chatId);
      if (routine?.lastRun && outcome !== undefined) follow(routine.lastRun, routine.name);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [client, chatId, saved]);

  return { run, setRun, routineName };
}
