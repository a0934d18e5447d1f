/**
 * The page tax (issue 32): how long pages take to load, and how much memory their renderers
 * hold, with Patchbay against the same Chromium without it, in the same run.
 *
 *   plain page:    a 12 KB page of a site nobody allowed, `loadEventEnd` of its navigation
 *                  entry, loads alternating between the two browsers (interleaved), medians;
 *                  again with the side panel open (it looks at each page it is on, in the
 *                  page's own world);
 *   allowed site:  the same for a plain page of a site the person allowed (the proxy and
 *                  bridge run, though there is nothing to relay), and for a page with an MCP
 *                  server and 12 tools (the proxy registers them);
 *   memory:        20 tabs of the plain site open at once, the proportional set size (PSS) of
 *                  the renderer processes started for them, after a garbage collection.
 */
import { readFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { BenchBrowser } from '../lib/browser';
import type { PlainBrowser } from '../lib/plain-browser';
import { median, type Row } from '../lib/stats';

interface Site {
  url(host: string, path?: string): string;
}

/** `loadEventEnd` of the tab's current page, once the load event has finished. */
async function loadTime(tab: Page, url: string): Promise<number> {
  await tab.goto(url, { waitUntil: 'load' });
  return tab.evaluate(async () => {
    for (;;) {
      const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      if (entry && entry.loadEventEnd > 0) return entry.loadEventEnd;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  });
}

/**
 * Medians of `runs` loads of `url` in each browser, alternating (after two warm-ups each);
 * `settleMs` after each load leaves what a load set off (the open panel's look) to finish
 * before the next, as between a person's page loads.
 */
async function interleaved(
  contexts: [BrowserContext, BrowserContext],
  url: (run: number) => string,
  runs: number,
  settleMs = 0,
): Promise<[number, number]> {
  const tabs = await Promise.all(contexts.map((context) => context.newPage()));
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < runs + 2; run += 1) {
    // Which browser goes first alternates too, so neither always follows the other.
    const order = run % 2 ? [1, 0] : [0, 1];
    for (const index of order) {
      const time = await loadTime(tabs[index]!, url(run));
      if (run >= 2) times[index]!.push(time);
      if (settleMs) await new Promise((resolve) => setTimeout(resolve, settleMs));
    }
  }
  await Promise.all(tabs.map((tab) => tab.close()));
  return [median(times[0]), median(times[1])];
}

/** Renderer processes of a browser (pid), through its DevTools port. */
async function renderers(debuggingPort: number): Promise<number[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    return processInfo.filter((process) => process.type === 'renderer').map(({ id }) => id);
  } finally {
    // Disconnects only: the browser stays up.
    await browser.close();
  }
}

/** Proportional set size of a process, in bytes (Linux). */
function pss(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0; // gone meanwhile
  }
}

/** PSS of the renderers started for `tabs` tabs of `url`, after a garbage collection in each. */
async function tabsMemory(
  context: BrowserContext,
  debuggingPort: number,
  url: string,
  tabs: number,
): Promise<number> {
  const before = new Set(await renderers(debuggingPort));
  const pages: Page[] = [];
  for (let index = 0; index < tabs; index += 1) {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    pages.push(page);
  }
  for (const page of pages) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.detach();
  }
  const started = (await renderers(debuggingPort)).filter((pid) => !before.has(pid));
  const total = started.reduce((sum, pid) => sum + pss(pid), 0);
  await Promise.all(pages.map((page) => page.close()));
  return total;
}

/** Between two loads with the panel open: the look at the last page is done. */
const PANEL_SETTLE_MS = 300;

