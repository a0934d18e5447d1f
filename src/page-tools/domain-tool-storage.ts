/**
 * Page tools by site and tab (MCP-B's DomainToolStorage): each open tab's tools, the tab's
 * per-site number (tab 1, tab 2, …, the lowest free one, kept for the tab's life), and the tools
 * a site marked `cache: true`, kept with the address they came from after their tab closes.
 * Persisted so a restarted worker still knows where cached tools live and which number each
 * tab had (a tab's tools come again from its proxy); tabs not heard from for an hour, and cached
 * tools not seen for a week, are dropped when loaded.
 */
import { z } from 'zod';
import { pageToolSchema, type PageTool } from './page-tool-messages';

export const PAGE_TOOLS_STORAGE_KEY = 'pageTools.storage';
/** The most tools one site keeps after its tabs close. */
export const MAX_CACHED_PER_SITE = 32;
/** Tabs not heard from for this long are dropped when the storage is loaded. */
export const STALE_AFTER_MS = 60 * 60_000;
/** Cached tools last seen this long ago are dropped: a site not visited in a week is forgotten. */
export const CACHED_FOR_MS = 7 * 24 * 60 * 60_000;

export interface TabEntry {
  tabId: number;
  domain: string;
  url: string;
  /** The tab's number among its site's tabs. */
  index: number;
  tools: PageTool[];
  updatedAt: number;
  /** False for a tab remembered from before the worker restarted, until its proxy registers. */
  connected: boolean;
}

/** Whether the tab is connected and offers the tool. */
export const offersTool = (entry: TabEntry | undefined, toolName: string): entry is TabEntry =>
  Boolean(entry?.connected && entry.tools.some((tool) => tool.name === toolName));

export interface CachedTool {
  tool: PageTool;
  url: string;
  savedAt: number;
}

const persistedSchema = z.object({
  version: z.literal(1),
  tabs: z.array(
    z.object({
      tabId: z.number().int(),
      domain: z.string(),
      url: z.string(),
      index: z.number().int().positive(),
      // Tabs' tool lists are not kept (a tab offers them again when its proxy reconnects);
      // storage written before kept them, and they are dropped when read.
      updatedAt: z.number(),
    }),
  ),
  cached: z.record(
    z.string(),
    z.record(z.string(), z.object({ tool: pageToolSchema, url: z.string(), savedAt: z.number() })),
  ),
});
export type PersistedPageTools = z.infer<typeof persistedSchema>;

export class DomainToolStorage {
  readonly tabs = new Map<number, TabEntry>();
  /** Cached tools by site, then by tool name. */
  readonly cached = new Map<string, Map<string, CachedTool>>();

  /** Stores (or replaces) a tab's tools; a tab keeps its number across updates. */
  setTab(tabId: number, domain: string, url: string, tools: PageTool[], now: number): TabEntry {
    const previous = this.tabs.get(tabId);
    const index =
      previous && previous.domain === domain ? previous.index : this.freeIndex(domain, tabId);
    const entry: TabEntry = { tabId, domain, url, index, tools, updatedAt: now, connected: true };
    this.tabs.set(tabId, entry);
    const kept = this.cached.get(domain) ?? new Map<string, CachedTool>();
    for (const tool of tools) {
      if (tool.annotations?.cache === true) kept.set(tool.name, { tool, url, savedAt: now });
      else kept.delete(tool.name);
    }
    // A site keeps at most MAX_CACHED_PER_SITE tools, the most recently seen.
    while (kept.size > MAX_CACHED_PER_SITE) {
      const oldest = [...kept.entries()].sort((a, b) => a[1].savedAt - b[1].savedAt)[0];
      if (oldest) kept.delete(oldest[0]);
    }
    if (kept.size) this.cached.set(domain, kept);
    else this.cached.delete(domain);
    return entry;
  }

  removeTab(tabId: number): TabEntry | undefined {
    const entry = this.tabs.get(tabId);
    this.tabs.delete(tabId);
    return entry;
  }

  /** The site's tabs that are connected, most recently updated first. */
  tabsOf(domain: string): TabEntry[] {
    return [...this.tabs.values()]
      .filter((entry) => entry.domain === domain && entry.connected)
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  private freeIndex(domain: string, tabId: number): number {
    const taken = new Set(
      [...this.tabs.values()]
        .filter((entry) => entry.domain === domain && entry.tabId !== tabId)
        .map((entry) => entry.index),
    );
    let index = 1;
    while (taken.has(index)) index += 1;
    return index;
  }

  toJSON(): PersistedPageTools {
    const cached: PersistedPageTools['cached'] = {};
    for (const [domain, tools] of this.cached) cached[domain] = Object.fromEntries(tools);
    return {
      version: 1,
      tabs: [...this.tabs.values()].map(({ tabId, domain, url, index, updatedAt }) => ({
        tabId,
        domain,
        url,
        index,
        updatedAt,
      })),
      cached,
    };
  }

  /** Loads what was persisted, without stale tabs or cached tools (see the limits above). */
  restore(raw: unknown, now: number): void {
    const parsed = persistedSchema.safeParse(raw);
    if (!parsed.success) return;
    // What storage says is checked like anything else: an address must be of its own site.
    const ownSite = (url: string, domain: string) => {
      try {
        return (
          new URL(url).hostname.toLowerCase() === domain && /^https?:$/.test(new URL(url).protocol)
        );
      } catch {
        return false;
      }
    };
    for (const entry of parsed.data.tabs) {
      if (now - entry.updatedAt > STALE_AFTER_MS || this.tabs.has(entry.tabId)) continue;
      if (!ownSite(entry.url, entry.domain)) continue;
      this.tabs.set(entry.tabId, { ...entry, tools: [], connected: false });
    }
    for (const [domain, tools] of Object.entries(parsed.data.cached)) {
      const fresh = Object.entries(tools).filter(
        ([, kept]) => now - kept.savedAt <= CACHED_FOR_MS && ownSite(kept.url, domain),
      );
      if (fresh.length && !this.cached.has(domain)) this.cached.set(domain, new Map(fresh));
    }
  }
}
