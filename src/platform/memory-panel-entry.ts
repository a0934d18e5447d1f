/**
 * In-memory twins of the ways into the panel (chrome-panel-entry.ts), for unit tests. Like
 * Chrome, the entry points open the panel only while a click or key press is being handled.
 */
import type { ComposerInbox, KeyValueStore, MenuClick, MenuItem, PanelEntryPoints } from './ports';

/** Chrome's words when `sidePanel.open` is called outside a user gesture. */
export const NOT_IN_GESTURE =
  '`sidePanel.open()` may only be called in response to a user gesture.';

export function createMemoryPanelEntryPoints(): PanelEntryPoints & {
  /** The items the context menu holds now. */
  readonly menuItems: readonly MenuItem[];
  /** The windows a panel was opened in, in order. */
  readonly opened: readonly number[];
  /** A click on a menu item; resolves once every listener's work is done. */
  click(click: MenuClick): Promise<void>;
  /** The keyboard command pressed in a tab of `windowId`; resolves once the work is done. */
  press(command: string, windowId: number | undefined): Promise<void>;
  /** A click on a notification, with the person last in `windowId`. */
  clickNotice(id: string, windowId?: number): Promise<void>;
} {
  let menuItems: MenuItem[] = [];
  const opened: number[] = [];
  const menuListeners: ((click: MenuClick) => unknown)[] = [];
  const commandListeners: ((command: string, windowId: number | undefined) => unknown)[] = [];
  const noticeListeners: ((id: string) => unknown)[] = [];
  let focused: number | undefined;
  let inGesture = false;
  const gesture = async (run: () => unknown[]) => {
    inGesture = true;
    let results: unknown[];
    try {
      results = run();
    } finally {
      inGesture = false;
    }
    await Promise.all(results);
  };
  return {
    get menuItems() {
      return menuItems;
    },
    opened,
    async createMenuItems(items) {
      menuItems = items.map((item) => ({ ...item, contexts: [...item.contexts] }));
    },
    onMenuClick(listener) {
      menuListeners.push(listener);
    },
    onCommand(listener) {
      commandListeners.push(listener);
    },
    onNotificationClick(listener) {
      noticeListeners.push(listener);
    },
    lastFocusedWindow: async () => focused,
    openPanel(windowId) {
      if (!inGesture) return Promise.reject(new Error(NOT_IN_GESTURE));
      opened.push(windowId);
      return Promise.resolve();
    },
    click: (click) => gesture(() => menuListeners.map((listener) => listener(click))),
    press: (command, windowId) =>
      gesture(() => commandListeners.map((listener) => listener(command, windowId))),
    clickNotice(id, windowId) {
      focused = windowId;
      return gesture(() => noticeListeners.map((listener) => listener(id)));
    },
  };
}

/** The panel's inbox over a store, for the panel of `windowId`; `arrived()` plays a change. */
export function createMemoryComposerInbox(
  store: KeyValueStore,
  key: string,
): ComposerInbox & { arrived(): void } {
  const listeners = new Set<() => void>();
  return {
    async take() {
      const value = await store.get(key);
      if (value !== undefined) await store.remove([key]);
      return value;
    },
    onArrive(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    arrived() {
      for (const listener of listeners) listener();
    },
  };
}
