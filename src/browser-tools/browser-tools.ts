/**
 * Runs the browser's own tools (tool-definitions.ts) on a {@link BrowserControl}: checks their
 * arguments, acts on the tab pinned when the call was decided (tab-target.ts), refuses pages
 * browser tools never act on (restricted-urls.ts), and answers as MCP tool results. Failures a
 * model can act on are results with `isError`, never thrown: the caller (the chat, an external
 * client) shows them like any tool's.
 */
import type { CallToolResultView } from '../messaging/contract';
import type { BrowserControl } from './browser-control';
import { pageActionTools } from './page-action-tools';
import { pageReadingTools } from './page-reading-tools';
import { pinnedTabs, ToolRefusal, type CallTarget, type TabTarget } from './tab-target';
import { tabTools } from './tab-tools';
import {
  browserToolInfo,
  browserToolInputs,
  isBrowserToolName,
  type BrowserToolName,
} from './tool-definitions';
import { text, type BrowserCallOptions, type ToolCall, type ToolHandlers } from './tool-handler';
import { errorMessage } from '../errors/error-message';

export type { BrowserCallOptions } from './tool-handler';

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

export function createBrowserTools(control: BrowserControl): BrowserTools {
  const tabs = pinnedTabs(control);
  const context = { control, tabs };
  const handlers: ToolHandlers<BrowserToolName> = {
    ...tabTools(context),
    ...pageReadingTools(context),
    ...pageActionTools(context),
  };

  return {
    async target(name, args) {
      if (!isBrowserToolName(name) || !actsOnTab(name)) return undefined;
      return tabs.resolveTarget(typeof args.tabId === 'number' ? args.tabId : undefined);
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
          const target = options.target ?? (await tabs.resolveTarget(named));
          if ('missing' in target) return text(target.missing, true);
          if (named !== undefined && named !== target.tab.tabId) {
            return text(`Tab ${named} is not the tab this call was approved for.`, true);
          }
          pin = target.tab;
        }
        // Tools that act on no tab get no pin, and read none.
        const handler = handlers[name] as (
          input: unknown,
          call: Omit<ToolCall, 'pin'> & { pin: TabTarget | undefined },
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
  return errorMessage(error).slice(0, 500);
}
