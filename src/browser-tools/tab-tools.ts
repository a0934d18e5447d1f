/**
 * The tools that work with tabs as a whole: listing them, opening one (in the caller's tab
 * group, when it has one), closing, showing, navigating and going back and forward. Pages
 * browser tools never act on are refused (restricted-urls.ts).
 */
import type { TabInfo } from './browser-control';
import { mayLeave, normalizeUrl, restrictionOf } from './restricted-urls';
import { ToolRefusal } from './tab-target';
import { describeTab, tabEntry } from './tab-view';
import { text, type ToolContext, type ToolHandlers } from './tool-handler';

/** How long navigation waits for the page to load before answering anyway. */
const LOAD_WAIT_MS = 15_000;

type TabToolName =
  'tabs_list' | 'tab_open' | 'tab_close' | 'tab_activate' | 'navigate' | 'go_back' | 'go_forward';

/** A URL a tool may go to; refused when browser tools never act on its page. */
function targetUrl(input: string): string {
  const url = normalizeUrl(input);
  const restriction = restrictionOf(url);
  if (restriction) throw new ToolRefusal(restriction);
  return url;
}

/** After history moved: where the tab is now, or that it is somewhere tools do not go. */
function landed(tab: TabInfo) {
  const restriction = restrictionOf(tab.url);
  return restriction
    ? text(`Tab ${tab.id} is now on a page browser tools do not act on. ${restriction}`, true)
    : text(describeTab(tab));
}

export function tabTools({ control, tabs }: ToolContext): ToolHandlers<TabToolName> {
  /** Tab group ids by title, for this worker's life (a missing group is made again). */
  const groups = new Map<string, number>();
  const { current, pageTab } = tabs;
  return {
    async tabs_list() {
      const open = await control.listTabs();
      if (!open.length) return text('No tabs are open.');
      const result = text(open.map(describeTab).join('\n'));
      result.structuredContent = { tabs: open.map(tabEntry) };
      return result;
    },
    async tab_open({ url, active }, { options }) {
      const tab = await control.openTab(targetUrl(url), active);
      if (options.groupTitle) {
        const group = await control.group(
          [tab.id],
          options.groupTitle,
          groups.get(options.groupTitle),
        );
        if (group !== undefined) groups.set(options.groupTitle, group);
      }
      const loaded = (await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab;
      return text(`Opened ${describeTab(loaded)}`);
    },
    async tab_close(_input, { pin }) {
      const tab = await pageTab(pin);
      await control.closeTab(tab.id);
      return text(`Closed tab ${tab.id} (${tab.title || tab.url}).`);
    },
    async tab_activate(_input, { pin }) {
      const tab = await current(pin);
      return text(`Showing ${describeTab(await control.activateTab(tab.id))}`);
    },
    async navigate({ url }, { pin }) {
      const tab = await current(pin);
      if (!mayLeave(tab.url)) throw new ToolRefusal(`Tab ${tab.id}: ${restrictionOf(tab.url)!}`);
      await control.navigate(tab.id, targetUrl(url));
      const loaded = (await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab;
      return text(`${describeTab(loaded)}${loaded.loading ? ' (still loading)' : ''}`);
    },
    async go_back(_input, { pin }) {
      const tab = await pageTab(pin);
      await control.goBack(tab.id);
      return landed((await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab);
    },
    async go_forward(_input, { pin }) {
      const tab = await pageTab(pin);
      await control.goForward(tab.id);
      return landed((await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab);
    },
  };
}
