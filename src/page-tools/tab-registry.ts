/**
 * The tools registered by allowed sites' tabs (domain-tool-storage.ts), kept in storage so a
 * restarted worker still knows where kept tools live and which number each tab had. Tabs
 * remembered from before a restart that do not register again within a grace period are gone.
 * Calls waiting for a tab they opened hear each registration (`arrivals`).
 */
import type { KeyValueStore } from '../platform/ports';
import { DomainToolStorage, PAGE_TOOLS_STORAGE_KEY, type TabEntry } from './domain-tool-storage';
import type { PendingTab } from './pending-tools';

/** How long tabs remembered from before a worker restart have to register again. */
const RESTORED_GRACE_MS = 15_000;

export function createTabRegistry(store: KeyValueStore, now: () => number, changed: () => void) {
  const storage = new DomainToolStorage();
  /** Calls waiting for a tab they opened to register. */
  const arrivals = new Set<(entry: TabEntry) => void>();
  let restoredTimer: ReturnType<typeof setTimeout> | undefined;
  const persist = () =>
    void store.set({ [PAGE_TOOLS_STORAGE_KEY]: storage.toJSON() }).catch(() => undefined);

  return {
    storage,
    arrivals,
    /** Reads what the worker before this one kept. */
    async restore(): Promise<void> {
      storage.restore(await store.get(PAGE_TOOLS_STORAGE_KEY), now());
      // Tabs remembered from before the worker restarted that have not registered again by
      // then are gone (their numbers go free).
      restoredTimer = setTimeout(() => {
        for (const entry of [...storage.tabs.values()])
          if (!entry.connected) storage.removeTab(entry.tabId);
        persist();
      }, RESTORED_GRACE_MS);
    },
    /** Registers a tab's tools; the same list from the same page changes nothing. */
    register(tabId: number, { domain, url, tools }: PendingTab): void {
      const previous = storage.tabs.get(tabId);
      if (
        previous?.connected &&
        previous.url === url &&
        JSON.stringify(previous.tools) === JSON.stringify(tools)
      )
        return;
      const entry = storage.setTab(tabId, domain, url, tools, now());
      persist();
      changed();
      for (const arrived of arrivals) arrived(entry);
    },
    /** The tab's tools go (it closed or left its page); true when it had registered. */
    remove(tabId: number): boolean {
      const removed = storage.removeTab(tabId) !== undefined;
      if (removed) persist();
      return removed;
    },
    /** The site's tools go, kept ones too; returns its tabs' tools as they were. */
    removeSite(domain: string): [number, PendingTab][] {
      const removed: [number, PendingTab][] = [];
      for (const entry of [...storage.tabs.values()]) {
        if (entry.domain !== domain) continue;
        storage.removeTab(entry.tabId);
        if (entry.connected && entry.tools.length)
          removed.push([entry.tabId, { domain, url: entry.url, tools: entry.tools }]);
      }
      storage.cached.delete(domain);
      persist();
      return removed;
    },
    /** Stops the grace period's timer. */
    dispose(): void {
      clearTimeout(restoredTimer);
    },
  };
}
