/**
 * What the e2e tests use: Patchbay in a real Chromium (extension-browser.ts), as a new install
 * finds it at the start of every test.
 *
 * Test files call {@link freshExtensionPerTest}: every test gets Patchbay as a new install finds
 * it (nothing stored, no server, no chat, no site allowed), and after every test, passed or
 * failed, the harness asserts that no page or worker logged an error the test did not declare
 * with `expectConsoleError`. Fixtures a test starts are closed with {@link closeAfterTest}.
 */
import type { Page } from 'playwright-core';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  expect,
  onTestFinished,
  type RunnerTestCase as Test,
  type RunnerTestSuite as Suite,
} from 'vitest';
import {
  startBrowser,
  type ExtensionSession,
  type LaunchOptions,
  type StartedBrowser,
} from './extension-browser';
import { readState, resetPatchbay, type Granted } from './extension-reset';

export {
  EXTENSION_DIR,
  SCREENSHOT_DIR,
  launchExtension,
  type ExtensionSession,
} from './extension-browser';

type Envelope<T> = { ok: true; result: T } | { ok: false; error: { message: string } };

/** A request to the background from `page`, as the panel makes it; throws its error. */
export async function requestFrom<T>(
  session: ExtensionSession,
  page: Page,
  type: string,
  payload?: unknown,
): Promise<T> {
  const response = (await session.send(page, type, payload)) as Envelope<T>;
  if (!response.ok) throw new Error(response.error.message);
  return response.result;
}

/**
 * Patchbay as a new install finds it for each test of the file (or of the `describe` block this
 * is called in); the returned session stands for the current test's. After each test, the
 * harness asserts that the extension logged no error the test did not expect, then resets
 * Patchbay in the same browser (extension-reset.ts: storage, the chat database, alarms, request
 * rules, scripts and permissions cleared, Patchbay reloaded, the new worker's view checked) for
 * the next test. The next test gets a fresh browser instead when this one failed, when the
 * reset left anything, after the last test, or when the test changed the browser itself
 * through `session.context` (a route, an init script, a listener: see {@link REUSABLE_AFTER}).
 */
export function freshExtensionPerTest(options: LaunchOptions = {}): ExtensionSession {
  let browser: { started: StartedBrowser; granted: Granted } | undefined;
  let current: ExtensionSession | undefined;
  /** Why the current test's browser goes after it, if it does. */
  let notReusable: string | undefined;
  const closeBrowser = async () => {
    const closing = browser;
    browser = undefined;
    await closing?.started.session.close();
  };
  /** The file or `describe` block whose tests share the browser. */
  let scope: Readonly<Suite> | undefined;
  // Vitest reads the fixtures a hook uses from its first parameter's pattern: this one uses none.
  // eslint-disable-next-line no-empty-pattern
  beforeAll(({}, suite) => {
    scope = suite;
  });
  beforeEach(async () => {
    if (!browser) {
      const started = await startBrowser({ ...options, reusable: true });
      // No page, as after a reset: the blank one Chromium opens with goes.
      await Promise.all(started.session.context.pages().map((page) => page.close()));
      const state = await readState(started.session.worker);
      browser = { started, granted: { permissions: state.permissions, origins: state.origins } };
    }
    notReusable = undefined;
    current = watchContext(browser.started.session, (use) => {
      notReusable ??= `the test called session.context.${use}`;
    });
  });
  afterEach(async ({ task }) => {
    const session = current;
    current = undefined;
    if (!session || !browser) return;
    if (task.result?.state === 'fail') notReusable ??= 'the test failed';
    // After the last test the browser goes at once, before the fixtures it connected to close.
    if (scope && !testsToRun(scope).some((test) => test !== task))
      notReusable ??= 'no test is left';
    try {
      expect([...session.errors], 'errors logged by the extension’s pages or worker').toEqual([]);
    } catch (error) {
      notReusable ??= 'the extension logged errors';
      throw error;
    } finally {
      await resetOrClose();
    }
  });
  async function resetOrClose() {
    if (!browser) return;
    if (notReusable) return closeBrowser();
    const { started, granted } = browser;
    started.endTest();
    try {
      const { context, extensionId } = started.session;
      started.nextTest(
        await resetPatchbay(context, extensionId, granted, (worker) => started.retire(worker)),
      );
    } catch (error) {
      process.stderr.write(`A fresh browser for the next test: ${String(error)}\n`);
      await closeBrowser();
    }
  }
  afterAll(closeBrowser);
  return new Proxy({} as ExtensionSession, {
    get(_target, key: keyof ExtensionSession) {
      if (!current)
        throw new Error('No browser: the extension session is only there during a test.');
      return current[key];
    },
  });
}

/** The tests of `suite` and the suites in it that are still to run or running. */
function testsToRun(suite: Readonly<Suite>): Test[] {
  return suite.tasks.flatMap((task) =>
    task.type === 'suite'
      ? testsToRun(task)
      : task.type === 'test' &&
          task.mode === 'run' &&
          task.result?.state !== 'pass' &&
          task.result?.state !== 'fail'
        ? [task]
        : [],
  );
}

/**
 * What a test may call on `session.context` and leave the browser fit for the next test: each
 * of these changes nothing that outlives the test's pages. Anything else (a route, an init
 * script, a listener, granted web permissions) gives the next test a fresh browser.
 */
const REUSABLE_AFTER = new Set<string | symbol>([
  'pages',
  'newPage',
  'waitForEvent',
  'serviceWorkers',
  'newCDPSession',
  'cookies',
]);

/** `session`, whose `context` reports each use outside {@link REUSABLE_AFTER} to `onUse`. */
function watchContext(session: ExtensionSession, onUse: (use: string) => void): ExtensionSession {
  const context = new Proxy(session.context, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (!REUSABLE_AFTER.has(key)) onUse(String(key));
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return new Proxy(session, {
    get(target, key, receiver) {
      return key === 'context' ? context : Reflect.get(target, key, receiver);
    },
  });
}

/**
 * Closes `resource` (a fixture server, a client) once the current test has finished, passed or
 * failed, after Patchbay is reset or its browser closed. Call it in a test or a `beforeEach`.
 */
export function closeAfterTest<T extends { close(): unknown }>(resource: T): T {
  onTestFinished(async () => {
    await resource.close();
  });
  return resource;
}
