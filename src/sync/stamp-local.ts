/**
 * This browser's records stamped with when they last changed here: a record whose fingerprint
 * differs from the one last synced changed now; a server last synced and gone now was removed
 * now (a tombstone). On the first pass after sync is switched on ({@link isJoining}) nothing
 * here is stamped yet: records get time 0, and the merge lets what the person's other browsers
 * synced win; what only this browser has is added for all.
 */
import { fingerprint, SERVER_RECORD, TOMBSTONE_DAYS, type Stamped } from './sync-records';

/** What this browser remembers of the last sync, in local storage. */
export interface SyncState {
  /** This browser's id (random), which breaks ties between changes made in the same ms. */
  device: string;
  /** The last synced record of each key: when, by whom, and its fingerprint. */
  stamps: Record<string, { at: number; by: string; print: string }>;
}

export function stampLocal(
  records: ReadonlyMap<string, unknown>,
  state: SyncState,
  now: number,
): Map<string, Stamped> {
  const firstPass = isJoining(state);
  const stamped = new Map<string, Stamped>();
  for (const [key, value] of records) {
    const prior = state.stamps[key];
    const print = fingerprint({ value });
    stamped.set(
      key,
      prior?.print === print
        ? { value, at: prior.at, by: prior.by }
        : { value, at: firstPass ? 0 : now, by: state.device },
    );
  }
  for (const [key, prior] of Object.entries(state.stamps)) {
    if (records.has(key) || !key.startsWith(SERVER_RECORD)) continue;
    stamped.set(
      key,
      prior.print === 'deleted'
        ? { deleted: true, at: prior.at, by: prior.by }
        : { deleted: true, at: now, by: state.device },
    );
  }
  return stamped;
}

/** The state to remember after a merge; tombstones older than {@link TOMBSTONE_DAYS} are dropped. */
export function nextState(
  device: string,
  merged: ReadonlyMap<string, Stamped>,
  now: number,
): SyncState {
  const stamps: SyncState['stamps'] = {};
  for (const [key, record] of live(merged, now))
    stamps[key] = { at: record.at, by: record.by, print: fingerprint(record) };
  return { device, stamps };
}

/** Records without the tombstones past their time. */
export function live(merged: ReadonlyMap<string, Stamped>, now: number): Map<string, Stamped> {
  const oldest = now - TOMBSTONE_DAYS * 24 * 60 * 60 * 1000;
  return new Map([...merged].filter(([, record]) => !('deleted' in record) || record.at >= oldest));
}

/** Whether this browser has not synced yet since sync was switched on. */
export function isJoining(state: SyncState): boolean {
  return Object.keys(state.stamps).length === 0;
}
