// @ts-check
/* global process */
/**
 * Mutation testing (`npm run mutate`, scripts/mutate.ts): StrykerJS changes Patchbay's core in
 * small, wrong ways and runs the unit and integration tests against each change; a mutant that
 * no test notices is a claim the suite does not check. Too slow for CI on two cores (CI runs
 * scripts/mutation-guard.ts instead); scores per folder are in docs/testing.md.
 *
 * One run per folder or part of one (MUTATE_FOLDER, set by scripts/mutate.ts), each with its own
 * incremental file and report, so a folder finished is kept even when another is stopped, and a rerun tests
 * only the mutants whose code or covering tests changed.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
// src/mcp is run in four parts: its first run takes hours on two cores, and Stryker saves its
// incremental file only when a run ends, so a part finished is kept if a later one is stopped.
const MCP_CALLS = ['src/mcp/connection.ts', 'src/mcp/manager.ts', 'src/mcp/tool-call.ts'];
const FOLDERS = {
  'mcp-session': ['src/mcp/session/**/*.ts'],
  'mcp-asks': ['src/mcp/asks/**/*.ts'],
  'mcp-rest': ['src/mcp/*.ts', ...MCP_CALLS.map((file) => `!${file}`)],
  'mcp-calls': MCP_CALLS, // after mcp-rest's exclusions, for 'all'
  oauth: ['src/oauth/**/*.ts'],
  messaging: ['src/messaging/**/*.ts'],
  // The chat's code (its folders were src/ai/ once, hence the name).
  ai: [
    'src/models/**/*.ts',
    'src/model-tools/**/*.ts',
    'src/chat-approval/**/*.ts',
    'src/chat-turn/**/*.ts',
    'src/skills/skill-tool.ts',
    'src/skills/skill-own-tool.ts',
    'src/skills/skill-grants.ts',
    'src/tool-search/request-tools.ts',
    'src/asks/run-sampling.ts',
    'src/policy/**/*.ts',
    'src/chat/answer-metadata.ts',
  ],
  'page-tool-hub': ['src/page-tools/page-tool-hub.ts'],
};
const folder = process.env.MUTATE_FOLDER ?? 'all';
const mutate = folder === 'all' ? Object.values(FOLDERS).flat() : FOLDERS[folder];
if (!mutate) throw new Error(`MUTATE_FOLDER must be one of ${Object.keys(FOLDERS).join(', ')}.`);

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${folder}.json`,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${folder}.html` },
  jsonReporter: { fileName: `reports/mutation/${folder}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
