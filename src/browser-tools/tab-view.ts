/**
 * How browser tools show a tab to their caller (the chat's model, an external client). A tab on
 * a page they never act on (restricted-urls.ts) is shown by id alone: the addresses and titles of
 * the browser's settings, local files and other extensions' pages say what the person has open
 * and installed, and no tool needs them. The tab can still be shown (tab_activate) or, when
 * blank, navigated by id.
 */
import type { TabInfo } from './browser-control';
import { restrictionOf } from './restricted-urls';

/** What a tools result says in place of a restricted tab's address and title. */
export const RESTRICTED_PAGE =
  'restricted page (a browser, extension or local page: its address and title are not shown)';

const isRestricted = (tab: TabInfo) => restrictionOf(tab.url) !== undefined;

/** "Tab 3 (active): Title — https://…", or the id alone for a restricted page. */
export function describeTab(tab: TabInfo): string {
  const head = `Tab ${tab.id}${tab.active ? ' (active)' : ''}`;
  return isRestricted(tab)
    ? `${head}: ${RESTRICTED_PAGE}`
    : `${head}: ${tab.title || 'Untitled'} — ${tab.url}`;
}

/** The tab in tabs_list's structured result; a restricted one without its address and title. */
export function tabEntry(tab: TabInfo) {
  const { id, windowId, url, title, active } = tab;
  return isRestricted(tab)
    ? { id, windowId, active, restricted: true }
    : { id, windowId, url, title, active };
}

/** Where a tab went after an action: "at https://… (Title)", or "on a restricted page …". */
export function whereTab(tab: TabInfo): string {
  return isRestricted(tab) ? `on a ${RESTRICTED_PAGE}` : `at ${tab.url} (${tab.title})`;
}
