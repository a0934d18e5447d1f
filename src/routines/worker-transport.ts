/**
 * The routine runner's side of its page's bridge (src/platform/chrome-runtime-bridge.ts): the
 * panel's message contract (src/messaging/client.ts) over a worker's postMessage.
 */
import type { MessageTransport } from '../messaging/client';
import type { FromWorker, ToWorker } from '../platform/chrome-runtime-bridge';

/** A {@link MessageTransport} over the page's bridge. */
export function workerSideTransport(scope: {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}): MessageTransport {
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<(message: unknown) => void>();
  scope.addEventListener('message', ({ data }) => {
    if (data?.kind === 'broadcast') {
      for (const listener of listeners) listener(data.message);
      return;
    }
    if (data?.kind !== 'response') return;
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.failed) waiting?.reject(new Error('The background did not answer.'));
    else waiting?.resolve(data.response);
  });
  return {
    send(message) {
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        scope.postMessage({ kind: 'request', id, message });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
