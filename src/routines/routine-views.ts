/** Routines as the panel shows them, each with its last run, and the broadcast that they changed. */
import type { Broadcaster } from '../platform/ports';
import type { Routine, RoutineRun, RoutineView } from './routine';
import { routineNotFound } from './routine-edits';
import type { RoutineStore } from './routine-store';

function views(all: Routine[], runs: RoutineRun[]): RoutineView[] {
  return all.map((routine) => {
    const lastRun = runs.find((run) => run.routineId === routine.id);
    return lastRun ? { ...routine, lastRun } : routine;
  });
}

export function createRoutineViews(routines: RoutineStore, broadcaster: Broadcaster) {
  async function list(): Promise<RoutineView[]> {
    const state = await routines.read();
    return views(state.routines, state.runs);
  }

  /** Tells the pages the routines changed; the list it told. */
  async function changed(): Promise<RoutineView[]> {
    const routinesNow = await list();
    broadcaster.broadcast({ type: 'routines/changed', payload: { routines: routinesNow } });
    return routinesNow;
  }

  /** Tells the pages, and answers with the one routine. */
  async function viewOf(id: string): Promise<RoutineView> {
    const found = (await changed()).find((routine) => routine.id === id);
    if (!found) throw routineNotFound();
    return found;
  }

  return { list, changed, viewOf };
}
