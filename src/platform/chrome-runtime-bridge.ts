/**
 * chrome.runtime messaging for a worker the offscreen host starts (src/messaging/worker-transport.ts
 * is the worker's side): the page sends the worker's requests to the background and hands back
 * the answers, passes broadcasts on, and passes the background's commands to the worker and
 * its answers back. Offscreen documents have chrome.runtime alone, and workers not even that.
 */
import { browser } from 'wxt/browser';
import type { FromWorker, ToWorker } from '../messaging/worker-transport';

/** A worker the page bridged to the background. */
export interface BridgedWorker {
  /** Passes a message the page heard on to the worker. */
  broadcast(message: unknown): void;
  /** Passes a command to the worker; resolves with its answer (undefined once stopped). */
  command(message: unknown): Promise<unknown>;
  /** Ends the worker (and its sockets and timers). */
  stop(): void;
}

/** The page's side: requests out to the background, answers, broadcasts and commands in. */
export function bridgeWorkerToRuntime(worker: Worker): BridgedWorker {
  const post = (message: ToWorker) => worker.postMessage(message);
  let nextId = 0;
  const commands = new Map<number, (answer: unknown) => void>();
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const { data } = event;
    if (data?.kind === 'answer') {
      commands.get(data.id)?.(data.response);
      commands.delete(data.id);
      return;
    }
    if (data?.kind !== 'request') return;
    browser.runtime.sendMessage(data.message).then(
      (response: unknown) => post({ kind: 'response', id: data.id, response }),
      () => post({ kind: 'response', id: data.id, failed: true }),
    );
  });
  return {
    broadcast: (message) => post({ kind: 'broadcast', message }),
    command(message) {
      const id = (nextId += 1);
      return new Promise((resolve) => {
        commands.set(id, resolve);
        post({ kind: 'command', id, message });
      });
    },
    stop() {
      worker.terminate();
      for (const resolve of commands.values()) resolve(undefined);
      commands.clear();
    },
  };
}
