/**
 * Many servers: connecting 20 enabled ones when the worker starts, listing their 1,000 tools and
 * turning them into the model request's tool set, and the worker's heap while it holds them.
 */
import { build } from 'esbuild';
import type { BenchBrowser } from '../lib/browser';
import { timeMessage } from '../lib/in-page';
import { collect, median, type Row } from '../lib/stats';

export interface BenchServer {
  id: string;
}

/** Wakes the stopped worker and times until every server in `ids` has said it is connected. */
async function timeWakeUntilConnected(browser: BenchBrowser, ids: string[]): Promise<number> {
  await browser.stopWorker();
  return browser.page.evaluate(async (waitingFor) => {
    const pending = new Set(waitingFor);
    const started = performance.now();
    let finished = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`still connecting: ${[...pending]}`)),
        30_000,
      );
      type Broadcast = {
        type?: string;
        messages?: Broadcast[];
        payload?: { serverId?: string; status?: { state?: string } };
      };
      const listener = (message: Broadcast) => {
        // Broadcasts made together arrive in one envelope (see createChromeBroadcaster).
        for (const each of message.type === 'patchbay/broadcasts'
          ? (message.messages ?? [])
          : [message]) {
          if (each.type !== 'mcp/status/changed') continue;
          if (each.payload?.status?.state !== 'connected') continue;
          pending.delete(each.payload.serverId ?? '');
        }
        if (pending.size > 0) return;
        finished = performance.now();
        clearTimeout(timer);
        chrome.runtime.onMessage.removeListener(listener);
        resolve();
      };
      chrome.runtime.onMessage.addListener(listener);
      void chrome.runtime.sendMessage({ type: 'bench/noop' });
    });
    return finished - started;
  }, ids);
}

async function setEnabled(browser: BenchBrowser, ids: string[], enabled: Set<string>) {
  for (const id of ids) await browser.send(`mcp/${id}/${enabled.has(id) ? 'enable' : 'disable'}`);
}

export async function measureConnectMany(
  browser: BenchBrowser,
  ids: string[],
  runs: { all: number; single: number },
  serverCpuMs: () => Promise<number>,
): Promise<Row> {
  const singles: number[] = [];
  for (const id of ids) {
    await setEnabled(browser, ids, new Set([id]));
    singles.push(
      median(await collect(runs.single, 1, () => timeWakeUntilConnected(browser, [id]))),
    );
  }
  await setEnabled(browser, ids, new Set(ids));
  await timeWakeUntilConnected(browser, ids);
  const all: number[] = [];
  const serverCpu: number[] = [];
  for (let run = 0; run < runs.all; run += 1) {
    const before = await serverCpuMs();
    all.push(await timeWakeUntilConnected(browser, ids));
    serverCpu.push((await serverCpuMs()) - before);
  }
  const slowest = Math.max(...singles);
  const cpu = median(serverCpu);
  const perServer = cpu / ids.length;
  const goal = 1.3;
  const bound = slowest + cpu - perServer;
  return {
    measure: `${ids.length} enabled servers connect at worker start`,
    value: median(all),
    unit: 'ms',
    floor: { value: slowest, label: '(slowest single server, same way)' },
    goal,
    lowerBound: bound,
    note: `${bound > goal * slowest ? 'out of reach here: ' : ''}the ${ids.length} servers spent ${cpu.toFixed(0)} ms of CPU answering (${perServer.toFixed(1)} ms each, one after another in their one process; spread over more processes they only contend harder for the 2 cores Chromium also uses), so the last answer cannot come sooner than the slowest single connect plus that work, ${bound.toFixed(0)} ms, where the goal allows ${(goal * slowest).toFixed(0)} ms; against that floor Patchbay takes ${(median(all) / bound).toFixed(2)}x`,
  };
}

/**
 * What the chat does with the tool list before a request, bundled from the real modules: the
 * typed client's `mcp/tools/list` (validated against the contract), the budget check, approvals,
 * the proxy tools and their JSON schemas as the provider reads them.
 */
async function conversionBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import './bench/lib/zod-jitless';
        import { buildProxyTools } from './src/model-tools/proxy-tools';
        import { checkToolBudget } from './src/model-tools/tool-budget';
        import { recordDefinitions } from './src/policy/grants';
        import { createPatchbayClient } from './src/messaging/client';
        const client = createPatchbayClient({
          send: (message) => chrome.runtime.sendMessage(message),
          subscribe: () => () => undefined,
        });
        globalThis.__benchListAndConvert = async () => {
          const { tools: views } = await client.request('mcp/tools/list');
          checkToolBudget(views);
          const approvals = recordDefinitions({}, views);
          const { tools } = buildProxyTools(views, { client: {}, approvals });
          // What the provider reads of each tool to build the request.
          for (const tool of Object.values(tools)) await tool.inputSchema.jsonSchema;
          return Object.keys(tools).length;
        };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** `mcp/tools/list` plus conversion, timed in the extension page. */
async function timeListAndConvert(browser: BenchBrowser): Promise<{ ms: number; count: number }> {
  return browser.page.evaluate(async () => {
    const started = performance.now();
    const count = await (
      globalThis as unknown as { __benchListAndConvert(): Promise<number> }
    ).__benchListAndConvert();
    return { ms: performance.now() - started, count };
  });
}

export async function measureToolSet(
  browser: BenchBrowser,
  ids: string[],
  runs: number,
): Promise<Row[]> {
  await browser.page.evaluate(await conversionBundle());
  const timeWith = async (enabledCount: number) => {
    await setEnabled(browser, ids, new Set(ids.slice(0, enabledCount)));
    let count = 0;
    const times = await collect(runs, 5, async () => {
      const sample = await timeListAndConvert(browser);
      count = sample.count;
      return sample.ms;
    });
    return { ms: median(times), count };
  };
  const small = await timeWith(2);
  const large = await timeWith(ids.length);
  return [
    {
      measure: `list + convert ${large.count} tools (growth)`,
      value: large.ms / small.ms,
      unit: 'x',
      floor: {
        value: large.count / small.count,
        label: `(linear: ${large.count} / ${small.count} tools)`,
      },
      goal: 11 / 10,
      note: `the ratio column compares the growth with linear growth (goal: at most 11x for 10x the tools); ${small.count} tools took ${small.ms.toFixed(1)} ms`,
    },
    {
      measure: `list + convert ${large.count} tools`,
      value: large.ms,
      unit: 'ms',
      ceiling: 16,
      note: 'within one frame (16 ms) the panel can spend before a message goes out',
    },
  ];
}

export async function measureWorkerHeap(
  browser: BenchBrowser,
  ids: string[],
  idleHeap: number,
  toolCount: number,
): Promise<Row> {
  await setEnabled(browser, ids, new Set(ids));
  await timeWakeUntilConnected(browser, ids);
  await timeMessage(browser.page, { type: 'mcp/tools/list' });
  const heap = await browser.workerHeap();
  return {
    measure: `worker heap, ${ids.length} servers × ${toolCount / ids.length} tools`,
    value: heap / 2 ** 20,
    unit: 'MB',
    floor: { value: idleHeap / 2 ** 20, label: '(the same worker, no server on)' },
  };
}

declare const chrome: {
  runtime: {
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: {
      addListener(listener: (message: never) => void): void;
      removeListener(listener: (message: never) => void): void;
    };
  };
};
