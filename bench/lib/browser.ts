/**
 * Real Chromium with Patchbay's production build, for the bench: a quiet extension page to send
 * messages from (the manifest, which runs no script of its own), the worker's CDP target, and a
 * way to stop the worker as Chrome does after 30 s idle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, EXTENSION_ID, findChromium } from '../../scripts/chromium';
import { grantInProfile } from '../../scripts/granted-profile';

export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

export interface BenchBrowser {
  context: BrowserContext;
  /** An extension page with no script of its own: chrome.runtime, and nothing else running. */
  page: Page;
  /** Chromium's DevTools port (for what Playwright cannot reach, such as the worker). */
  debuggingPort: number;
  /** Opens another page of the extension. */
  open(path: string): Promise<Page>;
  /** Sends one request as the panel does; throws on an error answer. */
  send<T = unknown>(type: string, payload?: unknown): Promise<T>;
  /** Stops the service worker through CDP and waits until Chrome reports it stopped. */
  stopWorker(): Promise<void>;
  /** The worker's used JS heap after a full garbage collection, in bytes. */
  workerHeap(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Chromium with Patchbay's production build, or with `extensionDir` (another extension with
 * Patchbay's `key`, so its origin is the same: the empty extension of bench/lib/empty-extension.ts).
 */
export async function launchBenchBrowser(
  extensionDir = resolve('.output/chrome-mv3'),
): Promise<BenchBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'patchbay-bench-'));
  // The bench's servers and pages are on loopback sites a person would have allowed (Patchbay
  // asks for none at install): the profile holds all sites, as an earlier version's does.
  if (extensionDir === resolve('.output/chrome-mv3'))
    await grantInProfile(userDataDir, extensionDir, {
      apiPermissions: false,
      sites: ['<all_urls>'],
    });
  // Playwright cannot open a CDP session on a service worker; the DevTools port can.
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    viewport: { width: 400, height: 800 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--remote-debugging-port=${debuggingPort}`,
      ...CHROMIUM_FLAGS,
    ],
  });
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');

  const open = async (path: string) => {
    const opened = await context.newPage();
    // tsx compiles with esbuild's keepNames, which wraps functions passed to evaluate in __name().
    await opened.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await opened.goto(`${EXTENSION_ORIGIN}/${path}`);
    return opened;
  };
  const page = await open('manifest.json');
  const pageCdp = await context.newCDPSession(page);
  await pageCdp.send('ServiceWorker.enable');
  let workerRunning = true;
  const stateWaiters = new Set<() => void>();
  pageCdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    const ours = versions.filter((version) => version.scriptURL.startsWith(EXTENSION_ORIGIN));
    if (ours.length === 0) return;
    workerRunning = ours.some((version) => version.runningStatus !== 'stopped');
    for (const wake of stateWaiters) wake();
  });

  async function stopWorker(): Promise<void> {
    const stopped = new Promise<void>((resolveStopped, reject) => {
      const timer = setTimeout(() => reject(new Error('the worker did not stop in 10 s')), 10_000);
      const check = () => {
        if (workerRunning) return;
        clearTimeout(timer);
        stateWaiters.delete(check);
        resolveStopped();
      };
      stateWaiters.add(check);
    });
    workerRunning = true;
    await pageCdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
  }

  /** Runs CDP commands on the worker through the DevTools port; answers in order. */
  async function onWorker(commands: { method: string; params?: object }[]): Promise<unknown[]> {
    const targets = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/list`)).json()) as {
      type: string;
      url: string;
      webSocketDebuggerUrl: string;
    }[];
    const target = targets.find(
      (candidate) =>
        candidate.type === 'service_worker' && candidate.url.startsWith(EXTENSION_ORIGIN),
    );
    if (!target) throw new Error('the worker is not running');
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolveOpen, reject) => {
      socket.onopen = resolveOpen;
      socket.onerror = reject;
    });
    const answers: unknown[] = [];
    try {
      for (const [index, command] of commands.entries()) {
        answers.push(
          await new Promise((resolveAnswer, reject) => {
            socket.onmessage = (event) => {
              const message = JSON.parse(String(event.data)) as {
                id?: number;
                result?: unknown;
                error?: { message: string };
              };
              if (message.id !== index) return;
              if (message.error) reject(new Error(message.error.message));
              else resolveAnswer(message.result);
            };
            socket.send(JSON.stringify({ id: index, ...command }));
          }),
        );
      }
    } finally {
      socket.close();
    }
    return answers;
  }

  return {
    context,
    page,
    debuggingPort,
    open,
    async send<T>(type: string, payload?: unknown): Promise<T> {
      const answer = (await page.evaluate(
        ([messageType, messagePayload]) =>
          chrome.runtime.sendMessage(
            messagePayload === undefined
              ? { type: messageType }
              : { type: messageType, payload: messagePayload },
          ),
        [type, payload] as const,
      )) as { ok: boolean; result?: T; error?: { message: string } };
      if (!answer.ok) throw new Error(`${type}: ${answer.error?.message ?? 'failed'}`);
      return answer.result as T;
    },
    stopWorker,
    async workerHeap() {
      const [, usage] = await onWorker([
        { method: 'HeapProfiler.collectGarbage' },
        { method: 'Runtime.getHeapUsage' },
      ]);
      return (usage as { usedSize: number }).usedSize;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
