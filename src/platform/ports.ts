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

/** Browser sign-in: chrome.identity in the extension. */
export interface Identity {
  /** The URL the authorization server redirects back to (`https://<id>.chromiumapp.org/`). */
  redirectUrl(): string;
  /**
   * Opens the authorization URL for the person to sign in and resolves with the URL the
   * authorization server redirected to. Rejects with {@link SignInWindowClosedError} when the
   * window was closed.
   */
  launchWebAuthFlow(url: string): Promise<string>;
}

export { SignInWindowClosedError } from '../errors/sign-in-window-closed-error';

/** Timers that survive the worker stopping: chrome.alarms in the extension. */
export interface Alarms {
  /** Creates or replaces the alarm `name`, firing once at `when` (ms since the epoch). */
  schedule(name: string, when: number): Promise<void>;
  clear(name: string): Promise<void>;
  onAlarm(listener: (name: string) => void): void;
}

/** Draws the person's eye when something waits for them: the toolbar button's badge in Chrome. */
export interface Attention {
  /** How many questions from servers wait for an answer (0 clears it). */
  showWaiting(count: number): void;
}

/**
 * Chrome's optional permissions (chrome.permissions): asked for when the person switches on
 * what needs them, and taken back in chrome://extensions whenever the person likes.
 */
export interface OptionalPermissions {
  contains(names: readonly string[]): Promise<boolean>;
  /** Chrome's prompt; it only shows for a click in an extension page. Resolves with the answer. */
  request(names: readonly string[]): Promise<boolean>;
  /** Something was granted or taken back (`permissions.onAdded` / `onRemoved`). */
  onChange(listener: () => void): () => void;
}
