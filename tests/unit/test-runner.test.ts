import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUPS, timingTable } from '../../scripts/test';
import { CI_SHIFT, SHIFTS, faketimeOffset, shiftedEnv } from '../../scripts/test-shifted';

describe('npm test', () => {
  it('runs every test:* suite exactly once', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
        .scripts,
    );
    const suites = scripts.filter((name) => /^test:/.test(name));
    expect(GROUPS.flat().sort()).toEqual(suites.sort());
  });

  it('ends with each suite’s time and outcome, and the whole run’s time', () => {
    expect(
      timingTable(
        [
          { suite: 'test:unit', seconds: 61.04, status: 0 },
          { suite: 'test:e2e', seconds: 140.96, status: 1 },
        ],
        202.5,
      ),
    ).toBe(
      [
        'Suite times:',
        '  test:unit    61.0 s  ok',
        '  test:e2e    141.0 s  failed (exit 1)',
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
