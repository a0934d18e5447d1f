/**
 * CI's small, deterministic stand-in for mutation testing (`npm run mutate` is too slow for CI):
 * seven wrong changes to Patchbay that a review once made without any test noticing. Each is
 * applied to the source in turn, the tests that must catch it run, and the source is restored.
 * A change no test fails is reported, and the run fails.
 *
 * Each change names the exact text it replaces; if that text is gone (the code moved), the guard
 * fails too, so the list is kept in step with the code rather than passing vacuously.
 *
 * The changes are made in a private copy of the project (its files, with `node_modules` linked),
 * never in the working tree: `npm test` runs other suites at the same time, and they read `src/`.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

interface Mutation {
  what: string;
  file: string;
  from: string;
  to: string;
  /** `project:file` of the tests that must fail. */
  tests: string[];
}

const LIFECYCLE = 'integration:tests/integration/mcp/server-lifecycle.test.ts';

const MUTATIONS: Mutation[] = [
  {
    what: 'a tool call reaches a switched-off server',
    file: 'src/mcp/tool-call.ts',
    from: "if (!session.isEnabled) throw new PatchbayError('not-enabled', switchedOff(config.name));",
    to: '',
    tests: [LIFECYCLE],
  },
  {
    what: 'a built-in server can be removed',
    file: 'src/mcp/registry.ts',
    from: 'async remove(config: ServerConfig): Promise<void> {\n    if (!config.isCustom) {',
    to: 'async remove(config: ServerConfig): Promise<void> {\n    if (false) {',
    tests: [LIFECYCLE],
  },
  {
    what: 'switching a server off leaves its running calls running',
    file: 'src/mcp/session/server-session.ts',
    from: "for (const controller of this.calls.values())\n      controller.abort(new PatchbayError('cancelled', 'The server was switched off.'));",
    to: '',
    tests: [LIFECYCLE],
  },
  {
    what: 'an unexpected error’s text reaches the page',
    file: 'src/messaging/router.ts',
    from: "message:\n      'Something went wrong inside Patchbay. Try again; if it persists, reload the extension.',",
    to: 'message: String(error),',
    tests: ['unit:tests/unit/messaging/router.test.ts'],
  },
  {
    what: 'an icon over 64 KB is kept',
    file: 'src/mcp/custom-server-input.ts',
    from: 'if (bytes > MAX_ICON_BYTES) {',
    to: 'if (bytes > MAX_ICON_BYTES * 2) {',
    tests: ['unit:tests/unit/mcp/custom-server-input.test.ts'],
  },
  {
    what: 'a JSON-RPC error to a tool call is taken for a lost connection',
    file: 'src/mcp/tool-call.ts',
    from: 'if (leavesConnectionUp(error, connectionError)) {',
    to: 'if (false) {',
    tests: [LIFECYCLE],
  },
  {
    what: 'a connection that opens after the server was switched off is kept',
    file: 'src/mcp/session/session-link.ts',
    from: 'connection = opened.connection;\n      stillCurrent();',
    to: 'connection = opened.connection;',
    tests: [LIFECYCLE],
  },
  {
    what: 'a granted tool runs unasked in a chat that holds text from elsewhere',
    file: 'src/policy/call-policy.ts',
    from: 'if (risk === undefined) return { ask: false };',
    to: 'return { ask: false };',
    tests: [
      'unit:tests/unit/policy/call-policy.test.ts',
      'unit:tests/unit/policy/turn-taint.test.ts',
    ],
  },
];

/**
 * A copy of the project's files as they are now (committed or not, never ignored ones), with the
 * project's `node_modules` and WXT's generated `.wxt` beside them.
 */
function privateCopy(): string {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const copy = mkdtempSync(join(tmpdir(), 'patchbay-mutation-'));
  // Removed however the guard ends: done, failed, or stopped (Ctrl-C, a cancelled CI run).
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => process.exit(130));
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    // A file deleted but not yet committed is listed and absent: it has nothing to copy.
    try {
      cpSync(file, join(copy, file));
    } catch (caught) {
      if ((caught as NodeJS.ErrnoException).code !== 'ENOENT') throw caught;
    }
  }
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'), 'dir');
  cpSync('.wxt', join(copy, '.wxt'), { recursive: true });
  return copy;
}

const workDir = privateCopy();

function runTests(specs: string[]): boolean {
  const byProject = new Map<string, string[]>();
  for (const spec of specs) {
    const [project = '', file = ''] = spec.split(':');
    byProject.set(project, [...(byProject.get(project) ?? []), file]);
  }
  for (const [project, files] of byProject) {
    const run = spawnSync(
      'npx',
      ['vitest', 'run', '--project', project, '--reporter=dot', '--bail=1', ...files],
      { cwd: workDir, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } },
    );
    if (run.status !== 0) return false;
  }
  return true;
}

// The tests pass on the code as it is, or "caught" below would mean nothing.
// One run per project for all of them (each run of vitest costs about 4 s of CPU to start).
const guarding = [...new Set(MUTATIONS.flatMap((mutation) => mutation.tests))];
if (!runTests(guarding)) {
  console.error(
    `✗ The guard's tests fail on the unchanged code; fix them before reading the guard: ${guarding.join(', ')}`,
  );
  process.exit(1);
}

let missed = 0;
for (const mutation of MUTATIONS) {
  const path = join(workDir, mutation.file);
  const original = readFileSync(path, 'utf8');
  const at = original.indexOf(mutation.from);
  if (at < 0 || original.indexOf(mutation.from, at + 1) >= 0) {
    console.error(`✗ ${mutation.what}: the text to change is not found once in ${mutation.file}`);
    missed += 1;
    continue;
  }
  writeFileSync(path, original.replace(mutation.from, mutation.to));
  let passed: boolean;
  try {
    passed = runTests(mutation.tests);
  } finally {
    writeFileSync(path, original);
  }
  if (passed) missed += 1;
  console.log(`${passed ? '✗ missed' : '✓ caught'}: ${mutation.what} (${mutation.file})`);
}
console.log(`Mutation guard: ${MUTATIONS.length - missed} of ${MUTATIONS.length} changes caught.`);
process.exit(missed === 0 ? 0 : 1);
