/**
 * `npm run mutate [-- --force] [folder ...]`: StrykerJS over Patchbay's core, one folder at a time
 * (see stryker.config.mjs), then the score per folder (scripts/mutation-summary.ts). With no
 * folder named, all of them, smallest first. Each folder's run is incremental: the first takes
 * long on two cores (src/mcp, about three hours, so it runs in four parts), reruns only test what
 * changed. `--force` tests every mutant again (docs/testing.md says when that is needed).
 */
import { spawnSync } from 'node:child_process';

// src/mcp runs in parts (stryker.config.mjs says why); `mcp` names them all.
const MCP_PARTS = ['mcp-rest', 'mcp-asks', 'mcp-session', 'mcp-calls'];
const ALL = ['page-tool-hub', 'messaging', 'ai', 'oauth', ...MCP_PARTS];
const args = process.argv.slice(2);
// Options (`--force`: test every mutant again, ignoring the incremental file) go to Stryker.
const options = args.filter((arg) => arg.startsWith('--'));
const named = args
  .filter((arg) => !arg.startsWith('--'))
  .flatMap((folder) => (folder === 'mcp' ? MCP_PARTS : [folder]));
const unknown = named.filter((folder) => !ALL.includes(folder));
if (unknown.length > 0) {
  console.error(`Unknown folder ${unknown.join(', ')}; choose from ${ALL.join(', ')}.`);
  process.exit(2);
}

let failed = false;
for (const folder of named.length > 0 ? named : ALL) {
  console.log(`\nmutating ${folder}`);
  const run = spawnSync('npx', ['stryker', 'run', ...options], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_FOLDER: folder },
  });
  if (run.status !== 0) {
    console.error(`Stryker stopped on ${folder} (exit ${run.status ?? run.signal}).`);
    failed = true;
    break;
  }
}
spawnSync('npx', ['tsx', 'scripts/mutation-summary.ts'], { stdio: 'inherit' });
process.exit(failed ? 1 : 0);
