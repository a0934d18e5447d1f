/**
 * The one sync runner of this extension page, started by the panel when sync is on and by
 * Settings › Sync when the person switches it on; Settings listens to its status.
 */
import { createSyncRunner, type SyncRunnerDependencies, type SyncStatus } from './sync-runner';

let runner: ReturnType<typeof createSyncRunner> | undefined;
let status: SyncStatus | undefined;
const listeners = new Set<(status: SyncStatus) => void>();

/** Starts syncing (once; a second call runs a pass) and resolves when the first pass ends. */
export function startSync(dependencies: Omit<SyncRunnerDependencies, 'onStatus'>): Promise<void> {
  if (runner) return runner.run();
  runner = createSyncRunner({
    ...dependencies,
    onStatus(next) {
      status = next;
      listeners.forEach((listener) => listener(next));
    },
  });
  return runner.start();
}

/** Stops listening and writing; sync keeps what it holds for the other browsers. */
export function stopSync(): void {
  runner?.stop();
  runner = undefined;
  status = undefined;
}

/** Calls `listener` with every status, the current one first; returns the unsubscribe. */
export function watchSyncStatus(listener: (status: SyncStatus) => void): () => void {
  listeners.add(listener);
  if (status) listener(status);
  return () => listeners.delete(listener);
}
