/**
 * Runs the browser's own tools (tool-definitions.ts) on a {@link BrowserControl}: checks their
 * arguments, acts on the tab pinned when the call was decided (tab-target.ts), refuses pages
 * browser tools never act on (restricted-urls.ts), and answers as MCP tool results. Failures a
 * model can act on are results with `isError`, never thrown: the caller (the chat, an external
 * client) shows them like any tool's.
 */
import type { CallToolResultView } from '../messaging/contract';
import type { BrowserControl, TabInfo } from './browser-control';
import { formatAgentResult } from './format-results';
import type { BrowserAgentCommand } from './page-agent/commands';
import { mayLeave, normalizeUrl, restrictionOf } from './restricted-urls';
import { describeTab, tabEntry, whereTab } from './tab-view';
import { pinBroken, pinnedTabs, ToolRefusal, type CallTarget, type TabTarget } from './tab-target';
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
  /**
   * The tab the call acts on, as {@link BrowserTools.target} resolved it when the call was
   * decided; resolved at the start of the call when left out.
   */
  target?: CallTarget;
}

export interface BrowserTools {
  /**
   * The tab a call would act on, resolved now (the active tab when the call names none), to
   * show on an approval card and pass to {@link call}; undefined for tools that act on no tab.
   */
  target(name: string, args: Record<string, unknown>): Promise<CallTarget | undefined>;
  call(
    name: string,
    args: Record<string, unknown>,
    options?: BrowserCallOptions,
  ): Promise<CallToolResultView>;
  /** The URL of a tab, the active one without `tabId`; none when there is no such tab. */
  tabUrl(tabId: number | undefined): Promise<string | undefined>;
}

const text = (value: string, isError = false): CallToolResultView => ({
  content: [{ type: 'text', text: value }],
  ...(isError && { isError: true }),
});

export function createBrowserTools(control: BrowserControl): BrowserTools {
  /** Tab group ids by title, for this worker's life (a missing group is made again). */
  const groups = new Map<string, number>();

  const { resolveTarget, current, pageTab, stayed, runIn } = pinnedTabs(control);

  function targetUrl(input: string): string {
    const url = normalizeUrl(input);
    const restriction = restrictionOf(url);
    if (restriction) throw new ToolRefusal(restriction);
    return url;
  }

  async function agent(
    tab: TabInfo,
    command: BrowserAgentCommand,
    pin: TabTarget,
  ): Promise<CallToolResultView> {
    const response = await runIn(tab, command, pin);
    if (!response.ok) return text(response.message, true);
    return formatAgentResult(command, response);
  }

  /**
   * Reads the pinned tab: what it read is handed over only if the tab is still on the pinned
   * origin afterwards (it may have gone elsewhere while the page agent ran).
   */
  async function read(pin: TabTarget, command: BrowserAgentCommand) {
    const result = await agent(await pageTab(pin), command, pin);
    await stayed(pin);
    return result;
  }

  /** After an action: wait a little for a navigation it started, then say where the tab is. */
  async function afterAction(tab: TabInfo, result: CallToolResultView) {
    if (result.isError) return result;
    const now = await control.settle(tab.id, ACTION_SETTLE_MS);
    if (now && now.url !== tab.url) {
      result.content.push({ type: 'text', text: `The tab is now ${whereTab(now)}.` });
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

  const handlers: {
    [N in BrowserToolName]: (
      input: BrowserToolInput<N>,
      call: { options: BrowserCallOptions; pin: TabTarget },
    ) => Promise<CallToolResultView>;
  } = {
    async tabs_list() {
      const tabs = await control.listTabs();
      if (!tabs.length) return text('No tabs are open.');
      const result = text(tabs.map(describeTab).join('\n'));
      result.structuredContent = { tabs: tabs.map(tabEntry) };
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
    async read_page({ format, offset, maxChars }, { pin }) {
      return read(pin, { type: 'read', format, offset, maxChars });
    },
    async snapshot({ offset, maxElements }, { pin }) {
      return read(pin, { type: 'snapshot', offset, maxElements });
    },
    async find_text({ text: wanted, maxResults }, { pin }) {
      return read(pin, { type: 'find', text: wanted, maxResults });
    },
    async click({ ref }, { pin }) {
      const tab = await pageTab(pin);
      return afterAction(tab, await agent(tab, { type: 'click', ref }, pin));
    },
    async type({ ref, text: typed, clear, submit }, { pin }) {
      const tab = await pageTab(pin);
      return afterAction(
        tab,
        await agent(tab, { type: 'type', ref, text: typed, clear, submit }, pin),
      );
    },
    async press_key({ key, ref }, { pin }) {
      const tab = await pageTab(pin);
      return afterAction(tab, await agent(tab, { type: 'press', key, ...(ref && { ref }) }, pin));
    },
    async scroll({ ref, direction, amount }, { pin }) {
      return agent(
        await pageTab(pin),
        {
          type: 'scroll',
          ...(ref && { ref }),
          ...(direction && { direction }),
          ...(amount && { amount }),
        },
        pin,
      );
    },
    async wait_for({ selector, text: wanted, timeoutMs }, { pin }) {
      return read(pin, {
        type: 'wait',
        ...(selector !== undefined && { selector }),
        ...(wanted !== undefined && { text: wanted }),
        timeoutMs,
      });
    },
    async screenshot(_input, { pin }) {
      const tab = await pageTab(pin);
      if (!tab.active) {
        return text(
          `Tab ${tab.id} is not the visible tab of its window; show it first with tab_activate.`,
          true,
        );
      }
      // The capture takes whatever the window shows: it must show this tab, on the pinned
      // origin, before and after.
      const shows = async () => {
        const now = await control.getTab(tab.id);
        return (
          now?.active === true &&
          restrictionOf(now.url) === undefined &&
          pinBroken(pin, now) === undefined
        );
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
      if (!isBrowserToolName(name) || !actsOnTab(name)) return undefined;
      return resolveTarget(typeof args.tabId === 'number' ? args.tabId : undefined);
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
        let pin: TabTarget | undefined;
        if (actsOnTab(name)) {
          const named = (parsed.data as { tabId?: number }).tabId;
          const target = options.target ?? (await resolveTarget(named));
          if ('missing' in target) return text(target.missing, true);
          if (named !== undefined && named !== target.tab.tabId) {
            return text(`Tab ${named} is not the tab this call was approved for.`, true);
          }
          pin = target.tab;
        }
        const handler = handlers[name] as (
          input: unknown,
          call: { options: BrowserCallOptions; pin: TabTarget | undefined },
        ) => Promise<CallToolResultView>;
        return await handler(parsed.data, { options, pin });
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

/** Tools that act on one tab (all but listing tabs and opening one). */
function actsOnTab(name: BrowserToolName): boolean {
  return name !== 'tabs_list' && name !== 'tab_open';
}

/** A browser API's error in a sentence (its messages are written for developers, but plain). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
