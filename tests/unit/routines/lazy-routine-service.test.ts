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
import type { RoutineServiceOptions } from '../../../src/routines/routine-service';
// Not the routine harness: it imports the service, which would load it before the test.
import { morning } from '../../helpers/routine-input';

/**
 * The service (src/routines/routine-service.ts) as each lazy service loaded it: how often it was
 * made for those options, and options whose next making fails (as a part that failed to load).
 */
const part = vi.hoisted(() => ({ made: new Map<object, number>(), failing: new Set<object>() }));
vi.mock('../../../src/routines/routine-service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/routines/routine-service')>();
  return {
    ...original,
    createRoutineService(options: RoutineServiceOptions) {
      part.made.set(options, (part.made.get(options) ?? 0) + 1);
      if (part.failing.delete(options)) throw new Error('The routines part failed to load.');
      return original.createRoutineService(options);
    },
  };
});
/** How often the lazy service made of `options` loaded the service. */
const loads = (options: object) => part.made.get(options) ?? 0;

const alarmsMade: ReturnType<typeof createTimerAlarms>[] = [];
afterEach(async () => {
  for (const alarms of alarmsMade.splice(0)) await alarms.clear(ROUTINES_ALARM);
});

/** The services' clock, which their alarms read too: 06:00 in Paris, two hours before the run. */
const NOW = Date.parse('2026-11-30T05:00:00Z');

/**
 * A lazy service over `store`, on `clock`: how many listeners it gave the alarms, and how often
 * it started the runner.
 */
function lazyRoutines(store = createMemoryStore(), clock = { now: NOW }) {
  const timer = createTimerAlarms(() => clock.now);
  alarmsMade.push(timer);
  let listeners = 0;
  let starts = 0;
  const alarms: typeof timer = {
    ...timer,
    onAlarm(listener) {
      listeners += 1;
      timer.onAlarm(listener);
    },
  };
  const options: RoutineServiceOptions = {
    store,
    alarms,
    broadcaster: createRecordingBroadcaster(),
    runner: { start: async () => void (starts += 1), stop: async () => undefined },
    notices: {
      notifier: { notify: async () => undefined, clear: async () => undefined },
      store,
      serverName: async (id) => id,
    },
    now: () => clock.now,
  };
  return {
    service: createLazyRoutineService(options),
    options,
    store,
    alarms,
    listeners: () => listeners,
    starts: () => starts,
  };
}

describe('routines at the worker’s start', () => {
  it('loads nothing where no routine is stored, and loads the service when its alarm comes', async () => {
    const { service, options, alarms } = lazyRoutines();
    await service.init();
    expect(loads(options)).toBe(0);
    expect(alarms.scheduled().size).toBe(0);
    // An alarm left from routines since removed: the service looks, and sets none again.
    await alarms.schedule(ROUTINES_ALARM, NOW + 60_000);
    alarms.fire(ROUTINES_ALARM);
    // The alarm started the load: the list waits for the service (however slow its import).
    await expect(service.list()).resolves.toEqual([]);
    expect(loads(options)).toBe(1);
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

  it('loads the service again on the next request after a load that failed', async () => {
    const { service, options } = lazyRoutines();
    part.failing.add(options);
    await expect(service.save(morning())).rejects.toThrow('The routines part failed to load.');
    const saved = await service.save(morning());
    expect(loads(options)).toBe(2);
    await expect(service.list()).resolves.toEqual([expect.objectContaining({ id: saved.id })]);
    expect(loads(options)).toBe(2);
  });

  it('hears the routines alarm with one listener, and a fired alarm runs the due routine once', async () => {
    const first = lazyRoutines();
    const saved = await first.service.save(morning());
    const clock = { now: NOW };
    const next = lazyRoutines(first.store, clock);
    await next.service.init();
    await expect(next.service.list()).resolves.toHaveLength(1);
    expect(loads(next.options)).toBe(1);
    expect(next.listeners()).toBe(1);
    clock.now = saved.nextRunAt!;
    next.alarms.fire(ROUTINES_ALARM);
    await expect.poll(async () => (await next.service.runs(saved.id)).length).toBe(1);
    await expect.poll(next.starts).toBe(1);
    expect(next.listeners()).toBe(1);
  });
});

describe('what every opened chat asks, answered without the service', () => {
  it('answers the list, a routine’s runs and a chat’s run empty while no routine is stored', async () => {
    const { service, options } = lazyRoutines();
    await service.init();
    await expect(service.runOfChat('chat-1')).resolves.toBeUndefined();
    await expect(service.list()).resolves.toEqual([]);
    await expect(service.runs('routine-1')).resolves.toEqual([]);
    expect(loads(options)).toBe(0);
  });

  it('asks the service for a chat’s run once a run is stored', async () => {
    const first = lazyRoutines();
    const saved = await first.service.save(morning());
    const run = await first.service.runNow(saved.id);
    // A new worker over the same storage, asked before anything else loaded the service.
    const next = lazyRoutines(first.store);
    await expect(next.service.runOfChat(run.chatId)).resolves.toMatchObject({ id: run.id });
    expect(loads(next.options)).toBe(1);
  });

  it('looks at storage each time: routines written after an empty answer load the service', async () => {
    const elsewhere = lazyRoutines();
    const saved = await elsewhere.service.save(morning());
    const { service, options, store } = lazyRoutines();
    await service.init();
    await expect(service.list()).resolves.toEqual([]);
    expect(loads(options)).toBe(0);
    // A restored backup writes routines straight into storage.
    await store.set(elsewhere.store.snapshot());
    await expect(service.list()).resolves.toEqual([expect.objectContaining({ id: saved.id })]);
    await expect(service.runs(saved.id)).resolves.toEqual([]);
    expect(loads(options)).toBe(1);
  });

  it('answers from the service once it is loaded, after the last routine was removed too', async () => {
    const { service, options } = lazyRoutines();
    const saved = await service.save(morning());
    await service.remove(saved.id);
    await expect(service.list()).resolves.toEqual([]);
    await expect(service.runOfChat('chat-1')).resolves.toBeUndefined();
    expect(loads(options)).toBe(1);
  });
});
