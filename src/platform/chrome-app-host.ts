/**
 * What the panel's MCP App host needs of the browser: the address of the extension's sandbox
 * page (where an app's frame runs) and a tab of its own for a link an app opens.
 */
import { browser } from 'wxt/browser';

/** The sandbox page an app's frame loads (`entrypoints/app-sandbox.sandbox`). */
export function appSandboxUrl(): string {
  return browser.runtime.getURL('/app-sandbox.html');
}

/** Opens `url` in a new tab, created by the extension: the app's frame gets no handle on it. */
export async function openAppLink(url: string): Promise<void> {
  await browser.tabs.create({ url });
}