export async function measurePageLoad(
  browser: BenchBrowser,
  plain: PlainBrowser,
  sites: { plain: Site; tools: Site },
  runs: { loads: number; memoryRounds: number },
): Promise<Row[]> {
  const contexts: [BrowserContext, BrowserContext] = [browser.context, plain.context];
  const [withPlain, withoutPlain] = await interleaved(
    contexts,
    (run) => sites.plain.url('plain.localhost', `/?load=${run}`),
    runs.loads,
  );
  // The side panel open: each page it is on gets a look in its own world once it has loaded
  // (its WebMCP tools counted, an MCP-B server asked for; the detector only where one answers).
  const panel = await browser.open('sidepanel.html');
  const [withPanel, withoutPanel] = await interleaved(
    contexts,
    (run) => sites.plain.url('plain.localhost', `/?panel=${run}`),
    runs.loads,
    PANEL_SETTLE_MS,
  );
  await panel.close();
  await browser.send('page-tools/allow', { domain: 'tools.localhost', always: true });
  // Most pages of an allowed site run no MCP server; the proxy runs there all the same.
  await browser.send('page-tools/allow', { domain: 'allowed.localhost', always: true });
  const [withAllowedPlain, withoutAllowedPlain] = await interleaved(
    contexts,
    (run) => sites.plain.url('allowed.localhost', `/?load=${run}`),
    runs.loads,
  );
  const [withTools, withoutTools] = await interleaved(
    contexts,
    (run) => sites.tools.url('tools.localhost', `/?tools=10&load=${run}`),
    runs.loads,
  );
  // Memory rounds alternate too; each is 20 tabs opened, measured and closed.
  const memory: [number[], number[]] = [[], []];
  for (let round = 0; round < runs.memoryRounds; round += 1) {
    for (const index of round % 2 ? [1, 0] : [0, 1]) {
      const port = index === 0 ? browser.debuggingPort : plain.debuggingPort;
      memory[index]!.push(
        await tabsMemory(contexts[index]!, port, sites.plain.url('plain.localhost'), 20),
      );
    }
  }
  const MB = 1024 * 1024;
  return [
    {
      measure: 'page load: plain 12 KB page, site not allowed',
      value: withPlain,
      unit: 'ms',
      floor: { value: withoutPlain, label: 'same browser without Patchbay' },
      goal: 1.05,
      note: `loadEventEnd, ${runs.loads} loads in each browser, interleaved; nothing of Patchbay runs there (the open panel looks only at the tab it is on).`,
    },
    {
      measure: 'page load: plain 12 KB page, site not allowed, side panel open',
      value: withPanel,
      unit: 'ms',
      floor: { value: withoutPanel, label: 'same browser without Patchbay' },
      goal: 1.05,
      note: `The open panel looks at each page it is on once it has loaded, in the page's own world, leaving nothing there (WebMCP tools counted, an MCP-B server asked for; no detector, as none answers); ${PANEL_SETTLE_MS} ms between loads in both browsers, so one look does not fall on the next load; the panel's later looks at a page with no tools yet, 2 s and 6 s after a load, start afresh with each load and so do not come this close together.`,
    },
    {
      measure: 'page load: plain 12 KB page of an allowed site',
      value: withAllowedPlain,
      unit: 'ms',
      floor: { value: withoutAllowedPlain, label: 'same browser without Patchbay' },
      note: 'The proxy and bridge (7.8 KB gzipped with the detector) run from document_start (the site is allowed) though the page has no MCP server: what registering a page’s tools within 100 ms costs a page without any (figure only).',
    },
    {
      measure: 'page load: allowed site with 12 tools',
      value: withTools,
      unit: 'ms',
      floor: { value: withoutTools, label: 'same page without Patchbay' },
      goal: 1.2,
      note: 'loadEventEnd; the proxy and WebMCP bridge run from document_start and register the tools.',
    },
    {
      measure: 'renderer memory: 20 tabs of a plain site',
      value: median(memory[0]) / MB,
      unit: 'MB',
      floor: { value: median(memory[1]) / MB, label: 'same browser without Patchbay' },
      goal: 1.05,
      note: `PSS of the renderers started for the tabs, after a GC, median of ${runs.memoryRounds} rounds.`,
    },
  ];
}
