/**
 * `npm run bench`: Patchbay's overhead against the SDK client used directly, measured on one
 * machine in one run. Not a test: it prints medians and ratios, and asserts nothing.
 *
 *   connect  = connect + initialize + tools/list
 *   call     = one tools/call round trip (echo)
 *
 * Extension path: side-panel page → chrome.runtime → background worker → server.
 * Baseline: the SDK's Client (v2, negotiating the era like Patchbay and reusing the verdict on
 * reconnects, as Patchbay does) calling the same fixture server from Node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  type PriorDiscovery,
} from '@modelcontextprotocol/client';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, EXTENSION_ID, findChromium } from '../scripts/chromium';
import { startFixtureServer } from '../tests/fixtures/mcp-fixture-server';

const CONNECT_RUNS = Number(process.env.BENCH_CONNECT_RUNS ?? 30);
const CALL_RUNS = Number(process.env.BENCH_CALL_RUNS ?? 300);
const WARMUP = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const fixture = await startFixtureServer();

// ---- baseline: the SDK client in Node --------------------------------------------------------
let prior: PriorDiscovery | undefined;
async function sdkConnect(): Promise<Client> {
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(fixture.mcpUrl)),
    prior ? { prior } : {},
  );
  const discover = client.getDiscoverResult();
  prior ??= discover ? { kind: 'modern', discover } : { kind: 'legacy' };
  await client.listTools();
  return client;
}

const sdkConnectTimes: number[] = [];
for (let run = 0; run < CONNECT_RUNS + WARMUP; run += 1) {
  let client: Client | undefined;
  const elapsed = await timed(async () => (client = await sdkConnect()));
  if (run >= WARMUP) sdkConnectTimes.push(elapsed);
  await client?.close();
}
const sdkClient = await sdkConnect();
const sdkCallTimes: number[] = [];
for (let run = 0; run < CALL_RUNS + WARMUP; run += 1) {
  const elapsed = await timed(() =>
    sdkClient.callTool({ name: 'echo', arguments: { text: 'bench' } }),
  );
  if (run >= WARMUP) sdkCallTimes.push(elapsed);
}
await sdkClient.close();

// ---- Patchbay: side panel → background → server ----------------------------------------------
const extensionDir = resolve('.output/chrome-mv3');
const userDataDir = mkdtempSync(join(tmpdir(), 'patchbay-bench-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: findChromium(),
  headless: true,
  args: [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    ...CHROMIUM_FLAGS,
  ],
});
const page = await context.newPage();
// tsx compiles with esbuild's keepNames, which wraps functions passed to page.evaluate in __name().
await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
await page.goto(`chrome-extension://${EXTENSION_ID}/sidepanel.html`);

const extension = await page.evaluate(
  async ({ url, connectRuns, callRuns, warmup }) => {
    type Envelope = {
      ok: boolean;
      result?: { server?: { id: string } };
      error?: { message: string };
    };
    const { runtime } = (
      globalThis as unknown as {
        chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
      }
    ).chrome;
    const send = (type: string, payload?: unknown) =>
      runtime.sendMessage(
        payload === undefined ? { type } : { type, payload },
      ) as Promise<Envelope>;
    const added = await send('mcp/servers/add', { name: 'Bench', url });
    if (!added.ok || !added.result?.server)
      throw new Error(added.error?.message ?? 'could not add');
    const id = added.result.server.id;
    const connectTimes: number[] = [];
    for (let run = 0; run < connectRuns + warmup; run += 1) {
      const started = performance.now();
      const enabled = await send(`mcp/${id}/enable`); // connects, initializes and lists tools
      const elapsed = performance.now() - started;
      if (!enabled.ok) throw new Error(enabled.error?.message);
      if (run >= warmup) connectTimes.push(elapsed);
      if (run < connectRuns + warmup - 1) await send(`mcp/${id}/disable`);
    }
    const callTimes: number[] = [];
    for (let run = 0; run < callRuns + warmup; run += 1) {
      const started = performance.now();
      const result = await send(`mcp/${id}/tool/call`, {
        name: 'echo',
        arguments: { text: 'bench' },
      });
      const elapsed = performance.now() - started;
      if (!result.ok) throw new Error(result.error?.message);
      if (run >= warmup) callTimes.push(elapsed);
    }
    return { connectTimes, callTimes };
  },
  { url: fixture.mcpUrl, connectRuns: CONNECT_RUNS, callRuns: CALL_RUNS, warmup: WARMUP },
);
await context.close();
rmSync(userDataDir, { recursive: true, force: true });
await fixture.close();

const rows = [
  ['connect + initialize + tools/list', median(sdkConnectTimes), median(extension.connectTimes)],
  ['tools/call round trip (echo)', median(sdkCallTimes), median(extension.callTimes)],
] as const;
console.log(
  `\nPatchbay benchmark (medians; ${CONNECT_RUNS} connects, ${CALL_RUNS} calls, ${WARMUP} warm-up runs each)\n`,
);
console.log(
  'measure                              SDK from Node   Patchbay (panel→worker→server)   ratio',
);
for (const [name, baseline, patchbay] of rows) {
  console.log(
    `${name.padEnd(37)}${`${baseline.toFixed(2)} ms`.padStart(13)}   ${`${patchbay.toFixed(2)} ms`.padStart(30)}   ${(patchbay / baseline).toFixed(2)}x`,
  );
}
