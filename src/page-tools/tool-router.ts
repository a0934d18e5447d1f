/**
 * Where a page tool runs, and running it there (MCP-B's routing): the tab its name names, else
 * the active tab with the tool, else the site's most recently updated tab with it, else the site
 * opened again at its kept address (calls at once share one new tab). A tab whose page is still
 * loading is retried; a tab that closes mid-call gives way to another only for tools that may
 * run twice.
 */
import { PatchbayError } from '../errors/patchbay-error';
import type { CallToolResultView } from '../messaging/contract';
import type { DomainToolStorage, TabEntry } from './domain-tool-storage';
import { executeResultSchema } from './page-tool-messages';
import type { HubTool } from './hub-tool';
import {
  TabGoneError,
  TabNotReadyError,
  TabTimeoutError,
  type BrowserTabs,
  type TabHubTransport,
} from './ports';

export interface ToolRouterOptions {
  storage: DomainToolStorage;
  transport: TabHubTransport;
  tabs: BrowserTabs;
  /** Told of every tab that registers, so a call can wait for a tab it opened. */
  arrivals: Set<(entry: TabEntry) => void>;
  activeTab(): number | undefined;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  openTimeoutMs: number;
}

export function createToolRouter(options: ToolRouterOptions) {
  const { storage, transport, tabs, arrivals, timeoutMs, retries, retryDelayMs, openTimeoutMs } =
    options;

  const hasTool = (entry: TabEntry | undefined, toolName: string): entry is TabEntry =>
    Boolean(entry?.connected && entry.tools.some((tool) => tool.name === toolName));

  /**
   * Where to run a tool, best first: the tab its name names (the model chose it by its number
   * and description), then the active tab if it has the tool, then the site's other tabs with
   * it, most recently updated first.
   */
  const candidates = (tool: HubTool): number[] => {
    const order: number[] = [];
    const add = (entry: TabEntry | undefined) => {
      if (
        hasTool(entry, tool.toolName) &&
        entry.domain === tool.domain &&
        !order.includes(entry.tabId)
      )
        order.push(entry.tabId);
    };
    if (tool.tabId !== undefined) add(storage.tabs.get(tool.tabId));
    const active = options.activeTab();
    if (active !== undefined) add(storage.tabs.get(active));
    for (const entry of storage.tabsOf(tool.domain)) add(entry);
    return order;
  };

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** Runs the tool in one tab, retrying while the tab's page is still loading. */
  const runIn = async (tabId: number, tool: HubTool, args: Record<string, unknown>) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await transport.sendRequest(
          tabId,
          { method: 'browser/executeTool', params: { toolName: tool.toolName, args } },
          timeoutMs,
        );
        const result = executeResultSchema.safeParse(answer);
        if (!result.success)
          throw new PatchbayError(
            'tool-failed',
            `${tool.domain} answered ${tool.toolName} with something Patchbay cannot read.`,
          );
        if (!result.data.success)
          throw new PatchbayError(
            'tool-failed',
            `${tool.domain} could not run ${tool.toolName}: ${result.data.payload}`,
          );
        return result.data.payload;
      } catch (error) {
        if (error instanceof TabNotReadyError && attempt < retries) {
          await sleep(retryDelayMs);
          continue;
        }
        throw error;
      }
    }
  };

  /** Sites being opened for a call, so calls at once share one new tab. */
  const opening = new Map<string, Promise<number>>();
  const openFor = (tool: HubTool): Promise<number> => {
    const key = `${tool.domain}\n${tool.toolName}`;
    const shared = opening.get(key);
    if (shared) return shared;
    const started = openSite(tool).finally(() => opening.delete(key));
    opening.set(key, started);
    return started;
  };

  /** Opens the site at the tool's last address and waits for its proxy to offer the tool. */
  const openSite = async (tool: HubTool): Promise<number> => {
    const url =
      storage.cached.get(tool.domain)?.get(tool.toolName)?.url ??
      [...storage.tabs.values()].find((entry) => entry.domain === tool.domain)?.url ??
      `https://${tool.domain}/`;
    let resolveArrival: (tabId: number) => void = () => undefined;
    const arrived = new Promise<number>((resolve) => (resolveArrival = resolve));
    let opened: number | undefined;
    const watch = (entry: TabEntry) => {
      if (entry.tabId === opened && hasTool(entry, tool.toolName)) resolveArrival(entry.tabId);
    };
    arrivals.add(watch);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      opened = await tabs.open(url);
      if (hasTool(storage.tabs.get(opened), tool.toolName)) return opened;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new PatchbayError(
                'timeout',
                `Patchbay opened ${url} to run ${tool.toolName}, but the page did not offer it within ${openTimeoutMs / 1000} s.`,
              ),
            ),
          openTimeoutMs,
        );
      });
      return await Promise.race([arrived, timedOut]);
    } catch (error) {
      // A page that did not offer the tool is of no use open: the tab Patchbay opened goes.
      if (opened !== undefined) await tabs.close(opened).catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
      arrivals.delete(watch);
    }
  };

  return {
    async run(tool: HubTool, args: Record<string, unknown>): Promise<CallToolResultView> {
      const tried: number[] = [];
      for (;;) {
        const tabId = candidates(tool).find((candidate) => !tried.includes(candidate));
        const target = tabId ?? (tried.length === 0 ? await openFor(tool) : undefined);
        if (target === undefined)
          throw new PatchbayError(
            'tool-failed',
            `No tab of ${tool.domain} could run ${tool.toolName}: its tab closed or stopped answering, and no other tab of the site offers it.`,
          );
        tried.push(target);
        try {
          return await runIn(target, tool, args);
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
              `${tool.domain} did not answer ${tool.toolName} within ${timeoutMs / 1000} s.`,
              { retryable: true },
            );
          throw error;
        }
      }
    },
  };
}
