/**
 * Websites' own tools (MCP-B), against the spec's goals: registering a page's tools (the page
 * offers ten more than the shop's two) and a call's round trip through the hub into the page.
 *
 *   register: from the page's server being ready to its tools listed by the worker (polled
 *             every 2 ms from an extension page) vs the floor = one no-op message;
 *   call:     side panel → worker → the tab's content script → the page's server and back vs
 *             the floor = one no-op message.
 * The spec's absolute goals (100 ms and 500 ms) are the ceilings.
 */
import type { BenchBrowser } from '../lib/browser';
import { timeMessage } from '../lib/in-page';
import { median, type Row } from '../lib/stats';
import type { FixtureSites } from '../../tests/fixtures/page-tools/site-server';

const NOOP = { type: 'bench/noop' };
const TOOLS = 10;

export async function measurePageTools(
  browser: BenchBrowser,
  sites: FixtureSites,
  runs: { register: number; calls: number },
): Promise<Row[]> {
  const { page, context } = browser;
  await browser.send('page-tools/allow', { domain: 'bench.localhost', always: true });
  const listed = () =>
    page.evaluate(async () => {
      const answer = (await chrome.runtime.sendMessage({ type: 'mcp/tools/list' })) as {
        result: { tools: { serverId: string }[] };
      };
      return answer.result.tools.filter((tool) => tool.serverId === 'page-tools').length;
    });

  const register: number[] = [];
  const floor: number[] = [];
  let last: Awaited<ReturnType<typeof context.newPage>> | undefined;
  for (let run = 0; run < runs.register + 1; run += 1) {
    const tab = await context.newPage();
    await tab.goto(sites.url('bench.localhost', `/?tools=${TOOLS}`));
    await tab.locator('body[data-ready="true"]').waitFor();
    const readyAt = Number(await tab.locator('body').getAttribute('data-ready-at'));
    // Polled inside the extension page, timed on the clock the page used.
    const seenAt = await page.evaluate(async (expected) => {
      const giveUp = performance.now() + 10_000;
      for (;;) {
        if (performance.now() > giveUp)
          throw new Error(`the worker did not list the page's ${expected} tools within 10 s`);
        const answer = (await chrome.runtime.sendMessage({ type: 'mcp/tools/list' })) as {
          result: { tools: { serverId: string }[] };
        };
        const count = answer.result.tools.filter((tool) => tool.serverId === 'page-tools').length;
        if (count >= expected) return performance.timeOrigin + performance.now();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }, TOOLS + 2);
    const noop = await timeMessage(page, NOOP, { expectError: true });
    if (run > 0) {
      register.push(seenAt - readyAt);
      floor.push(noop);
    }
    if (run < runs.register) {
      await tab.close();
      // The shop's cached tool stays; the tab's others go.
      for (let waited = 0; (await listed()) >= TOOLS; waited += 5) {
        if (waited > 10_000) throw new Error('a closed tab’s tools stayed listed for 10 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } else last = tab;
  }

  const call = {
    type: 'mcp/page-tools/tool/call',
    payload: { name: 'website_tool_bench_localhost_tab1_lookup_3', arguments: {} },
  };
  const calls: number[] = [];
  const noops: number[] = [];
  for (let run = 0; run < runs.calls + 5; run += 1) {
    const samples = [
      await timeMessage(page, call),
      await timeMessage(page, NOOP, { expectError: true }),
    ];
    if (run < 5) continue;
    calls.push(samples[0]!);
    noops.push(samples[1]!);
  }
  await last?.close();
  return [
    {
      measure: `page tools: register ${TOOLS + 2} tools of a page`,
      value: median(register),
      unit: 'ms',
      floor: { value: median(floor), label: 'no-op message' },
      ceiling: 100,
      note: 'From the page’s server being ready to the worker listing its tools.',
    },
    {
      measure: 'page tools: call round trip into the page',
      value: median(calls),
      unit: 'ms',
      floor: { value: median(noops), label: 'no-op message' },
      ceiling: 500,
      note: 'Panel → worker → content script → the page’s server, and back.',
    },
  ];
}

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
