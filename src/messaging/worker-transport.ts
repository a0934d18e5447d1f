/**
 * A worker's side of its page's bridge (src/platform/chrome-runtime-bridge.ts), for the workers
 * the offscreen host starts: requests to the background in the panel's message contract
 * (src/messaging/client.ts), its broadcasts, and commands the background sends the worker
 * through the page, each answered.
 */
import type { MessageTransport } from './client';

/** What a bridged worker posts to its page. */
export type FromWorker =
  | { kind: 'request'; id: number; message: { type: string; payload?: unknown } }
  | { kind: 'answer'; id: number; response: unknown };
/** What the page posts to a bridged worker. */
export type ToWorker =
  | { kind: 'response'; id: number; response?: unknown; failed?: boolean }
  | { kind: 'broadcast'; message: unknown }
  | { kind: 'command'; id: number; message: unknown };

/** The worker's global scope, as far as the bridge uses it. */
export interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

/** A {@link MessageTransport} over the page's bridge. */
export function workerSideTransport(scope: WorkerScope): MessageTransport {
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

/** Answers the background's commands (passed on by the page) with what `handle` returns. */
export function answerCommands(
  scope: WorkerScope,
  handle: (message: unknown) => Promise<unknown>,
): void {
  scope.addEventListener('message', ({ data }) => {
    if (data?.kind !== 'command') return;
    void handle(data.message).then(
      (response) => scope.postMessage({ kind: 'answer', id: data.id, response }),
      () => scope.postMessage({ kind: 'answer', id: data.id, response: undefined }),
    );
  });
}
