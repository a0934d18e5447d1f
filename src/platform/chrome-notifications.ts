/**
 * chrome.notifications behind the Notifier port (src/platform/ports.ts). The permission is
 * optional (it carries an install warning): asked for when the person switches on notices of
 * tasks that end while the panel is closed, and checked before every notification.
 */
import { browser } from 'wxt/browser';
import type { Notifier } from './ports';

export const NOTIFICATIONS_PERMISSION = 'notifications';

export function createChromeNotifier(): Notifier {
  return {
    async notify(id, note) {
      const allowed = await browser.permissions
        .contains({ permissions: [NOTIFICATIONS_PERMISSION] })
        .catch(() => false);
      if (!allowed) return;
      await browser.notifications
        .create(id, {
          type: 'basic',
          iconUrl: browser.runtime.getURL('/icon/128.png'),
          title: note.title,
          message: note.message,
        })
        .catch(() => undefined);
    },
    async clear(id) {
      await browser.notifications?.clear(id).catch(() => undefined);
    },
  };
}
