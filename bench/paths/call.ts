/**
 * The tool-call path: side panel → chrome.runtime → worker → server and back.
 *
 *   warm: Patchbay's call vs the floor = the same `tools/call` as a bare `fetch` from an
 *         extension page (replayed byte for byte from what Patchbay sent) + one no-op message;
 *   cold: the first call after the worker was stopped vs the floor = a no-op message to a
 *         stopped worker + one warm call through Patchbay.
 */
import type { BenchBrowser } from '../lib/browser';
import { timeFetch, timeMessage } from '../lib/in-page';
import { collect, median, ratioSpread, type Row } from '../lib/stats';

export interface RecordedPost {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface CallTarget {
  label: string;
  serverId: string;
  mcpUrl: string;
  /** The last `tools/call` the server received, to replay. */
  lastCall(): RecordedPost;
  /** The `echo` tool's arguments (server-everything's takes `message`). */
  echo?: Record<string, unknown>;
  /** Measure only warm calls (cold starts are the same as for the other 2025 server). */
  warmOnly?: boolean;
}

/** Headers a page may set that carry the request's meaning (the rest the browser adds). */
const REPLAYED_HEADERS = [
  'content-type',
  'accept',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
];

const NOOP = { type: 'bench/noop' };

export async function measureCalls(
  browser: BenchBrowser,
  target: CallTarget,
  runs: { warm: number; cold: number },
): Promise<Row[]> {
  const { page } = browser;
  const call = {
    type: `mcp/${target.serverId}/tool/call`,
    payload: { name: 'echo', arguments: target.echo ?? { text: 'bench' } },
  };
  // Warm up, then sample the three interleaved, so drift on the machine touches all alike.
  await collect(0, 5, () => timeMessage(page, call));
  const recorded = target.lastCall();
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = recorded.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body = JSON.stringify(recorded.body);
  const warm: number[] = [];
  const bareFetch: number[] = [];
  const noop: number[] = [];
  for (let run = 0; run < runs.warm + 5; run += 1) {
    const samples = [
      await timeMessage(page, call),
      await timeFetch(page, target.mcpUrl, { headers, body }),
      await timeMessage(page, NOOP, { expectError: true }),
    ] as const;
    if (run < 5) continue;
    warm.push(samples[0]);
    bareFetch.push(samples[1]);
    noop.push(samples[2]);
  }

  const coldNoop: number[] = [];
  const cold: number[] = [];
  for (let run = 0; run < (target.warmOnly ? 0 : runs.cold + 1); run += 1) {
    await browser.stopWorker();
    const noopSample = await timeMessage(page, NOOP, { expectError: true });
    await browser.stopWorker();
    const callSample = await timeMessage(page, call);
    if (run === 0) continue;
    coldNoop.push(noopSample);
    cold.push(callSample);
  }

  const warmFloor = median(bareFetch) + median(noop);
  const spread = ratioSpread(warm, [bareFetch, noop]);
  const warmRow: Row = {
    measure: `warm tool call, ${target.label}`,
    value: median(warm),
    unit: 'ms',
    floor: { value: warmFloor, label: '(bare fetch + no-op message)' },
    goal: 1.1,
    note: `the ratio's sampling error is ±${spread.toFixed(3)} (bootstrap over the ${warm.length} rounds)`,
  };
  if (target.warmOnly) return [warmRow];
  const coldFloor = median(coldNoop) + median(warm);
  return [
    warmRow,
    {
      measure: `first call after the worker stopped, ${target.label}`,
      value: median(cold),
      unit: 'ms',
      floor: { value: coldFloor, label: '(no-op to a stopped worker + warm call)' },
      goal: 1.15,
    },
  ];
}
