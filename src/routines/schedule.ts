/**
 * When a routine runs: every hour at a minute, every day, on weekdays or once a week at a time
 * of day, in the person's time zone. Times are wall-clock times there, so "08:00 every day"
 * stays 08:00 across daylight-saving changes.
 */
import { z } from 'zod';
import { invalidInput } from '../errors/patchbay-error';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:30.');

export const scheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hourly'), minute: z.number().int().min(0).max(59) }),
  z.object({ kind: z.literal('daily'), time: timeOfDay }),
  z.object({ kind: z.literal('weekdays'), time: timeOfDay }),
  /** `day`: 0 is Sunday, as in `Date.getDay()`. */
  z.object({ kind: z.literal('weekly'), day: z.number().int().min(0).max(6), time: timeOfDay }),
]);
export type Schedule = z.infer<typeof scheduleSchema>;

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The schedule in words: "Every day at 08:00". */
export function describeSchedule(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'hourly':
      return `Every hour at :${String(schedule.minute).padStart(2, '0')}`;
    case 'daily':
      return `Every day at ${schedule.time}`;
    case 'weekdays':
      return `Weekdays at ${schedule.time}`;
    case 'weekly':
      return `${DAY_NAMES[schedule.day]}s at ${schedule.time}`;
  }
}

/** Whether `timeZone` is one this browser knows (an IANA name such as "Europe/Paris"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 is Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time at `instant` in `timeZone`. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? ''),
  };
}

const HOUR = 3_600_000;

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - instant;
}

/**
 * The instant a wall-clock time has in `timeZone`. A time that comes twice (the night clocks go
 * back) is its first; one the clocks skip (the night they go forward) is taken with the offset
 * from before the change, which lands as far after the gap as it was into it (02:30 becomes
 * 03:30).
 */
export function instantOf(wall: Omit<WallTime, 'weekday'>, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The zone's offsets half a day either side: any change that day lies between them.
  const candidates = [
    asUtc - offsetAt(asUtc - 12 * HOUR, timeZone),
    asUtc - offsetAt(asUtc + 12 * HOUR, timeZone),
  ];
  const shows = (instant: number) => {
    const seen = wallTimeAt(instant, timeZone);
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) === asUtc;
  };
  const real = candidates.filter(shows);
  return real.length ? Math.min(...real) : Math.max(...candidates);
}

const MINUTE = 60_000;

/** The first time the schedule is due strictly after `after` (ms), in `timeZone`. */
export function nextRunAfter(schedule: Schedule, timeZone: string, after: number): number {
  if (schedule.kind === 'hourly') {
    // Zones are whole minutes off UTC, so the wall clock's minute moves with the real one:
    // every hour runs once, the hour the clocks repeat twice and the one they skip not at all.
    const base = after - (after % MINUTE);
    const delta = (schedule.minute - wallTimeAt(base, timeZone).minute + 60) % 60;
    return base + (delta === 0 ? 60 : delta) * MINUTE;
  }
  const now = wallTimeAt(after, timeZone);
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  for (let days = 0; days <= 8; days += 1) {
    // Date.UTC rolls a day past the month's end over; the weekday is the calendar day's, even
    // where a skipped time moves the instant.
    const date = new Date(Date.UTC(now.year, now.month - 1, now.day + days));
    const at = instantOf(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour,
        minute,
      },
      timeZone,
    );
    if (at <= after) continue;
    const weekday = date.getUTCDay();
    if (schedule.kind === 'weekdays' && (weekday === 0 || weekday === 6)) continue;
    if (schedule.kind === 'weekly' && weekday !== schedule.day) continue;
    return at;
  }
  throw invalidInput('schedule', 'No run time within a week: the schedule is malformed.');
}
