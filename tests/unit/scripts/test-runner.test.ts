import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AFTER, checkLanes, LANES, NEEDS, runLanes, timingTable } from '../../../scripts/test';
import { CI_SHIFT, SHIFTS, faketimeOffset, shiftedEnv } from '../../../scripts/test-shifted';

describe('npm test', () => {
  const scripts = (
    JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const steps = (script: string) =>
    script.split(' && ').map((step) => /^npm run (test:[\w:-]+)$/.exec(step)?.[1]);

  it('runs every test:* suite exactly once; the others are made of those suites only', () => {
    const inLanes = LANES.flat();
    expect(new Set(inLanes).size).toBe(inLanes.length);
    for (const [name, script] of Object.entries(scripts)) {
      if (!name.startsWith('test:') || inLanes.includes(name)) continue;
      for (const step of steps(script)) expect(inLanes, `${name}: ${script}`).toContain(step);
    }
    for (const suite of inLanes) expect(scripts[suite], suite).toBeTypeOf('string');
  });

  it('starts a suite only after what it needs, in an earlier place of the lanes', () => {
    for (const [suite, needed] of Object.entries(NEEDS)) {
      const lane = LANES.find((each) => each.includes(suite))!;
      const neededLane = LANES.find((each) => each.includes(needed))!;
      expect(neededLane, `${suite} needs ${needed}`).toBeDefined();
      // In one lane, a need after its suite would never start.
      if (lane === neededLane) expect(lane.indexOf(needed)).toBeLessThan(lane.indexOf(suite));
    }
  });

  it('waits only for suites that run, and never for a later one of its own lane', () => {
    for (const [suite, before] of Object.entries(AFTER)) {
      const lane = LANES.find((each) => each.includes(suite))!;
      for (const each of before) {
        expect(LANES.flat(), `${suite} waits for ${each}`).toContain(each);
        if (lane.includes(each)) expect(lane.indexOf(each)).toBeLessThan(lane.indexOf(suite));
      }
    }
  });

  it('starts a suite of another lane only after those it waits for, whatever their outcome', async () => {
    const log: string[] = [];
    const run = async (suite: string) => {
      log.push(suite);
      await new Promise((resolve) => setImmediate(resolve));
      return { suite, seconds: 1, status: suite === 'shifted' ? 1 : 0 };
    };
    const outcomes = await runLanes([['unit', 'shifted', 'e2e'], ['security']], {}, run, {
      security: ['shifted'],
    });
    expect(log.indexOf('security')).toBeGreaterThan(log.indexOf('shifted'));
    expect(outcomes.find((outcome) => outcome.suite === 'security')?.status).toBe(0);
  });

  it('refuses lanes that could not run: a wait for a suite no lane runs, or a circle of waits', () => {
    expect(() => checkLanes(LANES, NEEDS, AFTER)).not.toThrow();
    expect(() => checkLanes([['build', 'e2e']], { soak: 'build', e2e: 'bild' })).toThrow(
      'e2e waits for bild, which no lane runs.',
    );
    expect(() =>
      checkLanes([['unit', 'e2e'], ['relay']], {}, { unit: ['relay'], relay: ['e2e'] }),
    ).toThrow('These suites wait for each other');
    expect(() => checkLanes([['unit', 'e2e'], ['relay']], {}, { relay: ['e2e'] })).not.toThrow();
  });

  it('runs lanes side by side, and skips a suite whose need failed', async () => {
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const run = (suite: string) => {
      log.push(`start ${suite}`);
      return new Promise<{ suite: string; seconds: number; status: number }>((resolve) =>
        gates.set(suite, () => {
          log.push(`end ${suite}`);
          resolve({ suite, seconds: 1, status: suite === 'build' ? 1 : 0 });
        }),
      );
    };
    const outcomes = runLanes(
      [
        ['build', 'e2e'],
        ['unit', 'soak'],
      ],
      { soak: 'build', e2e: 'build' },
      run,
    );
    await Promise.resolve();
    // Both lanes' first suites start before either ends.
    expect(log).toEqual(['start build', 'start unit']);
    gates.get('unit')!();
    await new Promise((resolve) => setImmediate(resolve));
    // The soak waits for the build.
    expect(log).toEqual(['start build', 'start unit', 'end unit']);
    gates.get('build')!();
    expect(await outcomes).toEqual([
      { suite: 'build', seconds: 1, status: 1 },
      { suite: 'e2e', seconds: 0, status: 1, skipped: 'build failed' },
      { suite: 'unit', seconds: 1, status: 0 },
      { suite: 'soak', seconds: 0, status: 1, skipped: 'build failed' },
    ]);
  });

  it('ends with each suite’s time and outcome, and the whole run’s time', () => {
    expect(
      timingTable(
        [
          { suite: 'test:unit', seconds: 61.04, status: 0 },
          { suite: 'test:e2e', seconds: 140.96, status: 1 },
          { suite: 'test:soak', seconds: 0, status: 1, skipped: 'test:build failed' },
        ],
        202.5,
      ),
    ).toBe(
      [
        'Suite times:',
        '  test:unit    61.0 s  ok',
        '  test:e2e    141.0 s  failed (exit 1)',
        '  test:soak     0.0 s  skipped (test:build failed)',
        '  all         202.5 s',
      ].join('\n'),
    );
  });
});

describe('the shifted-clock run', () => {
  const now = Date.parse('2026-12-06T12:00:00Z');

  it('moves the clock by whole seconds, to an instant or by days', () => {
    expect(faketimeOffset(CI_SHIFT, now)).toBe(
      `+${(Date.parse('2036-04-05T13:59:00Z') - now) / 1000}`,
    );
    const back = { ...CI_SHIFT, start: { at: '2026-12-06T11:59:00.4Z' } };
    expect(faketimeOffset(back, now)).toBe('-60');
    expect(faketimeOffset({ ...CI_SHIFT, start: { days: 365 } }, now)).toBe('+31536000');
  });

  it('sets the zone and the locale, and nothing that would win over the locale', () => {
    const env = shiftedEnv(CI_SHIFT, { PATH: '/bin', LC_ALL: 'C', LC_MESSAGES: 'C', TZ: 'UTC' });
    expect(env).toEqual({
      PATH: '/bin',
      TZ: 'Pacific/Chatham',
      LANG: 'de_DE.UTF-8',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    });
  });

  it('runs, in CI, a shift years ahead, in a zone whose offset is not whole hours', () => {
    expect(SHIFTS).toContain(CI_SHIFT);
    const offset = Number(faketimeOffset(CI_SHIFT, now));
    expect(offset).toBeGreaterThan(5 * 365 * 86_400);
    const zoneName = new Intl.DateTimeFormat('en', {
      timeZone: CI_SHIFT.timeZone,
      timeZoneName: 'longOffset',
    })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zoneName).toMatch(/:(15|30|45)$/);
  });
});
