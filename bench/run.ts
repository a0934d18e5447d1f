/**
 * `npm run bench`: Patchbay's speed against floors measured in the same run, in the same
 * browser (absolute times vary between machines; ratios do not). Every figure is a median of
 * many runs. Prints one Markdown table with the goals beside the figures, and exits 0: it
 * measures, it does not gate (bundle budgets, which are deterministic, gate CI instead).
 *
 * Everything is local: real Chromium with the production build, MCP fixture servers of both
 * eras on loopback, and the scripted stand-in for the OpenAI API as the model.
 */
import { startFixtureServer } from '../tests/fixtures/mcp-fixture-server';
import { startModernServer } from '../tests/fixtures/modern-server';
import { startScriptedOpenAI } from '../tests/fixtures/scripted-openai';
import { launchBenchBrowser, type BenchBrowser } from './lib/browser';
import { startServerPool } from './lib/server-pool';
import { formatTable, met, outOfReach, type Row } from './lib/stats';
import { measureCalls, type RecordedPost } from './paths/call';
import { measurePanelOpen, measureStreaming, measureTranscript } from './paths/panel';
import { measurePageTools } from './paths/page-tools';
import { measurePageLoad } from './paths/page-load';
import { launchPlainBrowser } from './lib/plain-browser';
import { startPlainSite } from './lib/plain-site';
import { measureBrowserAccess } from './paths/browser-access';
import { measureRelay } from './paths/relay';
import { measureRelayChaos } from './paths/relay-chaos';
import { measureChatSearch } from './paths/chat-search';
import { measureToolSearch, toolSearchTable } from './paths/tool-search';
import { measureConnectMany, measureToolSet, measureWorkerHeap } from './paths/servers';
import { measureWorkerStart } from './paths/worker-start';
import { startFixtureSites } from '../tests/fixtures/page-tools/site-server';
import { startServerEverything } from '../tests/fixtures/server-everything';
import type { ServerView } from '../src/messaging/contract';
import { replayableCall } from './lib/replay-session';
import { corpusTable, runCorpus } from '../tests/security/corpus';
import { benignTable, runTask, TASKS as BENIGN_TASKS } from '../tests/security/benign';

/** The most benign calls that may ask again after the person's Always allow. */
const BENIGN_ASKED_GOAL = 0.05;

const quick = process.env.BENCH_QUICK === '1';
/** `npm run bench -- servers streaming` runs only those parts (worker-start, calls, servers, panel, streaming, conversations, search, tools, page-tools, page-load, browser-access, relay, injection, trust). */
const only = new Set(process.argv.slice(2));
const runs = (part: string) => only.size === 0 || only.has(part);
const RUNS = {
  // A warm call's ratio moves by ±0.02–0.03 from sampling alone at 200 rounds; ±0.01 at 1000.
  warmCalls: quick ? 30 : 1000,
  coldCalls: quick ? 8 : 30,
  workerStarts: quick ? 8 : 30,
  connectAll: quick ? 3 : 10,
  connectSingle: quick ? 1 : 3,
  toolSet: quick ? 10 : 40,
  panel: quick ? 3 : 15,
  streaming: quick ? 1 : 3,
  transcript: quick ? 2 : 8,
  pageRegister: quick ? 3 : 15,
  pageCalls: quick ? 20 : 100,
  relayClients: quick ? 50 : 200,
  relayCalls: quick ? 10 : 50,
  chaosClients: quick ? 60 : 300,
  chaosCalls: quick ? 30 : 100,
  browserAccess: quick ? 20 : 100,
  pageLoads: quick ? 10 : 60,
  memoryRounds: quick ? 1 : 3,
  searchRounds: quick ? 3 : 20,
};
const BROWSER_PARTS = [
  'worker-start',
  'calls',
  'page-tools',
  'page-load',
  'browser-access',
  'servers',
  'panel',
  'streaming',
  'conversations',
];
const MANY_SERVERS = 20;
const TOOLS_PER_SERVER = 50;

const lastCall = (requests: { headers: RecordedPost['headers']; body?: unknown }[]) => () => {
  const found = [...requests]
    .reverse()
    .find((request) => (request.body as { method?: string } | undefined)?.method === 'tools/call');
  if (!found) throw new Error('the server saw no tools/call');
  return { headers: found.headers, body: found.body };
};

