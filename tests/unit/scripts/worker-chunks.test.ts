/**
 * The worker's chunk loader (scripts/worker-chunks.ts): the plugin's output for a small bundle,
 * run in a context of its own with a stand-in for the worker's `importScripts`. The built
 * extension's lazy parts load in Chromium in tests/e2e/worker-lifecycle.test.ts.
 */
import { createContext, runInContext } from 'node:vm';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazyWorkerChunks } from '../../../scripts/worker-chunks';

type Bundle = Record<string, { type: 'chunk'; fileName: string; code: string } & object>;

/** The plugin's `background.js` and lazy chunks for an entry and the chunks it may require. */
function built(entry: string, lazy: Record<string, string>): Bundle {
  const config: Parameters<typeof lazyWorkerChunks>[0] = { build: { lib: {} } };
  lazyWorkerChunks(config);
  const plugin = config.plugins?.[0] as Plugin;
  const chunk = (fileName: string, code: string, isEntry: boolean) => ({
    type: 'chunk' as const,
    fileName,
    code,
    isEntry,
    imports: [],
    facadeModuleId: null,
  });
  const bundle: Bundle = { 'background.js': chunk('background.js', entry, true) };
  for (const [fileName, code] of Object.entries(lazy))
    bundle[fileName] = chunk(fileName, code, false);
  (plugin.generateBundle as (this: unknown, options: object, bundle: Bundle) => void).call(
    {},
    {},
    bundle,
  );
  return bundle;
}

/** Runs `background.js` as the worker would; what its code put on `self` is returned. */
function started(bundle: Bundle): Record<string, unknown> {
  const worker: Record<string, unknown> = {
    importScripts: (...urls: string[]) => {
      for (const url of urls) runInContext(bundle[url.slice(1)]!.code, worker);
    },
    addEventListener: () => undefined,
  };
  worker.self = worker;
  createContext(worker);
  runInContext(bundle['background.js']!.code, worker);
  return worker;
}

describe('the worker’s chunk loader', () => {
  it('runs a lazy chunk once, when first required', () => {
    const worker = started(
      built(
        `self.answers = [require("./worker/part.js").answer, require("./worker/part.js").answer];`,
        { 'worker/part.js': `self.runs = (self.runs ?? 0) + 1; exports.answer = 42;` },
      ),
    );
    expect(worker.answers).toEqual([42, 42]);
    expect(worker.runs).toBe(1);
  });

  it('keeps no half-run chunk: one whose code threw runs again when required again', () => {
    const worker = started(
      built(
        `self.outcomes = [];
for (const attempt of [1, 2]) {
  try { self.outcomes.push(require("./worker/part.js").answer); }
  catch (error) { self.outcomes.push(error.message); }
}`,
        {
          'worker/part.js': `self.runs = (self.runs ?? 0) + 1;
if (self.runs === 1) throw new Error("the first run failed");
exports.answer = 42;`,
        },
      ),
    );
    expect(worker.outcomes).toEqual(['the first run failed', 42]);
    expect(worker.runs).toBe(2);
  });
});
