/**
 * Where routines live in the worker's storage, and the alarm that wakes them: known to the
 * worker's start (./lazy-routine-service.ts) without the service itself.
 */
import type { Alarms, KeyValueStore } from '../platform/ports';

export const ROUTINES_KEY = 'routines';
export const ROUTINE_RUNS_KEY = 'routines.runs';
export const ROUTINES_ALARM = 'routines';

/**
 * Whether any routine or run is stored. Read from storage at each call, never remembered: a
 * routine saved, or written by a restored backup, counts at once.
 */
export async function routinesStored(store: KeyValueStore): Promise<boolean> {
  const stored = await store.getMany([ROUTINES_KEY, ROUTINE_RUNS_KEY]);
  const some = (value: unknown) => Array.isArray(value) && value.length > 0;
  return some(stored[ROUTINES_KEY]) || some(stored[ROUTINE_RUNS_KEY]);
}

/** The worker's one listener for the routines alarm: each time it fires, `wake` looks. */
export function onRoutinesAlarm(alarms: Alarms, wake: () => Promise<unknown>): void {
  alarms.onAlarm((name) => {
    if (name === ROUTINES_ALARM) void wake().catch(() => undefined);
  });
}
