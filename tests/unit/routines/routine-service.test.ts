import { describe, expect, it } from 'vitest';
import { ROUTINES_ALARM } from '../../../src/routines/routine-keys';
import { LEASE_MS } from '../../../src/routines/run-desk';
import { SIGN_IN_NOTICED_KEY } from '../../../src/routines/routine-notices';
import { MODEL_CHOICE_KEY } from '../../../src/models/model-choice';
import { HOUR, START, morning, routineHarness } from '../../helpers/routine-service-harness';

const setup = routineHarness();

describe('routines in the worker', () => {
  it('sets no alarm while no routine is active, and one for the next run once there is', async () => {
    const { service, alarms } = setup();
    await service.reload();
    expect(alarms.scheduled().has(ROUTINES_ALARM)).toBe(false);
    const routine = await service.save(morning());
    expect(routine.nextRunAt).toBe(Date.parse('2026-11-30T07:00:00Z'));
    expect(alarms.scheduled().get(ROUTINES_ALARM)).toBe(routine.nextRunAt);
    await service.pause(routine.id, true);
    expect(alarms.scheduled().has(ROUTINES_ALARM)).toBe(false);
    const resumed = await service.pause(routine.id, false);
    expect(resumed.nextRunAt).toBe(routine.nextRunAt);
    await service.remove(routine.id);
    expect(alarms.scheduled().has(ROUTINES_ALARM)).toBe(false);
    expect(await service.list()).toEqual([]);
  });

  it('refuses what it cannot run, in words', async () => {
    const { service } = setup();
    await expect(service.save(morning({ timeZone: 'Mars/Olympus' }))).rejects.toThrow(
      '“Mars/Olympus” is not a time zone this browser knows.',
    );
    await expect(service.save(morning({ prompt: '  ' }))).rejects.toThrow(
      'Write what the routine should do.',
    );
    await expect(service.save(morning({ servers: ['browser'] }))).rejects.toThrow(
      'Routines use remote servers only.',
    );
    await expect(service.save(morning({ id: 'gone' }))).rejects.toThrow(
      'That routine no longer exists.',
    );
  });

  it('runs a routine once when its time came while the browser was closed, however many times', async () => {
    const { service, runner, set, alarms } = setup();
    const routine = await service.save(morning());
    // The browser was closed for three days.
    set(START + 72 * HOUR);
    await service.reload();
    const runs = await service.runs(routine.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'running', dueAt: routine.nextRunAt });
    expect(runner.starts).toBe(1);
    const [saved] = await service.list();
    expect(saved?.nextRunAt).toBe(Date.parse('2026-12-03T07:00:00Z'));
    // While the run goes on, the worker looks at it again within a minute.
    expect(alarms.scheduled().get(ROUTINES_ALARM)).toBe(START + 72 * HOUR + 60_000);
  });

  it('gives the runner its run with the routine’s model, and refuses the on-device model', async () => {
    const chosen = setup();
    const routine = await chosen.service.save(morning());
    await chosen.service.runNow(routine.id);
    const work = await chosen.service.take();
    expect(work?.settings).toMatchObject({ provider: 'compatible', model: 'scripted-model' });
    expect(work?.approvalSecret.length).toBeGreaterThanOrEqual(43);
    await expect(chosen.service.runNow(routine.id)).rejects.toThrow(
      'Morning summary is running already.',
    );

    const onDevice = setup({ model: 'chrome' });
    const other = await onDevice.service.save(morning());
    await onDevice.service.runNow(other.id);
    expect(await onDevice.service.take()).toBeUndefined();
    expect(onDevice.runner.stops).toBe(1);
    const [failed] = await onDevice.service.runs(other.id);
    expect(failed?.outcome).toBe('failed');
    expect(failed?.reason).toContain('on-device model runs only in the open side panel');
    expect(onDevice.notes.at(-1)?.message).toContain('on-device model');
  });

  it('waits for the person, says so once, and ends the run when nobody answers in time', async () => {
    const { service, notes, advance, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning({ answerMinutes: 30 }));
    const run = await service.runNow(routine.id);
    await service.report({ runId: run.id, outcome: 'waiting', waitingFor: 'post_page on Notion' });
    expect(notes).toEqual([
      {
        id: `patchbay-chat:${run.chatId}`,
        title: 'Morning summary',
        message: 'Morning summary wants to run post_page on Notion. Click to answer.',
      },
    ]);
    const [waiting] = await service.runs(routine.id);
    expect(waiting?.answerBy).toBe(START + 30 * 60_000);
    expect(alarms.scheduled().get(ROUTINES_ALARM)).toBe(START + 30 * 60_000);
    expect((await service.runOfChat(run.chatId))?.outcome).toBe('waiting');
    advance(31 * 60_000);
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(async () => (await service.runs(routine.id))[0]?.outcome).toBe('timed-out');
    expect(notes.at(-1)?.message).toBe('Stopped: nobody answered its question in time.');
    // Too late to answer now.
    expect(await service.resume(run.chatId)).toBeUndefined();
  });

  it('goes on in the runner once the person answered, with a fresh lease', async () => {
    const { service, runner } = setup();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    await service.take();
    await service.report({ runId: run.id, outcome: 'waiting', waitingFor: 'a tool' });
    const starts = runner.starts;
    const resumed = await service.resume(run.chatId);
    expect(resumed).toMatchObject({ outcome: 'running', attempts: 0 });
    expect(resumed?.waitingFor).toBeUndefined();
    expect(resumed?.leaseUntil).toBeUndefined();
    expect(runner.starts).toBe(starts + 1);
    expect((await service.take())?.run.id).toBe(run.id);
    // A report after the end changes nothing.
    await service.report({ runId: run.id, outcome: 'done' });
    expect(await service.report({ runId: run.id, outcome: 'failed' })).toBeUndefined();
  });

  it('leaves a runner that says it goes on alone', async () => {
    const { service, runner, advance, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    await service.take();
    for (let beat = 0; beat < 4; beat += 1) {
      advance(LEASE_MS / 2);
      await service.report({ runId: run.id, outcome: 'running' });
    }
    const [stops, starts] = [runner.stops, runner.starts];
    alarms.fire(ROUTINES_ALARM);
    await expect.poll(() => runner.starts).toBe(starts + 1); // start() leaves an open runner be
    expect(runner.stops).toBe(stops);
    expect((await service.runs(routine.id))[0]?.attempts).toBe(1);
  });

  it('starts a new runner for a run whose runner went silent, and fails it after three', async () => {
    const { service, runner, advance, alarms } = setup();
    await service.reload();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    for (let taken = 1; taken <= 3; taken += 1) {
      expect((await service.take())?.run.attempts).toBe(taken);
      // No word from the runner for longer than its lease: the watch closes it, starts another.
      const [stops, starts] = [runner.stops, runner.starts];
      advance(LEASE_MS + 1);
      alarms.fire(ROUTINES_ALARM);
      await expect.poll(() => runner.starts).toBe(starts + 1);
      expect(runner.stops).toBe(stops + 1);
    }
    expect(await service.take()).toBeUndefined();
    const [failed] = await service.runs(routine.id);
    expect(failed).toMatchObject({ id: run.id, outcome: 'failed' });
    expect(failed?.reason).toBe('Its runner stopped 3 times before it finished.');
  });

  it('announces an expired sign-in once, not once per run, until the server works again', async () => {
    const { service, notes, store } = setup();
    const routine = await service.save(morning());
    const fail = async () => {
      const run = await service.runNow(routine.id);
      await service.report({
        runId: run.id,
        outcome: 'failed',
        reason: 'The sign-in to Linear expired.',
        signIn: ['linear'],
        onlySignIn: true,
      });
    };
    await fail();
    await fail();
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toBe(
      'Sign in to Linear again in Servers. The sign-in to Linear expired.',
    );
    expect(await store.get(SIGN_IN_NOTICED_KEY)).toEqual(['linear']);
    // Another reason beside it is still news.
    const both = await service.runNow(routine.id);
    await service.report({
      runId: both.id,
      outcome: 'failed',
      reason: 'The sign-in to Linear expired; Notion is down.',
      signIn: ['linear'],
      onlySignIn: false,
    });
    expect(notes.at(-1)?.message).toBe('The sign-in to Linear expired; Notion is down.');
    const run = await service.runNow(routine.id);
    await service.report({ runId: run.id, outcome: 'done' });
    expect(await store.get(SIGN_IN_NOTICED_KEY)).toEqual([]);
    await fail();
    expect(notes.filter((note) => note.message.startsWith('Sign in'))).toHaveLength(2);
    expect(notes.map((note) => note.message.split(' ')[0])).toEqual([
      'Sign',
      'The',
      'Ran.',
      'Sign',
    ]);
  });

  it('stops a run under way through its runner, which settles its chat first; no notification', async () => {
    const { service, notes, cleared, broadcaster, advance } = setup();
    await service.reload();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    await service.take();
    const stopping = await service.stop(routine.id);
    expect(cleared).toEqual([]);
    expect(stopping).toMatchObject({ id: run.id, outcome: 'running', stopRequested: true });
    const last = broadcaster.messages.at(-1);
    expect(last?.type === 'routines/changed' && last.payload.routines[0]?.lastRun).toMatchObject({
      id: run.id,
      stopRequested: true,
    });
    // The runner's word that it is alive says so; only a stopped run may be reported stopped.
    expect(await service.report({ runId: run.id, outcome: 'running' })).toMatchObject({
      stopRequested: true,
    });
    advance(1000);
    expect(
      await service.report({
        runId: run.id,
        outcome: 'stopped',
        usage: { inputTokens: 5, outputTokens: 2 },
      }),
    ).toMatchObject({ outcome: 'stopped', endedAt: START + 1000, usage: { inputTokens: 5 } });
    expect(await service.take()).toBeUndefined();
    // Nothing under way now: nothing to stop.
    expect(await service.stop(routine.id)).toBeUndefined();

    // A run not stopped cannot be reported stopped.
    const other = await service.runNow(routine.id);
    await service.take();
    expect(await service.report({ runId: other.id, outcome: 'stopped' })).toBeUndefined();
    expect((await service.runs(routine.id))[0]?.outcome).toBe('running');
    await service.report({ runId: other.id, outcome: 'done' });

    // A run waiting for the person: a runner takes it to settle its chat, with a fresh lease.
    const waiting = await service.runNow(routine.id);
    await service.take();
    await service.report({ runId: waiting.id, outcome: 'waiting', waitingFor: 'a tool' });
    const held = await service.stop(routine.id);
    // Its "wants to run" notice is news no longer.
    expect(cleared).toEqual([`patchbay-chat:${waiting.chatId}`]);
    expect(held).toMatchObject({ outcome: 'running', stopRequested: true, attempts: 0 });
    expect(held?.waitingFor).toBeUndefined();
    expect(held?.leaseUntil).toBeUndefined();
    expect(await service.resume(waiting.chatId)).toBeUndefined();
    const taken = await service.take();
    expect(taken?.run).toMatchObject({ id: waiting.id, stopRequested: true });
    // A runner that did not hear of the stop and says the run waits: it is settled all the same.
    await service.report({ runId: waiting.id, outcome: 'waiting', waitingFor: 'a tool' });
    expect((await service.runs(routine.id))[0]?.outcome).toBe('running');
    await service.report({ runId: waiting.id, outcome: 'stopped' });
    expect((await service.runs(routine.id))[0]?.outcome).toBe('stopped');
    expect(notes.map((note) => note.message)).toEqual([
      'Ran. Click to read it.',
      'Morning summary wants to run a tool. Click to answer.',
    ]);
    await expect(service.stop('gone')).rejects.toThrow('That routine no longer exists.');
  });

  it('hands a stopped run to a runner to settle even when its model can no longer run', async () => {
    const { service, store } = setup();
    const routine = await service.save(morning());
    const run = await service.runNow(routine.id);
    await service.take();
    await service.report({ runId: run.id, outcome: 'waiting', waitingFor: 'a tool' });
    await store.set({ [MODEL_CHOICE_KEY]: { active: 'compatible', providers: {} } });
    await service.stop(routine.id);
    const work = await service.take();
    expect(work?.run).toMatchObject({ id: run.id, stopRequested: true });
    expect(work?.settings).toBeUndefined();
    // A run not stopped still fails without a model, as before.
    await service.report({ runId: run.id, outcome: 'stopped' });
    const next = await service.runNow(routine.id);
    expect(await service.take()).toBeUndefined();
    expect((await service.runs(routine.id))[0]).toMatchObject({
      id: next.id,
      outcome: 'failed',
      reason: 'No model is set up: set one up in Settings.',
    });
  });

  it('tells pages what changed, and forgets a removed routine’s runs', async () => {
    const { service, broadcaster } = setup();
    const routine = await service.save(morning());
    await service.runNow(routine.id);
    const last = broadcaster.messages.at(-1);
    expect(last?.type).toBe('routines/changed');
    expect(
      last?.type === 'routines/changed' ? last.payload.routines[0]?.lastRun?.outcome : undefined,
    ).toBe('running');
    await service.remove(routine.id);
    expect(await service.runs(routine.id)).toEqual([]);
    expect(await service.take()).toBeUndefined();
  });
});
