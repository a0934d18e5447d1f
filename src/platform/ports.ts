/**
 * The small interfaces Patchbay's logic needs from its host. The extension implements them
 * with chrome.* (chrome.ts); tests and Node use the in-memory versions (memory.ts).
 */
import type { Broadcast } from '../messaging/contract';

/** A persistent key-value store: chrome.storage.local in the extension. */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  getMany(keys: readonly string[]): Promise<Record<string, unknown>>;
  set(entries: Record<string, unknown>): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
}

/** Sends a message to every open extension page; never throws when none is listening. */
export interface Broadcaster {
  broadcast(message: Broadcast): void;
}

/** Keeps the service worker running while work is in flight. */
export interface KeepAlive {
  /** Call the returned function when the work is done. */
  hold(): () => void;
}
