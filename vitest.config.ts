import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * The test files under `dir` that replace a module with `vi.mock`. The others share one module
 * graph per worker (`isolate: false`), which halves the unit and integration suites' time (most
 * of it was importing the same modules again for every file); a mock would leak from one file
 * into the next there, so these files run isolated, in a project of their own.
 */
function filesThatMock(dir: string): string[] {
  return testFiles(dir).filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/**
 * Workers for the suites in Node. Vitest's default on two cores is one, but these suites mostly
 * wait (on servers they started, on timers): the unit suite needs 38 s of CPU over 109 s, the
 * integration suite 29 over 92. Three at a time keep the cores busy beside the browser suites
 * (scripts/test.ts runs them side by side).
 */
const WAITING_WORKERS = 3;

/** The DOM a test file asks for in its `@vitest-environment` comment, if any. */
function domOf(file: string): string | undefined {
  return /@vitest-environment (happy-dom|jsdom)/.exec(readFileSync(file, 'utf8'))?.[1];
}

/**
 * A suite as projects: the files sharing their modules, split by the DOM they ask for (a worker
 * that meets a file of another environment is replaced, with every module imported again: mixed,
 * the unit suite started 64 workers and needed 58 s of CPU; split, 10 and about 40), and `-mocks`,
 * the files that mock.
 */
function sharedAndIsolated(
  name: string,
  dir: string,
  config: TestProjectInlineConfiguration,
): TestProjectInlineConfiguration[] {
  const mocking = filesThatMock(dir);
  const files = testFiles(dir).filter((file) => !mocking.includes(file));
  const byDom = new Map<string, string[]>();
  for (const file of files) {
    const dom = domOf(file);
    if (dom) byDom.set(dom, [...(byDom.get(dom) ?? []), file]);
  }
  const shared = (projectName: string, files: { include?: string[]; exclude: string[] }) => ({
    ...config,
    test: {
      ...config.test,
      name: projectName,
      maxWorkers: WAITING_WORKERS,
      isolate: false,
      ...files,
      // A test that leaves fake timers on would stall the files after it in the worker.
      setupFiles: ['tests/helpers/shared-worker-guard.ts'],
    },
  });
  return [
    shared(name, { exclude: [...mocking, ...[...byDom.values()].flat()] }),
    ...[...byDom].map(([dom, domFiles]) =>
      shared(`${name}-${dom}`, { include: domFiles, exclude: [] }),
    ),
    ...(mocking.length
      ? [
          {
            ...config,
            test: {
              ...config.test,
              name: `${name}-mocks`,
              include: mocking,
              maxWorkers: WAITING_WORKERS,
            },
          },
        ]
      : []),
  ];
}

/** Fast tests in Node (and happy-dom where a file asks for it). */
export const unitProjects = sharedAndIsolated('unit', 'tests/unit', {
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // `npm test` runs this suite beside the browser and relay lanes (scripts/test.ts): a test
    // that takes half a second alone (a 600k-round PBKDF2) may wait its turn for a core.
    testTimeout: 15_000,
  },
});

/** Patchbay's core against real MCP servers, an authorization server and the relay, in Node. */
export const integrationProjects = sharedAndIsolated('integration', 'tests/integration', {
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // As in the e2e project: `expect.poll`'s own 1 s is short beside the other suites.
    expect: { poll: { timeout: 10_000 } },
  },
});

/** The module cache `npm test` shares between its Vitest runs (scripts/test.ts), if any. */
const moduleCache = process.env.PATCHBAY_MODULE_CACHE;

export default defineConfig({
  test: {
    // Vitest's own, experimental: transformed modules on disk, written atomically, keyed by
    // each file's content and the config. Only within one `npm test`, whose folder goes after.
    ...(moduleCache
      ? { experimental: { fsModuleCache: true, fsModuleCachePath: moduleCache } }
      : {}),
    projects: [
      ...unitProjects,
      ...integrationProjects,
      {
        // The injection corpus: the chat's real transport and policy against real servers.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'relay',
          include: ['relay/test/**/*.test.ts'],
          // The relay processes the tests start run its build, made once (relay-build.ts).
          globalSetup: ['relay/test/global-setup.ts'],
          environment: 'node',
          // One file at a time (Vitest's default on two cores): its tests time instances
          // against each other over one Redis, and it runs beside the soak.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // `expect.poll` waits up to 1 s by default: a click's effect in the worker can take
          // longer to show beside two other browsers and the other suites (one CI run: a tool
          // switched on again not seen in 1 s). A poll that passes still ends at once.
          expect: { poll: { timeout: 10_000 } },
          // Three files at a time, each with its own Chromium and profile: a test spends much
          // of its time waiting on its browser and servers, so three keep the cores busy beside
          // the other suites. Nothing in a file may touch what another loads (the build in
          // .output, fixed ports).
          maxWorkers: 3,
          // Files share their worker's modules (Playwright, the SDK, the fixtures): importing
          // them again for every file cost about 1.8 s of CPU each. The e2e files mock nothing
          // and keep their state in the browser and servers they start and close.
          isolate: false,
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
