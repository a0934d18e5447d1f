/**
 * A real Chromium with Patchbay's production build loaded, and every error the extension's
 * pages and worker report, collected so tests can fail on them. Tests reach it through
 * harness.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium';
import { copyGrantedProfile, inDeveloperMode } from './test-profile';

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
   * Allows console errors matching `pattern` for the rest of the current test (a 401 the
   * browser logs as "Failed to load resource", say).
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

export type LaunchOptions = {
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
};

export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionSession> {
  return (await startBrowser(options)).session;
}

/** A browser with Patchbay, and a way to hand it to the next test once Patchbay is reset. */
export interface StartedBrowser {
  session: ExtensionSession;
  /**
   * The current test is over: what its pages and workers log from now on is dropped, and the
   * next test's errors and expectations start empty.
   */
  endTest(): void;
  /** Drops what `worker`, one of the test before (started during the reset), logs from now on. */
  retire(worker: Worker): void;
  /** The next test's start, on Patchbay's new worker. */
  nextTest(worker: Worker): void;
}

let browsersStarted = 0;

/** How many browsers this test worker has started (the harness's own test counts them). */
export function startedBrowsers(): number {
  return browsersStarted;
}

export async function startBrowser(
  options: LaunchOptions & {
    /** Developer mode on, so Patchbay may reload itself (extension-reset.ts). */
    reusable?: boolean;
  },
): Promise<StartedBrowser> {
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
    await copyGrantedProfile(
      userDataDir,
      extensionDir,
      { apiPermissions: options.grantOptionalPermissions ?? false, sites },
      TEST_FLAGS,
    );
  if (options.reusable) inDeveloperMode(userDataDir);
  browsersStarted += 1;
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
  let errors: string[] = [];
  let expectedErrors: RegExp[] = [];
  /** The pages and workers of tests before, in a browser tests share. */
  const retired = new WeakSet<Page | Worker>();
  const collect = (source: Page | Worker, message: string) => {
    if (retired.has(source)) return;
    if (!expectedErrors.some((pattern) => pattern.test(message))) errors.push(message);
  };
  const watchWorker = (worker: Worker) => {
    worker.on('console', (message) => {
      if (message.type() === 'error') collect(worker, `worker: ${message.text()}`);
    });
  };
  context.on('serviceworker', watchWorker);
  let worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  watchWorker(worker);
  const extensionId = new URL(worker.url()).host;

  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && page.url().startsWith('chrome-extension://')) {
        collect(page, `page: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => collect(page, `pageerror: ${error.message}`));
  };
  context.on('page', watchPage);

  async function openSidePanel() {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    return page;
  }

  const session: ExtensionSession = {
    context,
    get worker() {
      return worker;
    },
    extensionId,
    get errors() {
      return errors;
    },
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
  return {
    session,
    endTest() {
      for (const source of [...context.pages(), ...context.serviceWorkers(), worker])
        retired.add(source);
      errors = [];
      expectedErrors = [];
    },
    retire(oldWorker) {
      retired.add(oldWorker);
    },
    nextTest(started) {
      worker = started;
    },
  };
}
