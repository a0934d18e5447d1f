/**
 * Where a page tool runs, and running it there (MCP-B's routing): the tab its name names, else
 * the active tab with the tool, else the site's most recently updated tab with it, else the site
 * opened again at its kept address (site-opener.ts). A tab whose page is still loading is
 * retried (tab-call.ts); a tab that closes mid-call gives way to another only for tools that may
 * run twice.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { CallToolResultView } from '../messaging/contract';
import { offersTool, type DomainToolStorage, type TabEntry } from './domain-tool-storage';
import type { HubTool } from './hub-tool';
import { TabGoneError, TabNotReadyError, TabTimeoutError } from './ports';
import { createSiteOpener, type SiteOpenerOptions } from './site-opener';
import { callInTab, type TabCallOptions } from './tab-call';

/** How long calls may take, each with a default. */
export interface RouterTimings {
  /** How long a tab has to answer a call (10 s). */
  requestTimeoutMs?: number;
  /** Retries when a tab's page is still loading (no proxy yet), each after `retryDelayMs`. */
  retries?: number;
  retryDelayMs?: number;
  /** How long an opened tab has to register the tool (10 s). */
  openTimeoutMs?: number;
}

export interface ToolRouterOptions
  extends
    Omit<SiteOpenerOptions, 'openTimeoutMs'>,
    Omit<TabCallOptions, 'timeoutMs' | 'retries' | 'retryDelayMs'>,
    RouterTimings {
  activeTab(): number | undefined;
}

/**
 * Where to run a tool, best first: the tab its name names (the model chose it by its number
 * and description), then the active tab if it has the tool, then the site's other tabs with
 * it, most recently updated first.
 */
function candidateTabs(
  registered: DomainToolStorage,
  tool: HubTool,
  active: number | undefined,
): number[] {
  const order: number[] = [];
  const add = (entry: TabEntry | undefined) => {
    if (
      offersTool(entry, tool.toolName) &&
      entry.domain === tool.domain &&
      !order.includes(entry.tabId)
    )
      order.push(entry.tabId);
  };
  if (tool.tabId !== undefined) add(registered.tabs.get(tool.tabId));
  if (active !== undefined) add(registered.tabs.get(active));
  for (const entry of registered.tabsOf(tool.domain)) add(entry);
  return order;
}

export function createToolRouter(options: ToolRouterOptions) {
  const timings: TabCallOptions = {
    transport: options.transport,
    timeoutMs: options.requestTimeoutMs ?? 10_000,
    retries: options.retries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 1_000,
  };
  const openFor = createSiteOpener({ ...options, openTimeoutMs: options.openTimeoutMs ?? 10_000 });

  return {
    async run(tool: HubTool, args: Record<string, unknown>): Promise<CallToolResultView> {
      const tried: number[] = [];
      for (;;) {
        const tabId = candidateTabs(options.storage, tool, options.activeTab()).find(
          (candidate) => !tried.includes(candidate),
        );
        const target = tabId ?? (tried.length === 0 ? await openFor(tool) : undefined);
        if (target === undefined)
          throw new PatchbayError(
            'tool-failed',
            `No tab of ${tool.domain} could run ${tool.toolName}: its tab closed or stopped answering, and no other tab of the site offers it.`,
          );
        tried.push(target);
        try {
          return await callInTab(timings, target, tool, args);
        } catch (error) {
          // A tab that never took the call: another tab of the site may have the tool.
          if (error instanceof TabNotReadyError) continue;
          // A tab closed mid-call may have run it already: only a tool that says running it
          // again is harmless (read-only or idempotent) is tried in another tab.
          if (error instanceof TabGoneError) {
            const hints = tool.annotations;
            if (hints?.readOnlyHint === true || hints?.idempotentHint === true) continue;
            throw new PatchbayError(
              'tool-failed',
              `${tool.domain}'s tab closed while ${tool.toolName} ran, so Patchbay cannot tell whether it finished; it was not run again.`,
            );
          }
          if (error instanceof TabTimeoutError)
            throw new PatchbayError(
              'timeout',
              `${tool.domain} did not answer ${tool.toolName} within ${timings.timeoutMs / 1000} s.`,
              { retryable: true },
            );
          throw error;
        }
      }
    },
  };
}
