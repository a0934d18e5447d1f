/** The routine service on in-memory ports and a fake clock that its alarms read too. */
import {
  createMemoryStore,
  createRecordingBroadcaster,
  createTimerAlarms,
} from '../../src/platform/memory';
import { ROUTINES_ALARM, onRoutinesAlarm } from '../../src/routines/routine-keys';
import { createRoutineService } from '../../src/routines/routine-service';
import { MODEL_CHOICE_KEY } from '../../src/models/model-choice';
import { cleanupsAfterEach } from './cleanups';

/**
 * Called at a test file's top level: a `setup` whose services' alarms are cleared after each
 * test.
 */
export function routineHarness() {
  const cleanups = cleanupsAfterEach();
  return (options: SetupOptions = {}) => setupRoutines(options, cleanups);
}

interface SetupOptions {
  model?: 'compatible' | 'chrome' | 'none';
}

export const HOUR = 3_600_000;
/** The service's clock starts here; its alarms read the same clock, so any date works. */
export const START = Date.parse('2026-11-30T05:00:00Z'); // 06:00 in Paris

function setupRoutines(options: SetupOptions, cleanups: (() => Promise<unknown>)[]) {
  let clock = START;
  let ids = 0;
  const store = createMemoryStore(
    options.model === 'none'
      ? {}
      : {
          [MODEL_CHOICE_KEY]: {
            active: options.model ?? 'compatible',
            providers: {
              compatible: {
                provider: 'compatible',
                baseUrl: 'http://127.0.0.1:9/v1',
                model: 'scripted-model',
              },
              chrome: { provider: 'chrome', model: 'gemini-nano' },
            },
          },
        },
  );
  const alarms = createTimerAlarms(() => clock);
  const broadcaster = createRecordingBroadcaster();
  const runner = { starts: 0, stops: 0 };
  const notes: { id: string; title: string; message: string }[] = [];
  const cleared: string[] = [];
  const service = createRoutineService({
    store,
    alarms,
    broadcaster,
    runner: {
      start: async () => void (runner.starts += 1),
      stop: async () => void (runner.stops += 1),
    },
    notices: {
      notifier: {
        notify: async (id, note) => void notes.push({ id, ...note }),
        clear: async (id) => void cleared.push(id),
      },
      store,
      serverName: async (id) => (id === 'linear' ? 'Linear' : id),
    },
    now: () => clock,
    newId: () => `id-${(ids += 1)}`,
  });
  // The routines alarm heard as the worker hears it (src/routines/lazy-routine-service.ts).
  onRoutinesAlarm(alarms, () => service.reload());
  cleanups.push(() => alarms.clear(ROUTINES_ALARM));
  return {
    service,
    store,
    alarms,
    broadcaster,
    runner,
    notes,
    cleared,
    advance: (ms: number) => (clock += ms),
    set: (at: number) => (clock = at),
  };
}

export { morning } from './routine-input';
