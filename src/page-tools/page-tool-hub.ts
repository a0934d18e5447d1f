/**
 * The page-tools hub (MCP-B): tools that websites offer in their own tabs, registered by each
 * tab's content-script proxy, named and described per site and tab, and routed to the right tab
 * when called (tool-router.ts). It knows nothing of `chrome.*`: the transport to the proxies, the tabs and the
 * store are injected (ports.ts). Sites the person has not allowed offer nothing: their tools
 * wait, unregistered, until the person allows the site.
 */
import { PatchbayError } from '../errors/patchbay-error';
import { isLoopbackHost } from '../net/private-network';
import type { CallToolResultView } from '../messaging/contract';
import type { KeyValueStore } from '../platform/ports';
import { DomainToolStorage, PAGE_TOOLS_STORAGE_KEY, type TabEntry } from './domain-tool-storage';
import { proxyMessageSchema, type PageTool } from './page-tool-messages';
import type { BrowserTabs, TabHubTransport } from './ports';
import { cachedToolName, describePageTool, tabToolName } from './tool-namer';
import type { HubTool } from './hub-tool';
import { createToolRouter } from './tool-router';

/** A site that offers tools the person has not allowed yet. */
export interface SiteOffer {
  domain: string;
  toolCount: number;
  tabIds: number[];
}

export interface PageToolHubOptions {
  transport: TabHubTransport;
  tabs: BrowserTabs;
  store: KeyValueStore;
  /** Whether the person allows the site's tools (once or always). */
  isAllowed(domain: string): boolean;
  /** Something changed: the tools, their descriptions or the sites waiting to be allowed. */
  onChange?(): void;
  /** Where malformed messages are reported (no content of theirs, only what was wrong). */
  log?(message: string): void;
  now?(): number;
  requestTimeoutMs?: number;
  /** Retries when a tab's page is still loading (no proxy yet), each after `retryDelayMs`. */
  retries?: number;
  retryDelayMs?: number;
  /** How long an opened tab has to register the tool. */
  openTimeoutMs?: number;
}

export interface PageToolHub {
  init(): Promise<void>;
  listTools(): HubTool[];
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResultView>;
  offers(): SiteOffer[];
  /** The person allowed the site: its waiting tools register now. */
  allowSite(domain: string): void;
  /** The person took the permission back: the site's tools go (its open tabs wait again). */
  revokeSite(domain: string): void;
  /** MCP-B capability negotiation: what the hub offers, given what pages registered. */
  capabilities(): { browser: { multiTabSupport: true; cacheSupported: boolean } };
  dispose(): void;
}

/** The site of a tab's address: its host name, for http(s) pages only. */
export function siteOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase();
    if (!host) return undefined;
    if (parsed.protocol === 'https:') return host;
    // Plain http only on this machine: anyone on the network could answer for http://bank.com,
    // and a site's permission is given by host name.
    const loopback = isLoopbackHost(host) || host.endsWith('.localhost');
    return parsed.protocol === 'http:' && loopback ? host : undefined;
  } catch {
    return undefined;
  }
}

/** What of a tab's address is kept and shown: origin and path, never a query or fragment. */
export function keptAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** How long tabs remembered from before a worker restart have to register again. */
const RESTORED_GRACE_MS = 15_000;

