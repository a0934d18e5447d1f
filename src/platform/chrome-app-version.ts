import { browser } from 'wxt/browser';

/** This Patchbay's version, as its manifest says (backups record it). */
export function chromeAppVersion(): string {
  return browser.runtime.getManifest().version;
}
