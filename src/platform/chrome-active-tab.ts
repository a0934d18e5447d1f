/**
 * The chrome.* side of {@link ActiveTabWatch}, for the side panel: tabs.onActivated, and
 * tabs.onUpdated for a tab in front that finished loading. Neither needs the `tabs` permission;
 * only their listeners in the open panel hear them, so the worker is not woken by page loads.
 */
import { browser } from 'wxt/browser';
import type { ActiveTabWatch } from './ports';

export const watchChromeActiveTab: ActiveTabWatch = (listener) => {
  const activated = () => listener();
  const updated = (_tabId: number, change: { status?: string }, tab: { active?: boolean }) => {
    if (change.status === 'complete' && tab.active) listener();
  };
  browser.tabs.onActivated.addListener(activated);
  browser.tabs.onUpdated.addListener(updated);
  return () => {
    browser.tabs.onActivated.removeListener(activated);
    browser.tabs.onUpdated.removeListener(updated);
  };
};
