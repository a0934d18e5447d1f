/**
 * Routines as the worker starts with them. The service (./routine-service.ts: the schedule,
 * the runs' bookkeeping, the notices) is one of the worker's lazy parts
 * (scripts/worker-chunks.ts): a worker with no routine stored never parses it. It is loaded
 * at start when routines or runs are stored, or with the first routines request or alarm;
 * until then, what only reads (the list, a routine's runs, the run of a chat, which every
 * opened chat asks) is answered empty while storage holds none, without loading it.
 */
import type { RoutineService, RoutineServiceOptions } from './routine-service';
import { onRoutinesAlarm, routinesStored } from './routine-keys';

/** The routines service as the worker holds it: loaded when needed, woken from the start. */
export interface WorkerRoutines extends RoutineService {
  /** Hears the routines alarm, and wakes the routines stored. */
  init(): Promise<void>;
}

export function createLazyRoutineService(options: RoutineServiceOptions): WorkerRoutines {
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
  /**
   * A request that only reads: `empty()` while the service is not loaded and storage holds no
   * routine or run (looked at each time: a routine saved since, or restored, loads it).
   */
  const read =
    <A extends unknown[], R>(
      method: (loaded: RoutineService) => (...args: A) => Promise<R>,
      empty: () => R,
    ) =>
    async (...args: A): Promise<R> =>
      loading || (await routinesStored(options.store)) ? later(method)(...args) : empty();
  const wake = later((loaded) => loaded.reload);

  return {
    /**
     * Registered from the worker's first moment: the alarm wakes the routines, loading the
     * service first (the alarm may be what started the worker). The only listener: the
     * service registers none of its own.
     */
    async init(): Promise<void> {
      onRoutinesAlarm(options.alarms, wake);
      if (await routinesStored(options.store)) await wake();
    },
    reload: wake,
    list: read(
      (loaded) => loaded.list,
      () => [],
    ),
    save: later((loaded) => loaded.save),
    remove: later((loaded) => loaded.remove),
    pause: later((loaded) => loaded.pause),
    stop: later((loaded) => loaded.stop),
    runNow: later((loaded) => loaded.runNow),
    runs: read(
      (loaded) => loaded.runs,
      () => [],
    ),
    runOfChat: read(
      (loaded) => loaded.runOfChat,
      () => undefined,
    ),
    resume: later((loaded) => loaded.resume),
    take: later((loaded) => loaded.take),
    report: later((loaded) => loaded.report),
  };
}
