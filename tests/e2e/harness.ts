/**
 * Launches real Chromium with Patchbay's production build loaded, and collects every error
 * the extension's pages and worker report so tests can fail on them.
 *
 * Test files call {@link freshExtensionPerTest}: every test gets a browser of its own, with a
 * fresh profile (nothing stored, no server, no chat, no site allowed), and after every test,
 * passed or failed, the harness asserts that no page or worker logged an error the test did
 * not declare with `expectConsoleError`, then closes the browser. Fixtures a test starts are
 * closed with {@link closeAfterTest}.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium';
import { grantInProfile, type Grants } from '../../scripts/granted-profile';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { afterEach, beforeEach, expect, inject, onTestFinished } from 'vitest';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');

/**
 * The test browsers have no built-in model (tests that need one install a stand-in for
 * `LanguageModel`). Debian's Chromium 150 exposes the Prompt API without the model service behind
 * it, and its renderer crashes when a page reloads while `LanguageModel.availability()` is
 * pending, which a test reloading the panel just after the first-run form hits at random.
 */
const TEST_FLAGS = ['--disable-blink-features=AIPromptAPI'];
export const SCREENSHOT_DIR = resolve('test-output/screenshots');

/** The one chrome.* call tests make inside extension pages. */
interface ChromeGlobal {
  chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

export interface ExtensionSession {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Errors the extension's pages and worker logged that no `expectConsoleError` allowed. */
  readonly errors: readonly string[];
  /**
   * Allows console errors matching `pattern` for the rest of this browser's life, i.e. the
   * current test (a 401 the browser logs as "Failed to load resource", say).
   */
  expectConsoleError(pattern: RegExp): void;
  openSidePanel(): Promise<Page>;
  /** Opens the side panel on its Servers tab. */
  openServers(): Promise<Page>;
  /** Sends a request through chrome.runtime from an extension page, as the UI does. */
  send(page: Page, type: string, payload?: unknown): Promise<unknown>;
  /** Stops the service worker through CDP; the next message starts a fresh one. */
  stopWorker(page: Page): Promise<void>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function launchExtension(
  options: {
    colorScheme?: 'light' | 'dark';
    /** More Chromium switches (e.g. a feature this session needs). */
    args?: string[];
    /**
     * A profile to launch on and keep when closing (a browser restarted on the same profile);
     * by default each launch gets a fresh one, removed when it closes.
     */
    userDataDir?: string;
    /**
     * Starts with the manifest's optional API permissions (tabs, tabGroups) granted, as
     * Chrome's prompt would leave them (Playwright cannot click it).
     */
    grantOptionalPermissions?: boolean;
    /**
     * The sites Chrome allows Patchbay at start: all of them by default (as an install from
     * before site access was asked for keeps), or these patterns (`http://127.0.0.1/*`), or
     * none (a new install: nothing is asked at install).
     */
    sites?: 'all' | 'none' | readonly string[];
    /** The unpacked extension to load; the production build by default. */
    extensionDir?: string;
  } = {},
): Promise<ExtensionSession> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No extension build at ${extensionDir}. Run \`npm run build\` first.`);
  }
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'patchbay-e2e-'));
  const sites =
    options.sites === 'none'
      ? []
      : options.sites === undefined || options.sites === 'all'
        ? ['<all_urls>']
        : options.sites;
  // A profile of the caller's own is granted at its first launch, and keeps it.
  const firstLaunch = !existsSync(join(userDataDir, 'Local State'));
  if (firstLaunch && (options.grantOptionalPermissions || sites.length > 0))
    await grantOptional(userDataDir, extensionDir, {
      apiPermissions: options.grantOptionalPermissions ?? false,
      sites,
    });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 360, height: 720 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...CHROMIUM_FLAGS,
      ...TEST_FLAGS,
      ...(options.args ?? []),
    ],
  });
  const errors: string[] = [];
  const expectedErrors: RegExp[] = [];
  const collect = (message: string) => {
    if (!expectedErrors.some((pattern) => pattern.test(message))) errors.push(message);
  };
  const watchWorker = (worker: Worker) => {
    worker.on('console', (message) => {
      if (message.type() === 'error') collect(`worker: ${message.text()}`);
    });
  };
  context.on('serviceworker', watchWorker);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  watchWorker(worker);
  const extensionId = new URL(worker.url()).host;

  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && page.url().startsWith('chrome-extension://')) {
        collect(`page: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => collect(`pageerror: ${error.message}`));
  };
  context.on('page', watchPage);

  async function openSidePanel() {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    return page;
  }

  return {
    context,
    worker,
    extensionId,
    errors,
    expectConsoleError(pattern) {
      expectedErrors.push(pattern);
    },
    openSidePanel,
    async openServers() {
      const page = await openSidePanel();
      await page.getByRole('tab', { name: 'Servers' }).click();
      await page.getByRole('heading', { name: 'Servers', exact: true }).waitFor();
      return page;
    },
    send(page, type, payload) {
      return page.evaluate(
        ([messageType, messagePayload]) =>
          (globalThis as unknown as ChromeGlobal).chrome.runtime.sendMessage(
            messagePayload === undefined
              ? { type: messageType }
              : { type: messageType, payload: messagePayload },
          ),
        [type, payload] as const,
      );
    },
    async stopWorker(page) {
      const cdp = await context.newCDPSession(page);
      const stopped = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The service worker did not report stopping within 10 s')),
          10_000,
        );
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          const ours = versions.filter((version) =>
            version.scriptURL.startsWith(`chrome-extension://${extensionId}/`),
          );
          if (ours.length > 0 && ours.every((version) => version.runningStatus === 'stopped')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await stopped;
      await cdp.detach();
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

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
 * A profile holding `grants` (scripts/granted-profile.ts): made once per run for each set of
 * grants and build, in the run's shared folder (global-setup.ts), then copied for every browser
 * that asks for it. Two files may make the same one at once: the first to finish keeps it.
 */
async function grantOptional(userDataDir: string, extensionDir: string, grants: Grants) {
  const key = createHash('sha256')
    .update(JSON.stringify([extensionDir, grants]))
    .digest('hex')
    .slice(0, 16);
  const template = join(inject('grantedProfiles'), key);
  if (!existsSync(template)) {
    const making = mkdtempSync(`${template}-making-`);
    try {
      await grantInProfile(making, extensionDir, grants, TEST_FLAGS);
      renameSync(making, template);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      if (!existsSync(template)) throw error;
    }
  }
  cpSync(template, userDataDir, { recursive: true });
}

type LaunchOptions = Parameters<typeof launchExtension>[0];

/**
 * A fresh browser with Patchbay for each test of the file (or of the `describe` block this is
 * called in). The returned session stands for the current test's browser. After each test, the
 * harness asserts that the extension logged no error the test did not expect, then closes the
 * browser: a failing test cannot leave its errors, its expectations or its state to the next.
 */
export function freshExtensionPerTest(options: LaunchOptions = {}): ExtensionSession {
  let current: ExtensionSession | undefined;
  beforeEach(async () => {
    current = await launchExtension(options);
  });
  afterEach(async () => {
    const session = current;
    current = undefined;
    if (!session) return;
    try {
      expect([...session.errors], 'errors logged by the extension’s pages or worker').toEqual([]);
    } finally {
      await session.close();
    }
  });
  return new Proxy({} as ExtensionSession, {
    get(_target, key: keyof ExtensionSession) {
      if (!current)
        throw new Error('No browser: the extension session is only there during a test.');
      return current[key];
    },
  });
}

/**
 * Closes `resource` (a fixture server, a client) once the current test has finished, passed or
 * failed, after its browser is closed. Call it in a test or a `beforeEach`.
 */
export function closeAfterTest<T extends { close(): unknown }>(resource: T): T {
  onTestFinished(async () => {
    await resource.close();
  });
  return resource;
}
