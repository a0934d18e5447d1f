/**
 * The tab a browser tool call acts on, pinned when the call is decided: resolved before the
 * person is asked (the active tab when the call names none), shown on the approval card, and
 * the tab the call then runs on, whatever tab is active by then. If the tab has gone to another
 * origin in between, the call is refused: the person approved it for the page they saw.
 */
import { DocumentGoneError, type BrowserControl, type TabInfo } from './browser-control';
import type { BrowserAgentCommand } from './page-agent/commands';
import { restrictionOf } from './restricted-urls';

/** A failure the model is told about as the tool's result (browser-tools.ts answers with it). */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal';
}

/** A tab as it was when a call was decided. */
export interface TabTarget {
  tabId: number;
  url: string;
  title: string;
  /**
   * The document it showed: what the page agent acts in (a key press never lands on a page the
   * tab moved to since, even on the same origin). Absent where no script could run.
   */
  documentId?: string;
}

/** What a call would act on: its tab, or why there is none (no tab active, no such tab). */
export type CallTarget = { tab: TabTarget } | { missing: string };

export const targetOf = (tab: TabInfo): CallTarget => ({
  tab: { tabId: tab.id, url: tab.url, title: tab.title },
});

/**
 * The origin a pin holds a tab to: scheme, host and port for web pages; the whole address for
 * pages without one (a blank tab, a file), so any move away from them counts.
 */
export function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? parsed.href : parsed.origin;
  } catch {
    return url;
  }
}

/**
 * Why the pinned tab may no longer be acted on (closed, or now on another origin) in a sentence
 * for the caller; undefined when it still shows the origin it showed when the call was decided.
 */
export function pinBroken(pin: TabTarget, now: TabInfo | undefined): string | undefined {
  if (!now) return `Tab ${pin.tabId} (${pin.url}) was closed, so nothing was done.`;
  if (originOf(now.url) === originOf(pin.url)) return undefined;
  return `Tab ${pin.tabId} is now on ${originOf(now.url)}, not on ${originOf(pin.url)} as when this call was approved, so nothing was done. Ask again to act on the page it shows now.`;
}

/** Finding a call's tab when it is decided, and the pinned tab again when the call acts. */
export function pinnedTabs(control: BrowserControl) {
  /** The pinned tab as it is now, refused when it was closed or went to another origin. */
  async function current(pin: TabTarget): Promise<TabInfo> {
    const tab = await control.getTab(pin.tabId);
    const broken = pinBroken(pin, tab);
    if (broken) throw new ToolRefusal(broken);
    return tab!;
  }

  return {
    /** The tab a call names (the active one when it names none), or why there is none. */
    async resolveTarget(tabId: number | undefined): Promise<CallTarget> {
      const tab = tabId === undefined ? await control.activeTab() : await control.getTab(tabId);
      if (tab) {
        const documentId =
          restrictionOf(tab.url) === undefined ? await control.documentOf(tab.id) : undefined;
        const { tab: pinned } = targetOf(tab) as { tab: TabTarget };
        return { tab: documentId === undefined ? pinned : { ...pinned, documentId } };
      }
      return {
        missing:
          tabId === undefined
            ? 'No tab is active; open one with tab_open.'
            : `There is no tab ${tabId}; tabs_list gives the open ones.`,
      };
    },
    current,
    /** After a read: refused (what was read withheld) if the tab left the origin meanwhile. */
    async stayed(pin: TabTarget): Promise<void> {
      if (pinBroken(pin, await control.getTab(pin.tabId)) === undefined) return;
      throw new ToolRefusal(
        `Tab ${pin.tabId} left ${originOf(pin.url)} while it was read, so nothing read is handed over.`,
      );
    },
    /**
     * Runs a page-agent command in the document the call was decided on: refused, with nothing
     * done, when the tab has navigated or reloaded since (even within its origin).
     */
    async runIn<C extends BrowserAgentCommand>(tab: TabInfo, command: C, pin: TabTarget) {
      try {
        return await control.runInPage(tab.id, command, pin.documentId);
      } catch (error) {
        if (!(error instanceof DocumentGoneError)) throw error;
        throw new ToolRefusal(
          `Tab ${tab.id} shows another page than when this call was approved (it navigated or reloaded), so nothing was done. Ask again to act on the page it shows now.`,
        );
      }
    },
    /** The pinned tab, checked to be a page browser tools may act on. */
    async pageTab(pin: TabTarget): Promise<TabInfo> {
      const tab = await current(pin);
      const restriction = restrictionOf(tab.url);
      if (restriction) throw new ToolRefusal(`Tab ${tab.id}: ${restriction}`);
      return tab;
    },
  };
}

/** The pinned tabs of calls, as {@link pinnedTabs} finds them. */
export type PinnedTabs = ReturnType<typeof pinnedTabs>;
