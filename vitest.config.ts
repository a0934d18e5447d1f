import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/** Fast tests in Node (and jsdom where a file asks for it). */
export const unitProject: TestProjectInlineConfiguration = {
  plugins: [WxtVitest()],
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
};

/** Patchbay's core against real MCP servers, an authorization server and the relay, in Node. */
export const integrationProject: TestProjectInlineConfiguration = {
  test: {
    name: 'integration',
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
};

export default defineConfig({
  test: {
    projects: [
      unitProject,
      integrationProject,
      {
        test: {
          name: 'relay',
          include: ['relay/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time, each with its own Chromium and profile: a test spends most of
          // its time waiting on its browser, so two keep a 2-core machine busy. Nothing in a
          // file may touch what another loads (the build in .output, fixed ports).
          maxWorkers: 2,
        },
      },
      // The store listing's screenshots: only when asked (npm run store:screenshots), so the
      // suites people run do not take longer.
      ...(process.env.STORE_SCREENSHOTS === '1'
        ? [
            {
              test: {
                name: 'store',
                include: ['tests/store/**/*.test.ts'],
                environment: 'node',
                testTimeout: 60_000,
                hookTimeout: 60_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
