/**
 * The page-tools hub (MCP-B): tools that websites offer in their own tabs, registered by each
 * tab's content-script proxy (tab-registry.ts), named and described per site and tab
 * (hub-tool.ts), and routed to the right tab when called (tool-router.ts). It knows nothing of
 * `chrome.*`: the transport to the proxies, the tabs and the store are injected (ports.ts).
 * Sites the person has not allowed offer nothing: their tools wait, unregistered
 * (pending-tools.ts), until the person allows the site.
 */
import { PatchbayError } from '../errors/patchbay-error';
import { isLoopbackHost } from '../net/private-network';
import type { CallToolResultView } from '../messaging/contract';
import type { KeyValueStore } from '../platform/ports';
import { listHubTools, type HubTool } from './hub-tool';
import { proxyMessageSchema } from './page-tool-messages';
import { createPendingTools, type PendingTab } from './pending-tools';
import type { SiteOffer } from './site-offers';
import { warnInConsole, type BrowserTabs, type TabHubTransport } from './ports';
import { createTabRegistry } from './tab-registry';
import { createToolRouter, type RouterTimings } from './tool-router';

export interface PageToolHubOptions extends RouterTimings {
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

/**
 * The tools a proxy's message registers, from the site the browser says the tab is on; none
 * (and a line in the log) for a message that is not one or a tab that is not a site's.
 */
function toolsOfMessage(
  tabId: number,
  message: unknown,
  sender: { url: string },
  log: (message: string) => void,
): PendingTab | undefined {
  const parsed = proxyMessageSchema.safeParse(message);
  if (!parsed.success) {
    log(
      `ignored a malformed message from tab ${tabId} (${parsed.error.issues[0]?.message ?? 'invalid'}).`,
    );
    return undefined;
  }
  // The tab's address as the browser reports it, never what the page claims.
  const domain = siteOf(sender.url);
  if (!domain) {
    log(`ignored tools from tab ${tabId}, which is not an https page (or http on this machine).`);
    return undefined;
  }
  return { domain, url: keptAddress(sender.url), tools: parsed.data.params.tools };
}

export function createPageToolHub(options: PageToolHubOptions): PageToolHub {
  const { transport, tabs } = options;
  const log = options.log ?? warnInConsole;
  const changed = () => options.onChange?.();
  const registry = createTabRegistry(options.store, options.now ?? Date.now, changed);
  const storage = registry.storage;
  /** Tools of sites not allowed (yet), by tab. */
  const pending = createPendingTools();
  let activeTab: number | undefined;
  const unsubscribe: (() => void)[] = [];

  const onMessage = (tabId: number, message: unknown, sender: { url: string }) => {
    const offered = toolsOfMessage(tabId, message, sender, log);
    if (!offered) return;
    if (!options.isAllowed(offered.domain)) {
      if (pending.hold(tabId, offered)) changed();
      return;
    }
    pending.drop(tabId);
    registry.register(tabId, offered);
  };
  const onDisconnect = (tabId: number) => {
    const hadPending = pending.drop(tabId);
    if (registry.remove(tabId) || hadPending) changed();
  };
  const onActivated = (tabId: number) => {
    if (tabId === activeTab) return;
    // Descriptions say which tab is active: they change only when a tab with tools is the one
    // left or the one come to.
    const withTools = [activeTab, tabId].some(
      (id) => id !== undefined && storage.tabs.get(id)?.connected,
    );
    activeTab = tabId;
    if (withTools) changed();
  };

  const listTools = () => listHubTools(storage, options.isAllowed, activeTab);
  const router = createToolRouter({
    ...options,
    storage,
    arrivals: registry.arrivals,
    activeTab: () => activeTab,
  });

  return {
    async init() {
      await registry.restore();
      unsubscribe.push(
        transport.onMessage(onMessage),
        transport.onDisconnect(onDisconnect),
        tabs.onActivated(onActivated),
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
    offers: pending.offers,
    allowSite(domain) {
      for (const [tabId, waiting] of pending.ofSite(domain)) {
        pending.drop(tabId);
        registry.register(tabId, waiting);
      }
      changed();
    },
    revokeSite(domain) {
      for (const [tabId, tools] of registry.removeSite(domain)) pending.hold(tabId, tools);
      changed();
    },
    capabilities() {
      const cacheSupported = [...storage.cached.values()].some((tools) => tools.size > 0);
      return { browser: { multiTabSupport: true, cacheSupported } };
    },
    dispose() {
      registry.dispose();
      for (const stop of unsubscribe.splice(0)) stop();
    },
  };
}
