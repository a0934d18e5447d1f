/**
 * What the soak records over time: the worker's and the panel's JS heap (after a full garbage
 * collection), the panel's event listeners, the TCP connections open to the soak's servers, the
 * extension's alarms, and its IndexedDB usage. A sample taken while the worker is stopped has
 * no worker heap.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { BenchBrowser } from '../lib/browser';

export interface Sample {
  /** Seconds since the soak began. */
  at: number;
  workerHeapMb?: number;
  panelHeapMb?: number;
  panelListeners?: number;
  sockets: number;
  alarms: number;
  indexedDbMb: number;
}

/** Established TCP connections to any of `ports` (IPv4 and IPv6), from /proc/net. */
export function openSockets(ports: ReadonlySet<number>): number {
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address, remote address, state (01: established)
      const remote = fields[2];
      if (!remote || fields[3] !== '01') continue;
      const port = parseInt(remote.split(':')[1] ?? '', 16);
      if (ports.has(port)) count += 1;
    }
  }
  return count;
}

/** The panel's heap and listeners through CDP (a full collection first). */
async function panelCounters(panel: Page) {
  const cdp = await panel.context().newCDPSession(panel);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const { jsEventListeners } = await cdp.send('Memory.getDOMCounters');
    return { panelHeapMb: usedSize / 2 ** 20, panelListeners: jsEventListeners };
  } finally {
    await cdp.detach();
  }
}

export async function takeSample(
  browser: BenchBrowser,
  panel: Page | undefined,
  ports: ReadonlySet<number>,
  startedAt: number,
): Promise<Sample> {
  const sample: Sample = {
    at: (Date.now() - startedAt) / 1000,
    sockets: openSockets(ports),
    ...(await browser.page.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: { indexedDB?: number };
      };
      return {
        alarms: (await chrome.alarms.getAll()).length,
        indexedDbMb: (estimate.usageDetails?.indexedDB ?? 0) / 2 ** 20,
      };
    })),
  };
  // A stopped worker has no DevTools target to ask: its heap is left out, and it stays stopped.
  const heap = await browser.workerHeap().catch(() => undefined);
  if (heap !== undefined) sample.workerHeapMb = heap / 2 ** 20;
  if (panel && !panel.isClosed()) Object.assign(sample, await panelCounters(panel));
  return sample;
}

declare const chrome: { alarms: { getAll(): Promise<unknown[]> } };
