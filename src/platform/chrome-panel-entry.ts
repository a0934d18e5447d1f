/**
 * The chrome.* side of the ways into the panel: chrome.commands, chrome.contextMenus and
 * chrome.sidePanel in the worker, and chrome.storage.session with chrome.windows in the panel.
 */
import { browser } from 'wxt/browser';
import type { ComposerInbox, MenuItem, PanelEntryPoints } from './ports';

type MenuContext = MenuItem['contexts'][number];

/** Context-menu items show on web pages only (not on the browser's own pages or files). */
const WEB_PAGES = ['http://*/*', 'https://*/*'];

export function createChromePanelEntryPoints(): PanelEntryPoints {
  return {
    async createMenuItems(items) {
      // Items outlive the worker: a worker that starts again would otherwise add duplicates.
      await browser.contextMenus.removeAll();
      await Promise.all(
        items.map(
          (item) =>
            new Promise<void>((resolve, reject) => {
              browser.contextMenus.create(
                {
                  id: item.id,
                  title: item.title,
                  contexts: [...item.contexts] as [MenuContext, ...MenuContext[]],
                  documentUrlPatterns: WEB_PAGES,
                },
                () => {
                  const error = browser.runtime.lastError;
                  if (error) reject(new Error(`Context menu item ${item.id}: ${error.message}`));
                  else resolve();
                },
              );
            }),
        ),
      );
    },
    onMenuClick(listener) {
      browser.contextMenus.onClicked.addListener((info, tab) => {
        listener({
          itemId: String(info.menuItemId),
          ...(info.selectionText !== undefined ? { selectionText: info.selectionText } : {}),
          ...(info.pageUrl !== undefined ? { pageUrl: info.pageUrl } : {}),
          ...(tab
            ? {
                tab: {
                  windowId: tab.windowId,
                  ...(tab.title !== undefined ? { title: tab.title } : {}),
                  ...(tab.url !== undefined ? { url: tab.url } : {}),
                },
              }
            : {}),
        });
      });
    },
    onCommand(listener) {
      browser.commands.onCommand.addListener((command, tab) => {
        listener(command, tab?.windowId);
      });
    },
    onNotificationClick(listener) {
      // chrome.notifications exists only while its optional permission is granted.
      let heard = false;
      const hear = () => {
        if (heard || !browser.notifications?.onClicked) return;
        heard = true;
        browser.notifications.onClicked.addListener((id) => {
          listener(id);
          void browser.notifications.clear(id);
        });
      };
      hear();
      browser.permissions.onAdded.addListener(hear);
    },
    lastFocusedWindow: async () => (await browser.windows.getLastFocused()).id,
    openPanel: (windowId) => browser.sidePanel.open({ windowId }),
  };
}

/**
 * What the worker left in chrome.storage.session for the panel of this window, under the key
 * `keyFor(windowId)`. Session storage is closed to content scripts by default.
 */
export function createChromeComposerInbox(keyFor: (windowId: number) => string): ComposerInbox {
  let key: Promise<string | undefined> | undefined;
  const ownKey = () =>
    (key ??= browser.windows
      .getCurrent()
      .then((window) => (window.id === undefined ? undefined : keyFor(window.id))));
  return {
    async take() {
      const found = await ownKey();
      if (found === undefined) return undefined;
      const value = (await browser.storage.session.get(found))[found];
      if (value !== undefined) await browser.storage.session.remove(found);
      return value;
    },
    onArrive(listener) {
      const handler = (changes: Record<string, { newValue?: unknown }>, area: string) => {
        if (area !== 'session') return;
        void ownKey().then((found) => {
          if (found !== undefined && changes[found]?.newValue !== undefined) listener();
        });
      };
      browser.storage.onChanged.addListener(handler);
      return () => browser.storage.onChanged.removeListener(handler);
    },
  };
}
