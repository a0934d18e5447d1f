/**
 * `npm test`: every suite, each as its own npm script, and at the end each suite's time and
 * outcome. A failing suite does not stop the others (one run shows every failure); the run
 * fails if any suite failed.
 *
 * Suites in one group run at the same time: each group holds suites that share no ports and
 * spend most of their time waiting (on Chromium, on spawned servers), so on two cores they
 * overlap instead of queueing. Suites that keep both cores busy (vitest's unit and integration
 * pools) run alone.
 */
import { spawn } from 'node:child_process';

interface Outcome {
  suite: string;
  seconds: number;
  status: number;
}

/** Each inner list runs at once; the groups run one after another. */
export const GROUPS: string[][] = [
  ['test:unit'],
  ['test:integration'],
  // The unit and integration suites again, on a clock years ahead in another zone and locale.
  ['test:shifted'],
  ['test:mutation-guard', 'test:security'],
  ['test:relay', 'test:relay-conformance', 'test:conformance'],
  ['test:e2e'],
  ['test:soak'],
];

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

/** The closing table: one line per suite, then the whole run's time. */
export function timingTable(outcomes: readonly Outcome[], totalSeconds: number): string {
  const width = Math.max(...outcomes.map((outcome) => outcome.suite.length));
  const lines = outcomes.map(
    (outcome) =>
      `  ${outcome.suite.padEnd(width)}  ${outcome.seconds.toFixed(1).padStart(6)} s  ${outcome.status === 0 ? 'ok' : `failed (exit ${outcome.status})`}`,
  );
  return [
    'Suite times:',
    ...lines,
    `  ${'all'.padEnd(width)}  ${totalSeconds.toFixed(1).padStart(6)} s`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const group of GROUPS)
    outcomes.push(
      ...(await Promise.all(group.map((suite, index) => runSuite(suite, index === 0)))),
    );
  console.log(`\n${timingTable(outcomes, (performance.now() - started) / 1000)}`);
  process.exit(outcomes.some((outcome) => outcome.status !== 0) ? 1 : 0);
}
