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
  /** Every key stored, without reading a value. */
  keys(): Promise<string[]>;
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
  /**
   * Until the returned function is called, a navigation to `from` (with any query) goes to
   * {@link redirectUrl} instead, so a sign-in window redirected there ends as usual: the
   * loopback redirect (src/oauth/loopback-redirect.ts). Rejects with a `no-access`
   * ConnectionError when Chrome does not allow Patchbay that address's site.
   */
  captureRedirect(from: string): Promise<() => Promise<void>>;
}

export { SignInWindowClosedError } from '../errors/sign-in-window-closed-error';

/**
 * Patchbay's own requests to some hosts without `Origin`: a declarativeNetRequest session rule
 * in Chrome, holding only the hosts of servers that refuse Patchbay's Origin
 * (src/net/origin-retry.ts).
 */
export interface OwnRequestOrigins {
  /**
   * From now on Patchbay's requests to `host` go without Origin. Resolves with since when
   * (`performance.now()`; `-Infinity` where that began before this worker started), or
   * `undefined` where Chrome would not.
   */
  dropOrigin(host: string): Promise<number | undefined>;
  /** Patchbay's requests to `host` carry Origin again. */
  restoreOrigin(host: string): Promise<void>;
  /** Every host but these gets Origin back (a server removed or moved). */
  keepOnly(hosts: ReadonlySet<string>): Promise<void>;
}

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
 * A system notification, shown only while the person lets Patchbay show them (the optional
 * `notifications` permission): otherwise nothing happens.
 */
export interface Notifier {
  notify(id: string, note: { title: string; message: string }): Promise<void>;
  /** Takes a notification away (one whose news is no longer true). */
  clear(id: string): Promise<void>;
}

/** What to ask Chrome for: API permissions and host match patterns (`https://example.com/*`). */
export interface PermissionSet {
  permissions?: readonly string[];
  origins?: readonly string[];
}

/**
 * Chrome's optional permissions (chrome.permissions): asked for when the person switches on
 * what needs them, and taken back in chrome://extensions whenever the person likes.
 */
export interface OptionalPermissions {
  contains(set: PermissionSet): Promise<boolean>;
  /** Chrome's prompt; it only shows for a click in an extension page. Resolves with the answer. */
  request(set: PermissionSet): Promise<boolean>;
  /** The host match patterns held now (`permissions.getAll().origins`). */
  grantedOrigins(): Promise<string[]>;
  /** Gives these back (a switch turned off); resolves with whether they were removed. */
  remove(set: PermissionSet): Promise<boolean>;
  /** Something was granted or taken back (`permissions.onAdded` / `onRemoved`). */
  onChange(listener: () => void): () => void;
}

/** A context-menu item Patchbay adds to web pages. */
export interface MenuItem {
  id: string;
  title: string;
  /** Where it shows: on selected text, or on the page itself. */
  contexts: readonly ('selection' | 'page')[];
}

/** A click on one of Patchbay's context-menu items, as Chrome reports it. */
export interface MenuClick {
  itemId: string;
  /** The selected text (a page's words: untrusted). */
  selectionText?: string;
  pageUrl?: string;
  /** The tab clicked in; absent where Chrome gives none. */
  tab?: { windowId: number; title?: string; url?: string };
}

/**
 * The ways into the panel from outside it: Patchbay's keyboard command (chrome.commands), its
 * items in a page's context menu (chrome.contextMenus), and opening the panel
 * (chrome.sidePanel.open). Chrome opens the panel only during the key press or click that asked
 * for it: call `openPanel` from the listener itself, before anything is awaited.
 */
export interface PanelEntryPoints {
  /** Replaces Patchbay's context-menu items with `items`. */
  createMenuItems(items: readonly MenuItem[]): Promise<void>;
  /** A listener's returned promise is awaited by nothing in Chrome; the twin hands it back. */
  onMenuClick(listener: (click: MenuClick) => unknown): void;
  /** `windowId`: the window of the tab the key was pressed in, if any. */
  onCommand(listener: (command: string, windowId: number | undefined) => unknown): void;
  /** A click on one of Patchbay's notifications (once the person allowed notifications). */
  onNotificationClick(listener: (id: string) => unknown): void;
  /** The window the person was last in. */
  lastFocusedWindow(): Promise<number | undefined>;
  openPanel(windowId: number): Promise<void>;
}

/**
 * The panel's side of what an entry point leaves for it (src/panel-entry/): the request waiting
 * for the panel of this window.
 */
export interface ComposerInbox {
  /** The request left for this panel's window, removed as it is read; undefined when none. */
  take(): Promise<unknown>;
  /** Calls `listener` when a request for this window arrives while the panel is open. */
  onArrive(listener: () => void): () => void;
}

/**
 * The panel's view of the person moving between tabs: `listener` runs when they switch tabs
 * and when the tab in front finishes loading a page (chrome.tabs events, heard only while the
 * panel is open). Returns a function that stops listening.
 */
export type ActiveTabWatch = (listener: () => void) => () => void;

/**
 * chrome.storage.sync: a small store Chrome copies to the person's other browsers (signed in
 * with sync on), within quotas (src/sync/sync-limits.ts). Patchbay uses it only while the
 * person switched sync on (src/sync/).
 */
export interface SyncArea {
  /** Every item held. */
  getAll(): Promise<Record<string, unknown>>;
  /** Rejects with Chrome's quota message ("QUOTA_BYTES quota exceeded", …) when it does not fit. */
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  /** Items changed, here or from another browser; returns a function that stops listening. */
  onChanged(listener: () => void): () => void;
}

/** Keys of chrome.storage.local that changed, heard while the returned function is not called. */
export type LocalWatch = (listener: (keys: string[]) => void) => () => void;
