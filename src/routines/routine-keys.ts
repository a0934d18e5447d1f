/**
 * Where routines live in the worker's storage, and the alarm that wakes them: known to the
 * worker's start (./lazy-routine-service.ts) without the service itself.
 */
export const ROUTINES_KEY = 'routines';
export const ROUTINE_RUNS_KEY = 'routines.runs';
export const ROUTINES_ALARM = 'routines';
