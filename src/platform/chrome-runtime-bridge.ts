/**
 * chrome.runtime messaging for a worker started by an extension page (the routine runner's):
 * the page sends the worker's requests to the background and hands back the answers, and passes
 * the background's broadcasts on. The worker speaks the same message contract as the panel
 * (src/messaging/client.ts) through src/routines/worker-transport.ts.
 */
import { browser } from 'wxt/browser';

export type FromWorker = {
  kind: 'request';
  id: number;
  message: { type: string; payload?: unknown };
};
export type ToWorker =
  | { kind: 'response'; id: number; response?: unknown; failed?: boolean }
  | { kind: 'broadcast'; message: unknown };

/** The page's side: requests out to the background, answers and broadcasts in. */
export function bridgeWorkerToRuntime(worker: Worker): void {
  const post = (message: ToWorker) => worker.postMessage(message);
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const { data } = event;
    if (data?.kind !== 'request') return;
    browser.runtime.sendMessage(data.message).then(
      (response: unknown) => post({ kind: 'response', id: data.id, response }),
      () => post({ kind: 'response', id: data.id, failed: true }),
    );
  });
  browser.runtime.onMessage.addListener((message: unknown) => {
    post({ kind: 'broadcast', message });
    return undefined;
  });
}
