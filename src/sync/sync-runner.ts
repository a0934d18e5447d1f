/**
 * Sync while it is on: a pass when it starts, and after every change, here (the server list,
 * switches, synced settings) or from another browser, once changes have been quiet for a
 * moment. Writes wait for chrome.storage.sync's rate limits; a quota refusal is reported with
 * what did not fit. Nothing listens and nothing is written while sync is off.
 */
import type { LocalWatch } from '../platform/ports';
import { isSyncedKey } from './local-records';
import { syncPass, type PassOutcome, type SyncPassDependencies } from './sync-pass';
import { WriteLimiter } from './write-limiter';

/** What Settings › Sync shows. */
export interface SyncStatus {
  state: 'syncing' | 'synced' | 'waiting' | 'failed';
  /** When the last pass ended. */
  at?: number;
  /** A sentence for the person: what failed, or what did not fit. */
  message?: string;
}

export interface SyncRunnerDependencies extends SyncPassDependencies {
  watchLocal: LocalWatch;
  /** Tells the worker to read its servers again (`backup/restored`). */
  reloadServers(): Promise<unknown>;
  onStatus(status: SyncStatus): void;
  /** How long changes must be quiet before a pass, in ms. */
  quietMs?: number;
}

export function createSyncRunner(dependencies: SyncRunnerDependencies) {
  const { area, watchLocal, onStatus, quietMs = 1_000 } = dependencies;
  const limiter = new WriteLimiter();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const stops: (() => void)[] = [];

  const schedule = (delay = quietMs) => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
  };

  async function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => (running = undefined));
    await running;
    if (again) {
      again = false;
      schedule();
    }
  }

  async function pass(): Promise<void> {
    onStatus({ state: 'syncing' });
    try {
      const outcome = await syncPass(dependencies);
      if (outcome.serversChanged) await dependencies.reloadServers();
      const writes = writeCount(outcome);
      const wait = limiter.waitFor(writes, dependencies.now());
      if (wait > 0) {
        onStatus({ state: 'waiting', message: 'Waiting for Chrome’s limit on sync writes.' });
        return schedule(wait);
      }
      limiter.record(writes, dependencies.now());
      if (Object.keys(outcome.write.set).length) await area.set(outcome.write.set);
      if (outcome.write.remove.length) await area.remove(outcome.write.remove);
      onStatus({ state: 'synced', at: dependencies.now(), ...leftMessage(outcome.left) });
    } catch (error) {
      onStatus({ state: 'failed', at: dependencies.now(), message: failure(error) });
    }
  }

  return {
    start() {
      stops.push(area.onChanged(() => schedule()));
      stops.push(watchLocal((keys) => keys.some(isSyncedKey) && schedule()));
      return run();
    },
    stop() {
      clearTimeout(timer);
      stops.splice(0).forEach((stop) => stop());
    },
    /** A pass now (the next one waits its turn). */
    run,
  };
}

function writeCount({ write }: PassOutcome): number {
  return (Object.keys(write.set).length ? 1 : 0) + (write.remove.length ? 1 : 0);
}

function leftMessage(left: readonly string[]): { message?: string } {
  if (!left.length) return {};
  return {
    message: `Did not fit in Chrome’s sync storage (100 KB): ${left.join(', ')}. It stays in this browser.`,
  };
}

function failure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/QUOTA_BYTES|MAX_ITEMS/.test(text))
    return `Chrome’s sync storage is full (${text}): what changed last stays in this browser until something is removed.`;
  if (/MAX_WRITE_OPERATIONS/.test(text))
    return `Chrome refused more sync writes for now (${text}); Patchbay tries again after the next change.`;
  return `Sync failed: ${text}`;
}
