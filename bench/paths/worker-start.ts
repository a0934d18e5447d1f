/**
 * A cold worker start: the worker stopped (as Chrome stops it after 30 s idle), then the first
 * message answered, a no-op the router refuses. The floor is the same for an extension whose
 * worker does nothing but answer (bench/lib/empty-extension.ts) in another Chromium of the same
 * build, sampled in turn with Patchbay's so drift on the machine touches both alike. What is
 * left is Patchbay's own start: parsing and running its worker's script.
 */
import { launchBenchBrowser, type BenchBrowser } from '../lib/browser';
import { writeEmptyExtension } from '../lib/empty-extension';
import { timeMessage } from '../lib/in-page';
import { median, type Row } from '../lib/stats';

const NOOP = { type: 'bench/noop' };

async function coldStart(browser: BenchBrowser): Promise<number> {
  await browser.stopWorker();
  return timeMessage(browser.page, NOOP, { expectError: true });
}

export async function measureWorkerStart(browser: BenchBrowser, runs: number): Promise<Row> {
  const empty = writeEmptyExtension();
  const floorBrowser = await launchBenchBrowser(empty.dir);
  try {
    const patchbay: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < runs + 1; run += 1) {
      const samples = [await coldStart(browser), await coldStart(floorBrowser)] as const;
      if (run === 0) continue; // the first start after launch reads a cold disk cache
      patchbay.push(samples[0]);
      floor.push(samples[1]);
    }
    return {
      measure: 'cold worker start (stopped → first message answered)',
      value: median(patchbay),
      unit: 'ms',
      floor: { value: median(floor), label: '(an empty extension worker’s start)' },
    };
  } finally {
    await floorBrowser.close();
    empty.remove();
  }
}
