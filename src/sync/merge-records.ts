/**
 * The merge rule (docs/backup.md, Sync): per record, the later change wins (`at`, then the
 * browser id `by` to break a tie), and a removal is a record too (a tombstone): a server removed
 * in one browser is removed in another only if it was not changed there since.
 */
import { fingerprint, type RecordBody, type Stamped } from './sync-records';

export interface MergeResult {
  /** The winning record of every key. */
  merged: Map<string, Stamped>;
  /** Records where another browser's change won and differs from this browser's. */
  toLocal: Map<string, RecordBody>;
}

/** Whether `a` is a later change than `b`. */
export function isLater(a: Stamped, b: Stamped): boolean {
  return a.at !== b.at ? a.at > b.at : a.by > b.by;
}

/**
 * `joining`: the first merge after sync was switched on here, when what the person's other
 * browsers synced wins over this browser's record of the same key.
 */
export function mergeRecords(
  local: ReadonlyMap<string, Stamped>,
  remote: ReadonlyMap<string, Stamped>,
  { joining = false } = {},
): MergeResult {
  const merged = new Map<string, Stamped>();
  const toLocal = new Map<string, RecordBody>();
  for (const key of new Set([...local.keys(), ...remote.keys()])) {
    const mine = local.get(key);
    const theirs = remote.get(key);
    const winner = !theirs ? mine! : !mine || joining || isLater(theirs, mine) ? theirs : mine;
    merged.set(key, winner);
    const differs = !mine || fingerprint(mine) !== fingerprint(winner);
    if (winner === theirs && differs && !(!mine && 'deleted' in winner))
      toLocal.set(key, bodyOf(winner));
  }
  return { merged, toLocal };
}

function bodyOf(stamped: Stamped): RecordBody {
  return 'deleted' in stamped ? { deleted: true } : { value: stamped.value };
}
