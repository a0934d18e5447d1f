/**
 * Routines as the worker starts with them (src/routines/lazy-routine-service.ts): the service
 * is a lazy part, loaded only where routines are stored or asked for, while the routines alarm
 * is heard from the start.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryStore,
  createRecordingBroadcaster,
  createTimerAlarms,
} from '../../../src/platform/memory';
import { createLazyRoutineService } from '../../../src/routines/lazy-routine-service';
import { ROUTINES_ALARM } from '../../../src/routines/routine-keys';
// Not the routine harness: it imports the service, which would load it before the test.
import { morning } from '../../helpers/routine-input';

/** How often the service (src/routines/routine-service.ts) was loaded. */
const part = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../../../src/routines/routine-service', async (importOriginal) => {
  part.loads += 1;
  return importOriginal();
});

const alarmsMade: ReturnType<typeof createTimerAlarms>[] = [];
afterEach(async () => {
  for (const alarms of alarmsMade.splice(0)) await alarms.clear(ROUTINES_ALARM);
});

/** The services' clock, which their alarms read too: 06:00 in Paris, two hours before the run. */
const NOW = Date.parse('2026-11-30T05:00:00Z');

function lazyRoutines(store = createMemoryStore()) {
  const alarms = createTimerAlarms(() => NOW);
  alarmsMade.push(alarms);
  const runner = { starts: 0 };
  const service = createLazyRoutineService({
    store,
    alarms,
    broadcaster: createRecordingBroadcaster(),
    runner: { start: async () => void (runner.starts += 1), stop: async () => undefined },
    notices: {
      notifier: { notify: async () => undefined, clear: async () => undefined },
      store,
      serverName: async (id) => id,
    },
    now: () => NOW,
  });
  return { service, store, alarms };
}

describe('routines at the worker’s start', () => {
  it('loads nothing where no routine is stored, and loads the service when its alarm comes', async () => {
    const { service, alarms } = lazyRoutines();
    await service.init();
    expect(part.loads).toBe(0);
    expect(alarms.scheduled().size).toBe(0);
    // An alarm left from routines since removed: the service looks, and sets none again.
    await alarms.schedule(ROUTINES_ALARM, NOW + 60_000);
    alarms.fire(ROUTINES_ALARM);
    await vi.waitUntil(() => part.loads === 1);
    await expect(service.list()).resolves.toEqual([]);
    expect(alarms.scheduled().size).toBe(0);
  });

  it('wakes the routines stored, and answers requests through the service', async () => {
    const first = lazyRoutines();
    const saved = await first.service.save(morning());
    expect(saved.nextRunAt).toBe(Date.parse('2026-11-30T07:00:00Z'));
    expect(first.alarms.scheduled().get(ROUTINES_ALARM)).toBe(saved.nextRunAt);
    // A new worker over the same storage sets the routines' alarm at its start.
    const next = lazyRoutines(first.store);
    await next.service.init();
    expect(next.alarms.scheduled().get(ROUTINES_ALARM)).toBe(saved.nextRunAt);
    await expect(next.service.list()).resolves.toEqual([
      expect.objectContaining({ id: saved.id, name: 'Morning summary' }),
    ]);
  });
});
