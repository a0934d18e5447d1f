/**
 * Runs the browser's own tools (tool-definitions.ts) on a {@link BrowserControl}: checks their
 * arguments, picks the tab, refuses pages browser tools never act on (restricted-urls.ts), and
 * answers as MCP tool results. Failures a model can act on are results with `isError`, never
 * thrown: the caller (the chat, an external client) shows them like any tool's.
 */
import type { CallToolResultView } from '../messaging/contract';
import type { BrowserControl, TabInfo } from './browser-control';
import { formatAgentResult } from './format-results';
import type { BrowserAgentCommand } from './page-agent/commands';
import { mayLeave, restrictionOf } from './restricted-urls';
import {
  browserToolInfo,
  browserToolInputs,
  isBrowserToolName,
  type BrowserToolInput,
  type BrowserToolName,
} from './tool-definitions';

/** How long navigation waits for the page to load before answering anyway. */
const LOAD_WAIT_MS = 15_000;
/** How long an action waits for a navigation it started. */
const ACTION_SETTLE_MS = 3_000;

export interface BrowserCallOptions {
  /** Tabs this caller opens go in a tab group of this name (an external client's). */
  groupTitle?: string;
  /** The caller gave up (or its access was switched off): nothing more is done. */
  signal?: AbortSignal;
}

export interface BrowserTools {
  /** The tab a call would act on, for an approval card ("Title — URL"); none for other tools. */
  target(name: string, args: Record<string, unknown>): Promise<string | undefined>;
  call(
    name: string,
    args: Record<string, unknown>,
    options?: BrowserCallOptions,
  ): Promise<CallToolResultView>;
  /** The URL of a tab, the active one without `tabId`; none when there is no such tab. */
  tabUrl(tabId: number | undefined): Promise<string | undefined>;
}

/** A failure the model is told about as the tool's result. */
class ToolRefusal extends Error {
  override name = 'ToolRefusal';
}

const text = (value: string, isError = false): CallToolResultView => ({
  content: [{ type: 'text', text: value }],
  ...(isError && { isError: true }),
});

