/**
 * chrome.storage.sync's quotas (developer.chrome.com/docs/extensions/reference/api/storage),
 * and how Chrome measures an item against them.
 */
export const SYNC_LIMITS = {
  /** Bytes of one item: its key plus its value's JSON. */
  bytesPerItem: 8192,
  /** Bytes of all items together. */
  totalBytes: 102_400,
  maxItems: 512,
  /** `set`, `remove` and `clear` calls. */
  writesPerMinute: 120,
  writesPerHour: 1800,
} as const;

export type SyncLimits = typeof SYNC_LIMITS;

const encoder = new TextEncoder();

/** An item's size as Chrome counts it: UTF-8 bytes of the key and of the value's JSON. */
export function itemBytes(key: string, value: unknown): number {
  return encoder.encode(key).length + encoder.encode(JSON.stringify(value)).length;
}
