import { describe, expect, it } from 'vitest';
import {
  describeSchedule,
  instantOf,
  isKnownTimeZone,
  nextRunAfter,
  scheduleSchema,
  wallTimeAt,
} from '../../../src/routines/schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('a routine’s schedule', () => {
  it('runs daily at the wall-clock time of its zone, today if still ahead, else tomorrow', () => {
    const daily = { kind: 'daily', time: '08:00' } as const;
    // 06:30 in Paris (UTC+1 in winter): today at 08:00 Paris, 07:00 UTC.
    expect(iso(nextRunAfter(daily, 'Europe/Paris', at('2026-11-30T05:30:00Z')))).toBe(
      '2026-11-30T07:00:00.000Z',
    );
    // Exactly at the time: the next one, tomorrow.
    expect(iso(nextRunAfter(daily, 'Europe/Paris', at('2026-11-30T07:00:00Z')))).toBe(
      '2026-12-01T07:00:00.000Z',
    );
    expect(iso(nextRunAfter(daily, 'America/New_York', at('2026-11-30T05:30:00Z')))).toBe(
      '2026-11-30T13:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across daylight-saving changes', () => {
    const daily = { kind: 'daily', time: '08:00' } as const;
    // Paris moves to summer time on 2026-03-29: 08:00 is 07:00 UTC before, 06:00 UTC after.
    expect(iso(nextRunAfter(daily, 'Europe/Paris', at('2026-03-28T09:00:00Z')))).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(iso(nextRunAfter(daily, 'Europe/Paris', at('2026-10-24T09:00:00Z')))).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    // 02:30 does not exist that night in Paris: the run is just after the gap, once.
    const skipped = nextRunAfter(
      { kind: 'daily', time: '02:30' },
      'Europe/Paris',
      at('2026-03-28T12:00:00Z'),
    );
    expect(wallTimeAt(skipped, 'Europe/Paris').day).toBe(29);
    expect(skipped).toBeGreaterThan(at('2026-03-29T00:59:00Z'));
    expect(skipped).toBeLessThan(at('2026-03-29T02:00:00Z'));
  });

  it('runs a time the clocks skip after the gap, in zones behind UTC too, and once', () => {
    // New York skips 02:00–03:00 on 2026-03-08: 02:30 runs at 03:30 EDT, not 01:30 EST.
    const newYork = nextRunAfter(
      { kind: 'daily', time: '02:30' },
      'America/New_York',
      at('2026-03-07T12:00:00Z'),
    );
    expect(iso(newYork)).toBe('2026-03-08T07:30:00.000Z');
    // Santiago skips midnight on 2026-09-06: a Sunday 00:30 routine still runs that Sunday.
    const santiago = nextRunAfter(
      { kind: 'weekly', day: 0, time: '00:30' },
      'America/Santiago',
      at('2026-09-05T12:00:00Z'),
    );
    expect(wallTimeAt(santiago, 'America/Santiago')).toMatchObject({ day: 6, weekday: 0 });
    expect(santiago).toBeLessThan(at('2026-09-06T12:00:00Z'));
    // A time the clocks repeat (New York, 2026-11-01, 01:00–02:00 twice) runs the first time.
    const repeated = nextRunAfter(
      { kind: 'daily', time: '01:30' },
      'America/New_York',
      at('2026-10-31T12:00:00Z'),
    );
    expect(iso(repeated)).toBe('2026-11-01T05:30:00.000Z');
  });

  it('runs hourly every hour across the clocks going back, without a gap', () => {
    const hourly = { kind: 'hourly', minute: 30 } as const;
    const first = nextRunAfter(hourly, 'America/New_York', at('2026-11-01T05:00:00Z'));
    const second = nextRunAfter(hourly, 'America/New_York', first);
    const third = nextRunAfter(hourly, 'America/New_York', second);
    expect([first, second, third].map(iso)).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T06:30:00.000Z', // 01:30 EST, the hour again
      '2026-11-01T07:30:00.000Z', // 02:30 EST
    ]);
  });

  it('skips weekends on weekdays, and waits for the day on weekly', () => {
    // Friday 2026-12-04 after 09:00 in Tokyo: next weekday is Monday the 7th.
    const friday = at('2026-12-04T01:00:00Z'); // 10:00 in Tokyo
    expect(iso(nextRunAfter({ kind: 'weekdays', time: '09:00' }, 'Asia/Tokyo', friday))).toBe(
      '2026-12-07T00:00:00.000Z',
    );
    // Weekly on Wednesday (3) from that Friday: the 9th.
    expect(iso(nextRunAfter({ kind: 'weekly', day: 3, time: '09:00' }, 'Asia/Tokyo', friday))).toBe(
      '2026-12-09T00:00:00.000Z',
    );
  });

  it('runs hourly at its minute, in zones half an hour off UTC too', () => {
    const hourly = { kind: 'hourly', minute: 15 } as const;
    expect(iso(nextRunAfter(hourly, 'Asia/Kolkata', at('2026-11-30T10:00:00Z')))).toBe(
      '2026-11-30T10:45:00.000Z', // 16:15 in Kolkata
    );
    expect(iso(nextRunAfter(hourly, 'UTC', at('2026-11-30T23:20:00Z')))).toBe(
      '2026-12-01T00:15:00.000Z',
    );
  });

  it('reads wall-clock times back to the same instants', () => {
    const instant = at('2026-07-01T16:45:00Z');
    const wall = wallTimeAt(instant, 'America/Los_Angeles');
    expect(wall).toMatchObject({ year: 2026, month: 7, day: 1, hour: 9, minute: 45, weekday: 3 });
    expect(instantOf(wall, 'America/Los_Angeles')).toBe(instant);
  });

  it('says itself in words, and refuses what it cannot run', () => {
    expect(describeSchedule({ kind: 'weekly', day: 1, time: '07:30' })).toBe('Mondays at 07:30');
    expect(describeSchedule({ kind: 'hourly', minute: 5 })).toBe('Every hour at :05');
    expect(describeSchedule({ kind: 'weekdays', time: '09:00' })).toBe('Weekdays at 09:00');
    expect(scheduleSchema.safeParse({ kind: 'daily', time: '25:00' }).success).toBe(false);
    expect(scheduleSchema.safeParse({ kind: 'weekly', day: 7, time: '08:00' }).success).toBe(false);
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
