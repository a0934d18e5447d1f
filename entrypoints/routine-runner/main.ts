/**
 * The routine runner's offscreen document (chrome.offscreen, reason WORKERS): it only starts
 * the runner's worker (./runner.worker.ts, off this page's thread) and carries its messages to
 * and from Patchbay's background, since offscreen documents have chrome.runtime alone and
 * workers not even that. The background opens it when a run is due and closes it once idle.
 */
import { bridgeWorkerToRuntime } from '../../src/platform/chrome-runtime-bridge';

bridgeWorkerToRuntime(
  new Worker(new URL('./runner.worker.ts', import.meta.url), { type: 'module', name: 'routines' }),
);
