/**
 * Routines as the worker starts with them. The service (./routine-service.ts: the schedule,
 * the runs' bookkeeping, the notices) is one of the worker's lazy parts
 * (scripts/worker-chunks.ts): a worker with no routine stored never parses it. It is loaded
 * at start when routines or runs are stored, or with the first routines request or alarm.
 */
import type { RoutineService, RoutineServiceOptions } from './routine-service';
import { ROUTINE_RUNS_KEY, ROUTINES_ALARM, ROUTINES_KEY } from './routine-keys';

export function createLazyRoutineService(options: RoutineServiceOptions): RoutineService {
  let loading: Promise<RoutineService> | undefined;
  /** The service, loaded once; a load that failed is tried again by the next request. */
  const service = () =>
    (loading ??= import('./routine-service')
      .then(({ createRoutineService }) => createRoutineService(options))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  /** One of the service's requests, made once it is loaded. */
  const later =
    <A extends unknown[], R>(method: (loaded: RoutineService) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      method(await service())(...args);
  const wake = later((loaded) => loaded.reload);

  return {
    /**
     * Registered from the worker's first moment: the alarm wakes the routines. The service's
     * own `init` would register it once loaded, too late for the alarm that started the worker.
     */
    async init(): Promise<void> {
      options.alarms.onAlarm((name) => {
        if (name === ROUTINES_ALARM) void wake().catch(() => undefined);
      });
      const stored = await options.store.getMany([ROUTINES_KEY, ROUTINE_RUNS_KEY]);
      const some = (value: unknown) => Array.isArray(value) && value.length > 0;
      if (some(stored[ROUTINES_KEY]) || some(stored[ROUTINE_RUNS_KEY])) await wake();
    },
    reload: wake,
    list: later((loaded) => loaded.list),
    save: later((loaded) => loaded.save),
    remove: later((loaded) => loaded.remove),
    pause: later((loaded) => loaded.pause),
    stop: later((loaded) => loaded.stop),
    runNow: later((loaded) => loaded.runNow),
    runs: later((loaded) => loaded.runs),
    runOfChat: later((loaded) => loaded.runOfChat),
    resume: later((loaded) => loaded.resume),
    take: later((loaded) => loaded.take),
    report: later((loaded) => loaded.report),
  };
}
