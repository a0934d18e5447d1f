/**
 * Opening a site to run one of its kept tools when no tab of it offers the tool: at the tool's
 * last address, in a background tab, waiting for the page's proxy to offer the tool. Calls at
 * once share one new tab; a page that does not offer the tool in time is closed again.
 */
import { PatchbayError } from '../errors/patchbay-error';
import { offersTool, type DomainToolStorage, type TabEntry } from './domain-tool-storage';
import type { HubTool } from './hub-tool';
import type { BrowserTabs } from './ports';

export interface SiteOpenerOptions {
  storage: DomainToolStorage;
  tabs: BrowserTabs;
  /** Told of every tab that registers, so a call can wait for a tab it opened. */
  arrivals: Set<(entry: TabEntry) => void>;
  /** How long an opened tab has to register the tool. */
  openTimeoutMs: number;
}

export function createSiteOpener(options: SiteOpenerOptions) {
  const { storage, tabs, arrivals, openTimeoutMs } = options;

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
      if (entry.tabId === opened && offersTool(entry, tool.toolName)) resolveArrival(entry.tabId);
    };
    arrivals.add(watch);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      opened = await tabs.open(url);
      if (offersTool(storage.tabs.get(opened), tool.toolName)) return opened;
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

  /** Sites being opened for a call, so calls at once share one new tab. */
  const opening = new Map<string, Promise<number>>();
  /** The new tab of the tool's site once it offers the tool. */
  return (tool: HubTool): Promise<number> => {
    const key = `${tool.domain}\n${tool.toolName}`;
    const shared = opening.get(key);
    if (shared) return shared;
    const started = openSite(tool).finally(() => opening.delete(key));
    opening.set(key, started);
    return started;
  };
}
