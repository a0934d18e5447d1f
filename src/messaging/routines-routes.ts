/** The router's routes for routines (src/routines/), one per request type. */
import type { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';
import type { RoutineService } from '../routines/routine-service';
import { globalRequests } from './contract';
import { route, type Route } from './route';
import type { routinesGlobalResults } from './routines-contract';

type Routes = {
  [K in keyof typeof routinesGlobalResults]: Route<z.input<(typeof routinesGlobalResults)[K]>>;
};

export function routinesRoutes(service: () => RoutineService): Routes {
  return {
    'routines/list': route(globalRequests['routines/list'], async () => ({
      routines: await service().list(),
    })),
    'routines/save': route(globalRequests['routines/save'], async (input) => ({
      routine: await service().save(input),
    })),
    'routines/remove': route(globalRequests['routines/remove'], async ({ id }) => ({
      removed: await service().remove(id),
    })),
    'routines/pause': route(globalRequests['routines/pause'], async ({ id, paused }) => ({
      routine: await service().pause(id, paused),
    })),
    'routines/stop': route(globalRequests['routines/stop'], async ({ id }) => {
      const run = await service().stop(id);
      return run ? { run } : {};
    }),
    'routines/run-now': route(globalRequests['routines/run-now'], async ({ id }) => ({
      run: await service().runNow(id),
    })),
    'routines/runs': route(globalRequests['routines/runs'], async ({ routineId }) => ({
      runs: await service().runs(routineId),
    })),
    'routines/run-of-chat': route(globalRequests['routines/run-of-chat'], async ({ chatId }) => {
      const run = await service().runOfChat(chatId);
      return run ? { run } : {};
    }),
    'routines/run/resume': route(globalRequests['routines/run/resume'], async ({ chatId }) => {
      const run = await service().resume(chatId);
      return run ? { run } : {};
    }),
    'routines/runner/take': route(globalRequests['routines/runner/take'], async () => {
      const work = await service().take();
      return work ? { work } : {};
    }),
    'routines/runner/report': route(globalRequests['routines/runner/report'], async (report) => {
      const run = await service().report(report);
      return run ? { run } : {};
    }),
  };
}

/** The routines service, or a clear error where this background has none. */
export function routinesOf(service: RoutineService | undefined): () => RoutineService {
  return () => {
    if (!service) throw new PatchbayError('not-found', 'Routines are not available here.');
    return service;
  };
}