/** "example.com/x" → "https://example.com/x"; anything else as it is. */
export function normalizeUrl(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function createBrowserTools(control: BrowserControl): BrowserTools {
  /** Tab group ids by title, for this worker's life (a missing group is made again). */
  const groups = new Map<string, number>();

  async function tabOf(tabId: number | undefined): Promise<TabInfo> {
    const tab = tabId === undefined ? await control.activeTab() : await control.getTab(tabId);
    if (!tab) {
      throw new ToolRefusal(
        tabId === undefined
          ? 'No tab is active; open one with tab_open.'
          : `There is no tab ${tabId}; tabs_list gives the open ones.`,
      );
    }
    return tab;
  }

  /** The tab, checked to be a page browser tools may act on. */
  async function pageTab(tabId: number | undefined): Promise<TabInfo> {
    const tab = await tabOf(tabId);
    const restriction = restrictionOf(tab.url);
    if (restriction) throw new ToolRefusal(`Tab ${tab.id}: ${restriction}`);
    return tab;
  }

  function targetUrl(input: string): string {
    const url = normalizeUrl(input);
    const restriction = restrictionOf(url);
    if (restriction) throw new ToolRefusal(restriction);
    return url;
  }

  async function agent(tab: TabInfo, command: BrowserAgentCommand): Promise<CallToolResultView> {
    const response = await control.runInPage(tab.id, command);
    if (!response.ok) return text(response.message, true);
    return formatAgentResult(command, response);
  }

  /** After an action: wait a little for a navigation it started, then say where the tab is. */
  async function afterAction(tab: TabInfo, result: CallToolResultView) {
    if (result.isError) return result;
    const now = await control.settle(tab.id, ACTION_SETTLE_MS);
    if (now && now.url !== tab.url) {
      result.content.push({ type: 'text', text: `The tab is now at ${now.url} (${now.title}).` });
    }
    return result;
  }

  /** After history moved: where the tab is now, or that it is somewhere tools do not go. */
  const landed = (tab: TabInfo) => {
    const restriction = restrictionOf(tab.url);
    return restriction
      ? text(`Tab ${tab.id} is now on a page browser tools do not act on. ${restriction}`, true)
      : text(describeTab(tab));
  };

  const describeTab = (tab: TabInfo) =>
    `Tab ${tab.id}${tab.active ? ' (active)' : ''}: ${tab.title || 'Untitled'} — ${tab.url}`;

  const handlers: {
    [N in BrowserToolName]: (
      input: BrowserToolInput<N>,
      options: BrowserCallOptions,
    ) => Promise<CallToolResultView>;
  } = {
    async tabs_list() {
      const tabs = await control.listTabs();
      if (!tabs.length) return text('No tabs are open.');
      const result = text(tabs.map(describeTab).join('\n'));
      result.structuredContent = {
        tabs: tabs.map(({ id, windowId, url, title, active }) => ({
          id,
          windowId,
          url,
          title,
          active,
        })),
      };
      return result;
    },
    async tab_open({ url, active }, options) {
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
    async tab_close({ tabId }) {
      const tab = await pageTab(tabId);
      await control.closeTab(tab.id);
      return text(`Closed tab ${tab.id} (${tab.title || tab.url}).`);
    },
    async tab_activate({ tabId }) {
      await tabOf(tabId);
      return text(`Showing ${describeTab(await control.activateTab(tabId))}`);
    },
    async navigate({ url, tabId }) {
      const tab = await tabOf(tabId);
      if (!mayLeave(tab.url)) throw new ToolRefusal(`Tab ${tab.id}: ${restrictionOf(tab.url)!}`);
      await control.navigate(tab.id, targetUrl(url));
      const loaded = (await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab;
      return text(`${describeTab(loaded)}${loaded.loading ? ' (still loading)' : ''}`);
    },
    async go_back({ tabId }) {
      const tab = await pageTab(tabId);
      await control.goBack(tab.id);
      return landed((await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab);
    },
    async go_forward({ tabId }) {
      const tab = await pageTab(tabId);
      await control.goForward(tab.id);
      return landed((await control.settle(tab.id, LOAD_WAIT_MS)) ?? tab);
    },
    async read_page({ tabId, format, offset, maxChars }) {
      return agent(await pageTab(tabId), { type: 'read', format, offset, maxChars });
    },
    async snapshot({ tabId, offset, maxElements }) {
      return agent(await pageTab(tabId), { type: 'snapshot', offset, maxElements });
    },
    async find_text({ tabId, text: wanted, maxResults }) {
      return agent(await pageTab(tabId), { type: 'find', text: wanted, maxResults });
    },
    async click({ tabId, ref }) {
      const tab = await pageTab(tabId);
      return afterAction(tab, await agent(tab, { type: 'click', ref }));
    },
    async type({ tabId, ref, text: typed, clear, submit }) {
      const tab = await pageTab(tabId);
      return afterAction(tab, await agent(tab, { type: 'type', ref, text: typed, clear, submit }));
    },
    async press_key({ tabId, key, ref }) {
      const tab = await pageTab(tabId);
      return afterAction(tab, await agent(tab, { type: 'press', key, ...(ref && { ref }) }));
    },
    async scroll({ tabId, ref, direction, amount }) {
      return agent(await pageTab(tabId), {
        type: 'scroll',
        ...(ref && { ref }),
        ...(direction && { direction }),
        ...(amount !== undefined && { amount }),
      });
    },
    async wait_for({ tabId, selector, text: wanted, timeoutMs }) {
      return agent(await pageTab(tabId), {
        type: 'wait',
        ...(selector !== undefined && { selector }),
        ...(wanted !== undefined && { text: wanted }),
        timeoutMs,
      });
    },
    async screenshot({ tabId }) {
      const tab = await pageTab(tabId);
      if (!tab.active) {
        return text(
          `Tab ${tab.id} is not the visible tab of its window; show it first with tab_activate.`,
          true,
        );
      }
      // The capture takes whatever the window shows: it must show this tab before and after.
      const shows = async () => {
        const now = await control.getTab(tab.id);
        return now?.active === true && restrictionOf(now.url) === undefined;
      };
      if (!(await shows())) throw new ToolRefusal(`Tab ${tab.id} is no longer the one shown.`);
      const dataUrl = await control.captureVisible(tab.windowId);
      if (!(await shows())) {
        throw new ToolRefusal(
          `Tab ${tab.id} stopped being the one shown while it was captured; try again.`,
        );
      }
      const [, mimeType = 'image/png', data = ''] =
        /^data:([^;]+);base64,(.*)$/.exec(dataUrl) ?? [];
      return {
        content: [
          { type: 'image', data, mimeType },
          { type: 'text', text: `Screenshot of ${describeTab(tab)}` },
        ],
      };
    },
  };

  return {
    async target(name, args) {
      if (!isBrowserToolName(name) || name === 'tabs_list' || name === 'tab_open') return undefined;
      const tabId = typeof args.tabId === 'number' ? args.tabId : undefined;
      const tab = tabId === undefined ? await control.activeTab() : await control.getTab(tabId);
      return tab ? `Tab ${tab.id}: ${tab.title || 'Untitled'} — ${tab.url}` : undefined;
    },
    async call(name, args, options = {}) {
      if (!isBrowserToolName(name)) return text(`There is no browser tool named “${name}”.`, true);
      const parsed = browserToolInputs[name].safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || 'arguments';
        return text(
          `Invalid arguments for ${name}: ${where}: ${issue?.message ?? 'invalid'}.`,
          true,
        );
      }
      if (options.signal?.aborted) return text('The call was cancelled.', true);
      try {
        const handler = handlers[name] as (
          input: unknown,
          options: BrowserCallOptions,
        ) => Promise<CallToolResultView>;
        return await handler(parsed.data, options);
      } catch (error) {
        if (error instanceof ToolRefusal) return text(error.message, true);
        return text(`${browserToolInfo[name].annotations.title} failed: ${messageOf(error)}`, true);
      }
    },
    async tabUrl(tabId) {
      const tab = tabId === undefined ? await control.activeTab() : await control.getTab(tabId);
      return tab?.url;
    },
  };
}

/** A browser API's error in a sentence (its messages are written for developers, but plain). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
