/**
 * `npm run test:shifted`: the unit and integration suites on a clock moved years ahead, in a time
 * zone with an unusual offset and another locale, so no test passes only on the day it was
 * written or in the zone of the machine that wrote it. `npm test` runs one shift (`CI_SHIFT`);
 * `npm run test:shifted -- --all` runs every shift in `SHIFTS`.
 *
 * The clock is moved by libfaketime (Debian's `faketime`), preloaded into vitest and every process
 * it starts: the fixture servers, the authorization server and server-everything read the same
 * moved clock as the code under test, as they would on a machine whose clock reads that day.
 * Only the wall clock moves (`FAKETIME_DONT_FAKE_MONOTONIC`): timers and `performance.now()` run
 * on the real monotonic clock, as they do on a machine whose wall clock was set. Chromium is left
 * out (the e2e suite): it starts sandboxed helper processes that do not keep the preload.
 */
import { spawn, spawnSync } from 'node:child_process';

export interface Shift {
  name: string;
  /** Where the wall clock starts: an instant, or days from now. */
  start: { at: string } | { days: number };
  timeZone: string;
  /** The locale Node's Intl takes (from LANG). */
  lang: string;
}

const YEAR_DAYS = 365;

/** The one shift `npm test` runs: ten years on, a minute before Chatham's clocks go back. */
export const CI_SHIFT: Shift = {
  name: 'ten years on, Chatham Islands (UTC+13:45), a minute before its clocks go back, German',
  start: { at: '2036-04-05T13:59:00Z' },
  timeZone: 'Pacific/Chatham',
  lang: 'de_DE.UTF-8',
};

export const SHIFTS: Shift[] = [
  { name: 'a year on, UTC', start: { days: YEAR_DAYS }, timeZone: 'UTC', lang: 'C.UTF-8' },
  {
    name: 'ten years on, Newfoundland (UTC-3:30), French',
    start: { days: 10 * YEAR_DAYS + 2 },
    timeZone: 'America/St_Johns',
    lang: 'fr_CA.UTF-8',
  },
  {
    name: 'Paris, a minute before its clocks go forward',
    start: { at: '2027-03-28T00:59:00Z' },
    timeZone: 'Europe/Paris',
    lang: 'fr_FR.UTF-8',
  },
  {
    name: 'New York, a minute before its clocks go back',
    start: { at: '2028-11-05T05:59:00Z' },
    timeZone: 'America/New_York',
    lang: 'en_US.UTF-8',
  },
  CI_SHIFT,
];

/** The unit and integration projects (vitest.config.ts splits each by environment and mocks). */
const SUITES = ['unit*', 'integration*'];

/** faketime's offset for the shift, in whole seconds from now: "+315619200". */
export function faketimeOffset(shift: Shift, now = Date.now()): string {
  const target = 'at' in shift.start ? Date.parse(shift.start.at) : now + shift.start.days * 864e5;
  const seconds = Math.round((target - now) / 1000);
  return seconds >= 0 ? `+${seconds}` : `${seconds}`;
}

/** The environment a shifted run gets: the moved clock's settings, the zone and the locale. */
export function shiftedEnv(shift: Shift, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    TZ: shift.timeZone,
    LANG: shift.lang,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
  // These would win over LANG.
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  return env;
}

/** Node's wall clock under the shift; throws when faketime did not move it. */
function checkShift(shift: Shift, offset: string, env: NodeJS.ProcessEnv): string {
  const probe = spawnSync(
    'faketime',
    ['-f', offset, 'node', '-e', 'process.stdout.write(String(Date.now()))'],
    { env, encoding: 'utf8' },
  );
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `faketime could not run (${probe.error?.message ?? probe.stderr.trim()}). Install it with: sudo apt-get install -y faketime`,
    );
  }
  const seen = Number(probe.stdout);
  const wanted = Date.now() + Number(offset) * 1000;
  if (!(Math.abs(seen - wanted) < 60_000)) {
    throw new Error(`faketime did not move Node's clock for "${shift.name}" (it read ${seen}).`);
  }
  return new Date(seen).toISOString();
}

function runShift(shift: Shift): Promise<number> {
  const offset = faketimeOffset(shift);
  const env = shiftedEnv(shift);
  const clock = checkShift(shift, offset, env);
  console.log(`\nShifted run: ${shift.name} (clock ${clock}, TZ=${shift.timeZone})`);
  const args = SUITES.flatMap((suite) => ['--project', suite]);
  return new Promise((resolve) => {
    const child = spawn('faketime', ['-f', offset, 'npx', 'vitest', 'run', ...args], {
      env,
      stdio: 'inherit',
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const shifts = process.argv.includes('--all') ? SHIFTS : [CI_SHIFT];
  const failed: string[] = [];
  for (const shift of shifts) if ((await runShift(shift)) !== 0) failed.push(shift.name);
  if (failed.length) console.error(`\nFailed on a shifted clock: ${failed.join('; ')}`);
  process.exit(failed.length ? 1 : 0);
}