/** The MCP version of a server's live connection, once it is connected. */
async function negotiatedVersion(browser: BenchBrowser, serverId: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { servers } = await browser.send<{ servers: ServerView[] }>('mcp/servers/get');
    const version = servers.find((server) => server.id === serverId)?.protocolVersion;
    if (version) return version;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  throw new Error(`${serverId} did not connect`);
}

const rows: Row[] = [];
const step = (name: string) => console.error(`bench: ${name}…`);

// The injection corpus (tests/security/corpus.ts): not a speed, but a table of what a model that
// obeys every injected instruction could reach. Its goal is 0 reached; any makes the run fail.
let injectionReached = 0;
if (runs('injection') || runs('trust')) {
  step('injection corpus');
  const outcomes = await runCorpus();
  injectionReached = outcomes.filter((outcome) => outcome.reached && !outcome.control).length;
  console.log(
    `\nInjection corpus: one channel × one goal each, a model that obeys every instruction it reads\n`,
  );
  console.log(corpusTable(outcomes));
}

// Trust's other number (`trust` prints both): the share of ordinary calls that asked again
// after the person's Always allow, by task kind (tests/security/benign.ts). Goal: at most 5%.
let benignAsked = 0;
if (runs('trust')) {
  step('benign trust suite');
  const outcomes = [];
  for (const task of BENIGN_TASKS) outcomes.push(await runTask(task));
  const calls = outcomes.flatMap((outcome) => outcome.calls);
  benignAsked = calls.filter((call) => call.asked).length / Math.max(calls.length, 1);
  console.log(`\n${benignTable(outcomes)}`);
}

// Not a speed either: what each request to the model carries at 40, 400 and 1,200 tools.
if (runs('tools')) {
  step('requests to the model with many tools');
  console.log(`\nRequests to the model per turn, by tools switched on (tool search past 128)\n`);
  console.log(toolSearchTable(await measureToolSearch()));
}

if (runs('search')) {
  step('chat search');
  rows.push(...measureChatSearch(RUNS.searchRounds));
}
if (runs('relay')) {
  step('relay under load');
  rows.push(...(await measureRelay({ clients: RUNS.relayClients, calls: RUNS.relayCalls })));
  step('relay under failures');
  rows.push(...(await measureRelayChaos({ clients: RUNS.chaosClients, calls: RUNS.chaosCalls })));
}
if (only.size === 0 || BROWSER_PARTS.some((part) => only.has(part))) await browserParts();