export function createPageToolHub(options: PageToolHubOptions): PageToolHub {
  const { transport, tabs } = options;
  const now = options.now ?? Date.now;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const retries = options.retries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const openTimeoutMs = options.openTimeoutMs ?? 10_000;
  const log = options.log ?? ((message: string) => console.warn(`Patchbay page tools: ${message}`));
  const storage = new DomainToolStorage();
  /** Tools of sites not allowed (yet), by tab. */
  const pending = new Map<number, { domain: string; url: string; tools: PageTool[] }>();
  /** Calls waiting for a tab they opened to register. */
  const arrivals = new Set<(entry: TabEntry) => void>();
  let activeTab: number | undefined;
  let restoredTimer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe: (() => void)[] = [];

  const changed = () => options.onChange?.();
  const persist = () =>
    void options.store.set({ [PAGE_TOOLS_STORAGE_KEY]: storage.toJSON() }).catch(() => undefined);

  const register = (tabId: number, domain: string, url: string, tools: PageTool[]) => {
    const previous = storage.tabs.get(tabId);
    // Registration is idempotent: the same list from the same page changes nothing.
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
  };

  const onMessage = (tabId: number, message: unknown, sender: { url: string }) => {
    const parsed = proxyMessageSchema.safeParse(message);
    if (!parsed.success) {
      log(
        `ignored a malformed message from tab ${tabId} (${parsed.error.issues[0]?.message ?? 'invalid'}).`,
      );
      return;
    }
    // The tab's address as the browser reports it, never what the page claims.
    const domain = siteOf(sender.url);
    if (!domain) {
      log(`ignored tools from tab ${tabId}, which is not an https page (or http on this machine).`);
      return;
    }
    const { tools } = parsed.data.params;
    const url = keptAddress(sender.url);
    if (!options.isAllowed(domain)) {
      const had = pending.get(tabId);
      if (had && had.url === url && JSON.stringify(had.tools) === JSON.stringify(tools)) return;
      if (tools.length) pending.set(tabId, { domain, url, tools });
      else pending.delete(tabId);
      changed();
      return;
    }
    pending.delete(tabId);
    register(tabId, domain, url, tools);
  };

  const onDisconnect = (tabId: number) => {
    const hadPending = pending.delete(tabId);
    const removed = storage.removeTab(tabId);
    if (removed) persist();
    if (removed || hadPending) changed();
  };

  const listTools = (): HubTool[] => {
    const listed: HubTool[] = [];
    const live = new Map<string, Set<string>>();
    for (const entry of storage.tabs.values()) {
      // A permission taken back (or allowed once, in an earlier session) lists nothing.
      if (!entry.connected || !options.isAllowed(entry.domain)) continue;
      const names = live.get(entry.domain) ?? new Set<string>();
      live.set(entry.domain, names);
      for (const tool of entry.tools) {
        names.add(tool.name);
        listed.push({
          name: tabToolName(entry.domain, entry.index, tool.name),
          pageDescription: tool.description,
          description: describePageTool(tool.description, {
            domain: entry.domain,
            tabIndex: entry.index,
            active: entry.tabId === activeTab,
          }),
          inputSchema: tool.inputSchema,
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
          domain: entry.domain,
          toolName: tool.name,
          tabId: entry.tabId,
          tabIndex: entry.index,
        });
      }
    }
    // A cached tool whose site has no tab offering it: the site is opened to run it.
    for (const [domain, tools] of storage.cached) {
      if (!options.isAllowed(domain)) continue;
      for (const [toolName, kept] of tools) {
        if (live.get(domain)?.has(toolName)) continue;
        listed.push({
          name: cachedToolName(domain, toolName),
          description: describePageTool(kept.tool.description, { domain, url: kept.url }),
          pageDescription: kept.tool.description,
          inputSchema: kept.tool.inputSchema,
          ...(kept.tool.annotations ? { annotations: kept.tool.annotations } : {}),
          domain,
          toolName,
        });
      }
    }
    return listed;
  };

  const router = createToolRouter({
    storage,
    transport,
    tabs,
    arrivals,
    activeTab: () => activeTab,
    timeoutMs,
    retries,
    retryDelayMs,
    openTimeoutMs,
  });

  return {
    async init() {
      storage.restore(await options.store.get(PAGE_TOOLS_STORAGE_KEY), now());
      // Tabs remembered from before the worker restarted that have not registered again by
      // then are gone (their numbers go free).
      restoredTimer = setTimeout(() => {
        for (const entry of [...storage.tabs.values()])
          if (!entry.connected) storage.removeTab(entry.tabId);
        persist();
      }, RESTORED_GRACE_MS);
      unsubscribe.push(
        transport.onMessage(onMessage),
        transport.onDisconnect(onDisconnect),
        tabs.onActivated((tabId) => {
          if (tabId === activeTab) return;
          const before = activeTab;
          activeTab = tabId;
          // Descriptions say which tab is active: they change only when a tab with tools is
          // the one left or the one come to.
          const withTools = (id: number | undefined) =>
            id !== undefined && Boolean(storage.tabs.get(id)?.connected);
          if (withTools(before) || withTools(tabId)) changed();
        }),
      );
      activeTab = (await tabs.activeTabId().catch(() => undefined)) ?? activeTab;
    },

    listTools,

    async callTool(name, args) {
      const tool = listTools().find((candidate) => candidate.name === name);
      if (!tool)
        throw new PatchbayError(
          'not-found',
          `There is no website tool ${name} now: its tab may have closed or the site changed its tools.`,
        );
      return router.run(tool, args);
    },

    offers() {
      const bySite = new Map<string, SiteOffer>();
      for (const [tabId, offer] of pending) {
        const site = bySite.get(offer.domain) ?? { domain: offer.domain, toolCount: 0, tabIds: [] };
        site.toolCount = Math.max(site.toolCount, offer.tools.length);
        site.tabIds.push(tabId);
        bySite.set(offer.domain, site);
      }
      return [...bySite.values()];
    },

    allowSite(domain) {
      for (const [tabId, offer] of [...pending]) {
        if (offer.domain !== domain) continue;
        pending.delete(tabId);
        register(tabId, offer.domain, offer.url, offer.tools);
      }
      changed();
    },

    revokeSite(domain) {
      for (const entry of [...storage.tabs.values()]) {
        if (entry.domain !== domain) continue;
        storage.removeTab(entry.tabId);
        if (entry.connected && entry.tools.length)
          pending.set(entry.tabId, { domain, url: entry.url, tools: entry.tools });
      }
      storage.cached.delete(domain);
      persist();
      changed();
    },

    capabilities() {
      const cacheSupported = [...storage.cached.values()].some((tools) => tools.size > 0);
      return { browser: { multiTabSupport: true, cacheSupported } };
    },

    dispose() {
      clearTimeout(restoredTimer);
      for (const stop of unsubscribe.splice(0)) stop();
    },
  };
}
