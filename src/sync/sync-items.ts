/**
 * Records as chrome.storage.sync items, within its quotas: a record is one item
 * (`{ at, by, v }` or `{ at, by, deleted }`), or, past the per-item size, a head
 * (`{ at, by, parts }`) and its value's JSON cut into parts (`{key}#1`, `{key}#2`, …). What does
 * not fit in the total size or item count is left out and named.
 */
import { itemBytes, SYNC_LIMITS, type SyncLimits } from './sync-limits';
import { SETTING_RECORD, type Stamped } from './sync-records';

export interface PlannedItems {
  items: Record<string, unknown>;
  /** Record keys that did not fit, in the order they were tried. */
  left: string[];
}

const PART = '#';

/** Every record's items, settings and removals first, then servers, until the quota is full. */
export function toSyncItems(
  records: ReadonlyMap<string, Stamped>,
  limits: SyncLimits = SYNC_LIMITS,
): PlannedItems {
  const items: Record<string, unknown> = {};
  const left: string[] = [];
  let bytes = 0;
  let count = 0;
  for (const key of [...records.keys()].sort(byPriority(records))) {
    const own = recordItems(key, records.get(key)!, limits);
    const size = Object.entries(own).reduce(
      (sum, [name, value]) => sum + itemBytes(name, value),
      0,
    );
    const number = Object.keys(own).length;
    if (bytes + size > limits.totalBytes || count + number > limits.maxItems) {
      left.push(key);
      continue;
    }
    Object.assign(items, own);
    bytes += size;
    count += number;
  }
  return { items, left };
}

function byPriority(records: ReadonlyMap<string, Stamped>) {
  const rank = (key: string) =>
    key.startsWith(SETTING_RECORD) ? 0 : 'deleted' in records.get(key)! ? 1 : 2;
  return (a: string, b: string) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** One record's items: whole when it fits one item, else a head and parts. */
export function recordItems(
  key: string,
  record: Stamped,
  limits: SyncLimits = SYNC_LIMITS,
): Record<string, unknown> {
  const stamp = { at: record.at, by: record.by };
  if ('deleted' in record) return { [key]: { ...stamp, deleted: true } };
  const whole = { ...stamp, v: record.value };
  if (itemBytes(key, whole) <= limits.bytesPerItem) return { [key]: whole };
  const parts = cut(
    JSON.stringify(record.value),
    limits.bytesPerItem - itemBytes(`${key}#000`, ''),
  );
  const items: Record<string, unknown> = { [key]: { ...stamp, parts: parts.length } };
  parts.forEach((part, index) => (items[`${key}${PART}${index + 1}`] = part));
  return items;
}

/** `text` in pieces whose JSON (a string, escapes included) is at most `budget` bytes each. */
function cut(text: string, budget: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let size = 0;
  for (const character of text) {
    const cost = itemBytes('', character) - 2; // the quotes are in the budget already
    if (size + cost > budget) {
      pieces.push(piece);
      piece = '';
      size = 0;
    }
    piece += character;
    size += cost;
  }
  pieces.push(piece);
  return pieces;
}

/** Records from items; a record whose parts are missing or do not join (mid-write) is skipped. */
export function fromSyncItems(items: Record<string, unknown>): Map<string, Stamped> {
  const records = new Map<string, Stamped>();
  for (const [key, head] of Object.entries(items)) {
    if (key.includes(PART) || !isHead(head)) continue;
    const stamp = { at: head.at, by: head.by };
    if (head.deleted === true) records.set(key, { ...stamp, deleted: true });
    else if ('v' in head) records.set(key, { ...stamp, value: head.v });
    else if (typeof head.parts === 'number') {
      const value = joined(key, head.parts, items);
      if (value !== undefined) records.set(key, { ...stamp, value: value.parsed });
    }
  }
  return records;
}

function joined(key: string, parts: number, items: Record<string, unknown>) {
  let text = '';
  for (let index = 1; index <= parts; index += 1) {
    const part = items[`${key}${PART}${index}`];
    if (typeof part !== 'string') return undefined;
    text += part;
  }
  try {
    return { parsed: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function isHead(
  value: unknown,
): value is { at: number; by: string; v?: unknown; deleted?: unknown; parts?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { at?: unknown }).at === 'number' &&
    typeof (value as { by?: unknown }).by === 'string'
  );
}