/** Every part measured in Chromium, with the fixture servers it needs. */
async function browserParts() {
  const modern = await startModernServer({ legacy: 'reject' });
  const legacy = await startFixtureServer();
  const many = await startServerPool(MANY_SERVERS, TOOLS_PER_SERVER);
  const model = await startScriptedOpenAI();
  const sites = await startFixtureSites();
  const browser = await launchBenchBrowser();

  try {
    const add = async (name: string, url: string) =>
      (await browser.send<{ server: { id: string } }>('mcp/servers/add', { name, url })).server.id;

    await browser.send('bench/noop').catch(() => undefined);
    const idleHeap = await browser.workerHeap();

    if (runs('worker-start')) {
      step('cold worker start');
      rows.push(await measureWorkerStart(browser, RUNS.workerStarts));
    }

    if (runs('calls')) {
      step('tool calls');
      const modernId = await add('Bench 2026', modern.mcpUrl);
      const legacyId = await add('Bench 2025', legacy.mcpUrl);
      for (const [id, other, label, requests, url] of [
        [modernId, legacyId, 'MCP 2026-07-28', modern.requests, modern.mcpUrl],
        [legacyId, modernId, 'MCP 2025-11-25', legacy.requests, legacy.mcpUrl],
      ] as const) {
        await browser.send(`mcp/${other}/disable`);
        await browser.send(`mcp/${id}/enable`);
        rows.push(
          ...(await measureCalls(
            browser,
            { label, serverId: id, mcpUrl: url, lastCall: lastCall(requests) },
            { warm: RUNS.warmCalls, cold: RUNS.coldCalls },
          )),
        );
      }
      await browser.send(`mcp/${legacyId}/disable`);
      // The reference server answers tools/call with an SSE stream (the SDK 1.x default).
      const everything = await startServerEverything('streamableHttp');
      try {
        const echo = { message: 'bench' };
        const everythingId = await add('server-everything', everything.url);
        await browser.send(`mcp/${everythingId}/enable`);
        // The floor's session speaks the version Patchbay's connection agreed on: the server
        // answers 2025-11-25 requests about a millisecond slower than 2025-06-18 ones.
        const replay = await replayableCall(
          everything.url,
          { name: 'echo', arguments: echo },
          await negotiatedVersion(browser, everythingId),
        );
        rows.push(
          ...(await measureCalls(
            browser,
            {
              label: 'MCP 2025-11-25, SSE answers (server-everything)',
              serverId: everythingId,
              mcpUrl: everything.url,
              lastCall: () => replay,
              echo,
              warmOnly: true,
            },
            { warm: RUNS.warmCalls, cold: RUNS.coldCalls },
          )),
        );
        await browser.send(`mcp/${everythingId}/disable`);
      } finally {
        await everything.close();
      }
    }

    if (runs('page-tools')) {
      step('page tools');
      rows.push(
        ...(await measurePageTools(browser, sites, {
          register: RUNS.pageRegister,
          calls: RUNS.pageCalls,
        })),
      );
    }

    if (runs('page-load')) {
      step('page load and memory, with and without Patchbay');
      const plainSite = await startPlainSite();
      const plainBrowser = await launchPlainBrowser();
      try {
        rows.push(
          ...(await measurePageLoad(
            browser,
            plainBrowser,
            { plain: plainSite, tools: sites },
            { loads: RUNS.pageLoads, memoryRounds: RUNS.memoryRounds },
          )),
        );
      } finally {
        await plainBrowser.close();
        await plainSite.close();
      }
    }

    if (runs('browser-access')) {
      step('browser access');
      rows.push(...(await measureBrowserAccess(browser, sites, RUNS.browserAccess)));
    }

    if (runs('servers')) {
      step(`${MANY_SERVERS} servers`);
      const ids: string[] = [];
      for (const [index, url] of many.urls.entries()) ids.push(await add(`Bulk ${index}`, url));
      rows.push(
        await measureConnectMany(
          browser,
          ids,
          { all: RUNS.connectAll, single: RUNS.connectSingle },
          () => many.cpuMs(),
        ),
      );
      rows.push(...(await measureToolSet(browser, ids, RUNS.toolSet)));
      rows.push(await measureWorkerHeap(browser, ids, idleHeap, MANY_SERVERS * TOOLS_PER_SERVER));
      for (const id of ids) await browser.send(`mcp/${id}/disable`);
    }

    await browser.page.evaluate(
      (baseUrl) =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
          }
        ).chrome.storage.local.set({
          'chat.model': { provider: 'compatible', baseUrl, model: 'scripted-model' },
        }),
      model.baseUrl,
    );
    if (runs('panel')) {
      step('side panel');
      const { servers } = await browser.send<{ servers: unknown[] }>('mcp/servers/get');
      rows.push(...(await measurePanelOpen(browser, servers.length, RUNS.panel)));
    }
    if (runs('streaming')) {
      step('streaming');
      rows.push(await measureStreaming(browser, model, RUNS.streaming));
    }
    if (runs('conversations')) {
      step('long conversations');
      rows.push(...(await measureTranscript(browser, RUNS.transcript)));
    }
  } finally {
    await browser.close();
    await Promise.all([modern, legacy, model, many, sites].map((server) => server.close()));
  }
}

if (rows.length) {
  console.log(
    `\nPatchbay benchmark: medians, each against a floor measured in the same run${quick ? ' (BENCH_QUICK: few runs)' : ''}\n`,
  );
  console.log(formatTable(rows));
  const missed = rows.filter((row) => met(row) === false && !outOfReach(row));
  console.log(
    missed.length === 0
      ? '\nEvery goal met.'
      : `\nGoals not met: ${missed.map((row) => row.measure).join('; ')}. See docs/performance.md.`,
  );
}
if (benignAsked > BENIGN_ASKED_GOAL) {
  console.log(
    `\n${(benignAsked * 100).toFixed(0)}% of benign calls asked again after Always allow (goal: at most ${BENIGN_ASKED_GOAL * 100}%).`,
  );
  process.exitCode = 1;
}
if (injectionReached > 0) {
  console.log(`\nThe injection corpus reached ${injectionReached} goals (goal: 0).`);
  process.exitCode = 1;
}
