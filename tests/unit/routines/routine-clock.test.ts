/**
 * Routines on a wall clock that jumps (the machine sleeps, the person sets it, a clock that was
 * wrong at boot is corrected) and a machine whose time zone changes while the browser is open.
 * Everything reads the service's own clock, which the alarms read too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTINES_ALARM } from '../../../src/routines/routine-keys';
import { LEASE_MS } from '../../../src/routines/run-desk';
import { formatRunTime } from '../../../src/routines/run-time';
import { HOUR, START, morning, routineHarness } from '../../helpers/routine-service-harness';

const setup = routineHarness();
const DAY = 24 * HOUR;
const MINUTE = 60_000;
/** 08:00 in Paris on the days after START (2026-11-30, 06:00 in Paris). */
const eightInParis = (daysAfter: number) => Date.parse('2026-11-30T07:00:00Z') + daysAfter * DAY;

/** A morning routine saved at START whose alarm fires at `at`: its one run is done. */
async function ranOnceAt(harness: ReturnType<typeof setup>, at: number) {
  const { service, set, alarms } = harness;
  await service.reload();
  const routine = await service.save(morning());
  set(at);
  alarms.fire(ROUTINES_ALARM);
  await expect.poll(async () => (await service.runs(routine.id)).length).toBe(1);
  const [run] = await service.runs(routine.id);
  await service.report({ runId: run!.id, outcome: 'done' });
  return routine;
}

describe('routines on a clock that jumps', () => {
  it('runs once after the machine slept past several run times, and schedules from the wake', async () => {
    const { service, runner, set, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning());
    set(eightInParis(3) + 5 * MINUTE); // the lid opens three days later
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(async () => (await service.runs(routine.id)).length).toBe(1);
    expect((await service.runs(routine.id))[0]).toMatchObject({
      outcome: 'running',
      dueAt: eightInParis(0),
    });
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(4));
    expect(runner.starts).toBeGreaterThan(0);
  });

  it('brings back a next run set while the clock ran years ahead, once the clock is corrected', async () => {
    const { service, set } = setup();
    await service.reload();
    const routine = await service.save(morning());
    // The machine booted with its clock eleven years ahead: the missed run runs, once.
    set(START + 11 * 365 * DAY);
    await service.reload();
    const [run] = await service.runs(routine.id);
    expect(run?.dueAt).toBe(eightInParis(0));
    await service.report({ runId: run!.id, outcome: 'done' });
    expect((await service.list())[0]?.nextRunAt).toBeGreaterThan(START + 10 * 365 * DAY);
    // The clock is corrected; the next look (any worker start) schedules from the real day,
    // after the time already run.
    set(START + HOUR);
    await service.reload();
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(1));
    expect(await service.runs(routine.id)).toHaveLength(1);
  });

  it('never runs a time twice when the clock is set back just after it ran', async () => {
    const harness = setup();
    const { service, set } = harness;
    const routine = await ranOnceAt(harness, eightInParis(0));
    // A time server moves the clock back two minutes; it reads 08:00 again a while later.
    set(eightInParis(0) - 2 * MINUTE);
    await service.reload();
    set(eightInParis(0) + 30_000);
    await service.reload();
    expect(await service.runs(routine.id)).toHaveLength(1);
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(1));
  });

  it('keeps the next run when the clock is set back a day after a run: that time ran', async () => {
    const harness = setup();
    const { service, set } = harness;
    const routine = await ranOnceAt(harness, eightInParis(0) + MINUTE);
    set(eightInParis(-1) + MINUTE);
    await service.reload();
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(1));
    expect(await service.runs(routine.id)).toHaveLength(1);
  });

  it('counts a run made on a clock that ran ahead as covering only its due time', async () => {
    const harness = setup();
    const { service, set } = harness;
    // A day ahead: Monday's and Tuesday's 08:00 look missed, and one run covers both.
    const routine = await ranOnceAt(harness, eightInParis(1) + MINUTE);
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(2));
    // Corrected to Monday 08:01: Monday's run was made, Tuesday's is still to come.
    set(eightInParis(0) + MINUTE);
    await service.reload();
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(1));
    expect(await service.runs(routine.id)).toHaveLength(1);
  });

  it('runs a routine made before the clock was set back at the schedule’s times from then on', async () => {
    const { service, set } = setup();
    await service.reload();
    set(eightInParis(5) + HOUR);
    const routine = await service.save(morning());
    expect(routine.nextRunAt).toBe(eightInParis(6));
    set(START);
    await service.reload();
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(0));
  });

  it('does not blame a live runner for a sleep: a fresh lease, no restart, no attempt spent', async () => {
    const { service, runner, advance, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    await service.take();
    await service.report({ runId: run.id, outcome: 'running' });
    const stops = runner.stops;
    advance(8 * HOUR); // the machine slept; the worker's watch sees the lease long gone
    alarms.fire(ROUTINES_ALARM);
    await expect
      .poll(async () => (await service.runs(routine.id))[0]?.leaseUntil)
      .toBeGreaterThan(START + 8 * HOUR);
    expect(runner.stops).toBe(stops);
    // The runner says it goes on; had it died, the next watch after a lease restarts it.
    await service.report({ runId: run.id, outcome: 'running' });
    advance(LEASE_MS + 1);
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(() => runner.stops).toBe(stops + 1);
    expect(await service.take()).toMatchObject({ run: { id: run.id, attempts: 2 } });
  });

  it('catches a dead runner within a lease when the clock was set back a day', async () => {
    const { service, runner, advance, set, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    await service.take();
    const stops = runner.stops;
    set(START - DAY + MINUTE); // set back; the runner then dies, silently
    alarms.fire(ROUTINES_ALARM);
    await expect
      .poll(async () => (await service.runs(routine.id))[0]?.leaseUntil)
      .toBe(START - DAY + MINUTE + LEASE_MS);
    expect(runner.stops).toBe(stops);
    advance(LEASE_MS + 1);
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(() => runner.stops).toBe(stops + 1);
    expect((await service.take())?.run.id).toBe(run.id);
  });

  it('ends a waiting run at its answer time even when the clock was set back a day', async () => {
    const { service, advance, set, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning({ answerMinutes: 30 }));
    const run = await service.runNow(routine.id);
    await service.report({ runId: run.id, outcome: 'waiting', waitingFor: 'post_page' });
    set(START - DAY);
    await service.reload();
    expect((await service.runs(routine.id))[0]?.answerBy).toBe(START - DAY + 30 * MINUTE);
    advance(31 * MINUTE);
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(async () => (await service.runs(routine.id))[0]?.outcome).toBe('timed-out');
  });
});

describe('routines when the machine’s time zone changes', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('keep the zone they were saved with, while times are shown in the machine’s new zone', async () => {
    process.env.TZ = 'America/New_York';
    const { service, set, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning({ schedule: { kind: 'weekdays', time: '08:00' } }));
    expect(routine.nextRunAt).toBe(eightInParis(0));
    expect(formatRunTime(routine.nextRunAt!, { locale: 'en-GB' })).toBe('Mon 30 Nov, 02:00');

    // The person flies to India with the browser open.
    process.env.TZ = 'Asia/Kolkata';
    await service.reload();
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(0));
    expect(formatRunTime(routine.nextRunAt!, { locale: 'en-GB' })).toBe('Mon 30 Nov, 12:30');
    set(eightInParis(0));
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(async () => (await service.runs(routine.id)).length).toBe(1);
    expect((await service.list())[0]?.nextRunAt).toBe(eightInParis(1));
  });
});
