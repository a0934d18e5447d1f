/**
 * `npm test`: every suite, each as its own npm script, and at the end each suite's time and
 * outcome. A failing suite does not stop the others (one run shows every failure); the run
 * fails if any suite failed.
 *
 * The suites run in lanes, side by side: each lane runs its suites one after another, and a
 * suite may wait for others in other lanes (NEEDS, AFTER). Most suites spend their time waiting
 * (on Chromium, on spawned servers, on a soak's pace), so the lanes share two cores. No two
 * suites share a port or a file they write (the mutation guard changes a private copy of the
 * project); the suites that load the built extension wait for the one build.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Outcome {
  suite: string;
  seconds: number;
  status: number;
  /** Why it did not run: a suite it needs failed. */
  skipped?: string;
}

/**
 * Each lane runs its suites in order; the lanes run at the same time, and the run is bound by
 * CPU: measured alone, the e2e suite needs about 746 s of CPU (388 s on two cores), the shifted
 * run 71, the relay's 68, the soak 72, the unit suite 42, the mutation guard and conformance 33
 * and 35, the integration suite 32: about 1,130 s, so 565 s at best on two cores (591 s in a CI
 * run). The e2e suite is the long pole: it starts first, right after the build.
 */
export const LANES: string[][] = [
  ['test:build', 'test:e2e:built'],
  ['test:unit', 'test:integration', 'test:mutation-guard', 'test:conformance'],
  // Last, the unit and integration suites again, on a clock years ahead in another zone and
  // locale, once the first runs have transformed their modules (AFTER).
  ['test:relay-conformance', 'test:security', 'test:shifted'],
  ['test:soak:built', 'test:relay'],
];

/** A suite that needs another's output waits for it, and is skipped if that one failed. */
export const NEEDS: Record<string, string> = {
  'test:e2e:built': 'test:build',
  'test:soak:built': 'test:build',
};

/**
 * A suite that starts only once others have ended, whatever their outcome. The shifted run
 * takes the unit and integration suites' modules as they transformed them (Vitest's module
 * cache, kept for the one run: MODULE_CACHE_ENV), rather than transforming every file again
 * beside them: the unit suite needed 49 s of CPU cold and 33 s from the cache. The suites with
 * timing of their own (the relay's chaos test, the conformance sets) allow for a busy machine.
 */
export const AFTER: Record<string, string[]> = {
  'test:shifted': ['test:unit', 'test:integration'],
};

/**
 * Where the Vitest runs of one `npm test` keep the modules they transformed
 * (vitest.config.ts): a folder of this run's own, removed at its end, so no run reads what an
 * earlier one transformed from other sources.
 */
export const MODULE_CACHE_ENV = 'PATCHBAY_MODULE_CACHE';

/**
 * Runs one suite. The first of a group prints as it goes; the others' output is held and printed
 * whole when each ends, so no two suites' lines interleave (CI adds up vitest's summary lines).
 */
function runSuite(suite: string, live: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', suite], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.on('close', (code, signal) => {
      if (held.length > 0) process.stdout.write(Buffer.concat(held));
      resolve({
        suite,
        seconds: (performance.now() - started) / 1000,
        status: code ?? (signal ? 1 : 0),
      });
    });
  });
}

function verdict(outcome: Outcome): string {
  if (outcome.skipped) return `skipped (${outcome.skipped})`;
  return outcome.status === 0 ? 'ok' : `failed (exit ${outcome.status})`;
}

/** The closing table: one line per suite, then the whole run's time. */
export function timingTable(outcomes: readonly Outcome[], totalSeconds: number): string {
  const width = Math.max(...outcomes.map((outcome) => outcome.suite.length));
  const lines = outcomes.map(
    (outcome) =>
      `  ${outcome.suite.padEnd(width)}  ${outcome.seconds.toFixed(1).padStart(6)} s  ${verdict(outcome)}`,
  );
  return [
    'Suite times:',
    ...lines,
    `  ${'all'.padEnd(width)}  ${totalSeconds.toFixed(1).padStart(6)} s`,
  ].join('\n');
}

/**
 * Throws where the lanes could not run as written: a suite waited for that runs in no lane (it
 * would not be waited for), or suites waiting on each other in a circle (none would start).
 */
export function checkLanes(
  lanes: readonly (readonly string[])[],
  needs: Readonly<Record<string, string>>,
  after: Readonly<Record<string, readonly string[]>> = {},
): void {
  const waitsFor = new Map<string, string[]>();
  for (const lane of lanes)
    lane.forEach((suite, index) =>
      waitsFor.set(suite, [
        ...lane.slice(index - 1, index),
        ...(needs[suite] ? [needs[suite]] : []),
        ...(after[suite] ?? []),
      ]),
    );
  for (const [suite, others] of waitsFor)
    for (const other of others)
      if (!waitsFor.has(other)) throw new Error(`${suite} waits for ${other}, which no lane runs.`);
  const settled = new Set<string>();
  const visit = (suite: string, path: readonly string[]) => {
    if (settled.has(suite)) return;
    if (path.includes(suite))
      throw new Error(`These suites wait for each other: ${[...path, suite].join(' -> ')}.`);
    for (const other of waitsFor.get(suite) ?? []) visit(other, [...path, suite]);
    settled.add(suite);
  };
  for (const suite of waitsFor.keys()) visit(suite, []);
}

/** Runs the lanes; each suite starts when its lane reaches it and what it needs has passed. */
export async function runLanes(
  lanes: readonly (readonly string[])[],
  needs: Readonly<Record<string, string>>,
  run: (suite: string, live: boolean) => Promise<Outcome>,
  after: Readonly<Record<string, readonly string[]>> = {},
): Promise<Outcome[]> {
  checkLanes(lanes, needs, after);
  const finished = new Map<string, Promise<Outcome>>();
  const done = new Map<string, (outcome: Outcome) => void>();
  for (const suite of lanes.flat())
    finished.set(suite, new Promise<Outcome>((resolve) => done.set(suite, resolve)));
  await Promise.all(
    lanes.map(async (lane, laneIndex) => {
      for (const suite of lane) {
        await Promise.all((after[suite] ?? []).map((each) => finished.get(each)));
        const needed = needs[suite];
        const before = needed ? await finished.get(needed) : undefined;
        const outcome =
          before && before.status !== 0
            ? { suite, seconds: 0, status: 1, skipped: `${needed} failed` }
            : await run(suite, laneIndex === 0);
        done.get(suite)?.(outcome);
      }
    }),
  );
  return Promise.all(lanes.flat().map((suite) => finished.get(suite)!));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const moduleCache = mkdtempSync(join(tmpdir(), 'patchbay-modules-'));
  process.env[MODULE_CACHE_ENV] = moduleCache;
  const outcomes = await runLanes(LANES, NEEDS, runSuite, AFTER).finally(() =>
    rmSync(moduleCache, { recursive: true, force: true }),
  );
  console.log(`\n${timingTable(outcomes, (performance.now() - started) / 1000)}`);
  process.exit(outcomes.some((outcome) => outcome.status !== 0) ? 1 : 0);
}
