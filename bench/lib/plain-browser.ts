/**
 * The same Chromium as the bench's, with the same switches, and without Patchbay: the floor
 * page loads and renderer memory are compared with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium';
import { freePort } from './browser';

export interface PlainBrowser {
  context: BrowserContext;
  debuggingPort: number;
  close(): Promise<void>;
}

export async function launchPlainBrowser(): Promise<PlainBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'patchbay-bench-plain-'));
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    viewport: { width: 400, height: 800 },
    args: [`--remote-debugging-port=${debuggingPort}`, ...CHROMIUM_FLAGS],
  });
  return {
    context,
    debuggingPort,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
