/** chrome.permissions behind the OptionalPermissions port (src/platform/ports.ts). */
import { browser, type Browser } from 'wxt/browser';
import type { OptionalPermissions, PermissionSet } from './ports';

type Permission = Browser.runtime.ManifestPermission;

function toChrome(set: PermissionSet): Browser.permissions.Permissions {
  return {
    ...(set.permissions ? { permissions: [...set.permissions] as Permission[] } : {}),
    ...(set.origins ? { origins: [...set.origins] } : {}),
  };
}

export function createChromePermissions(): OptionalPermissions {
  return {
    contains: (set) => browser.permissions.contains(toChrome(set)),
    request: (set) => browser.permissions.request(toChrome(set)),
    grantedOrigins: async () => (await browser.permissions.getAll()).origins ?? [],
    remove: (set) => browser.permissions.remove(toChrome(set)),
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
