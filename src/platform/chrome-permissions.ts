/** chrome.permissions behind the OptionalPermissions port (src/platform/ports.ts). */
import { browser, type Browser } from 'wxt/browser';
import type { OptionalPermissions } from './ports';

type Permission = Browser.runtime.ManifestPermission;

export function createChromePermissions(): OptionalPermissions {
  return {
    contains: (names) => browser.permissions.contains({ permissions: names as Permission[] }),
    request: (names) => browser.permissions.request({ permissions: names as Permission[] }),
    onChange(listener) {
      const changed = () => listener();
      browser.permissions.onAdded.addListener(changed);
      browser.permissions.onRemoved.addListener(changed);
      return () => {
        browser.permissions.onAdded.removeListener(changed);
        browser.permissions.onRemoved.removeListener(changed);
      };
    },
  };
}
