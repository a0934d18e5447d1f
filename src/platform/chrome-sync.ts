/**
 * chrome.storage.sync and chrome.storage.local's change events, for Settings › Sync
 * (src/sync/). Needs no permission beyond `storage`.
 */
import { browser } from 'wxt/browser';
import type { LocalWatch, SyncArea } from './ports';

/** chrome.storage.sync as a {@link SyncArea}. */
export function createChromeSyncArea(): SyncArea {
  const area = browser.storage.sync;
  return {
    getAll: () => area.get(null),
    set: (items) => area.set(items),
    remove: async (keys) => {
      if (keys.length) await area.remove([...keys]);
    },
    onChanged(listener) {
      const handler = () => listener();
      area.onChanged.addListener(handler);
      return () => area.onChanged.removeListener(handler);
    },
  };
}

/** chrome.storage.local's changes, by key. */
export const watchChromeLocal: LocalWatch = (listener) => {
  const handler = (changes: Record<string, unknown>) => listener(Object.keys(changes));
  browser.storage.local.onChanged.addListener(handler);
  return () => browser.storage.local.onChanged.removeListener(handler);
};
