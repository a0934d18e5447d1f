/**
 * The routine runner as an offscreen document (chrome.offscreen): opened when a run is due,
 * closed by the background once the runner has nothing left. One at a time, as Chrome allows.
 * Its work runs in a worker the document starts (reason WORKERS): the AI SDK and the model
 * providers load there, on demand, and never in the service worker, which cannot load code
 * lazily.
 */
import { browser, type Browser } from 'wxt/browser';
import type { RoutineRunner } from '../routines/routine-service';

const RUNNER_PATH = '/routine-runner.html';

export function createChromeRoutineRunner(): RoutineRunner {
  let opening: Promise<void> | undefined;
  let closing: Promise<void> | undefined;
  const isOpen = async () =>
    (
      await browser.runtime.getContexts({
        contextTypes: ['OFFSCREEN_DOCUMENT' as Browser.runtime.ContextType],
        documentUrls: [browser.runtime.getURL(RUNNER_PATH)],
      })
    ).length > 0;
  return {
    start() {
      opening ??= (async () => {
        try {
          await closing;
          if (await isOpen()) return;
          await browser.offscreen.createDocument({
            url: RUNNER_PATH,
            reasons: ['WORKERS' as Browser.offscreen.Reason],
            justification:
              'Runs the routines the person scheduled, in a worker, while the side panel is closed.',
          });
        } finally {
          opening = undefined;
        }
      })();
      return opening;
    },
    stop() {
      closing ??= (async () => {
        try {
          if (await isOpen()) await browser.offscreen.closeDocument().catch(() => undefined);
        } finally {
          closing = undefined;
        }
      })();
      return closing;
    },
  };
}
