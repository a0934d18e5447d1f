/**
 * Page tools in the background: the hub (page-tool-hub.ts) behind the person's site
 * permissions, its tools as the chat lists them (server id `page-tools`), and broadcasts when
 * they or the sites waiting for the person change.
 */
import type { Broadcaster, KeyValueStore } from '../platform/ports';
import type { CallToolResultView, ToolView } from '../messaging/contract';
import { pageToolView } from './page-tool-view';
import { z } from 'zod';
import { PatchbayError } from '../errors/patchbay-error';
import {
  PAGE_TOOLS_SERVER_ID,
  type BrowserSiteView,
  type SiteOfferView,
} from '../messaging/page-tools-contract';
import type { HubTool } from './hub-tool';
import { createPageToolHub, siteOf } from './page-tool-hub';
import type { BrowserTabs, OfferTransport, PageInjector, TabHubTransport } from './ports';
import { createSiteOffers, mergeOffers } from './site-offers';
import { createSitePermissions } from './site-permissions';

/**
 * Every answer waits for the service to have read its storage: a panel's request may be what
 * wakes the worker, and must not see a site allowed yesterday as unknown.
 */
export interface PageToolsService {
  init(): Promise<void>;
  /** The allowed sites' tools, as the chat lists tools. */
  views(): Promise<ToolView[]>;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResultView>;
  offers(): Promise<SiteOfferView[]>;
  /** The person asks what the tab they are on offers (a look, as below). Returns the offers. */
  checkActiveTab(): Promise<SiteOfferView[]>;
  /**
   * The side panel is open on a tab (it asks on opening and whenever the person switches or
   * loads a tab): a page of a site not allowed yet becomes an offer when it registered WebMCP
   * tools, or when the detector finds tools of its own MCP-B server. True where a later look
   * may find tools this one did not: a page of a site not allowed that answered with none yet.
   */
  lookAtActiveTab(): Promise<boolean>;
  allow(domain: string, always: boolean): Promise<void>;
  /** The sites always allowed. */
  sites(): Promise<string[]>;
  forget(domain: string): Promise<void>;
  /** The allowed sites' tools, by site, with the person's switches. */
  sitesWithTools(): Promise<BrowserSiteView[]>;
  setDisabled(domain: string, names: string[]): Promise<string[]>;
}

/** The page tools the person switched off, by site (names in the page). */
export const DISABLED_PAGE_TOOLS_KEY = 'pageTools.disabled';
const disabledSchema = z.record(z.string(), z.array(z.string())).catch({});

export interface PageToolsServiceOptions {
  transport: TabHubTransport;
  tabs: BrowserTabs;
  store: KeyValueStore;
  /** Storage that lasts the browser session (sites allowed once). */
  sessionStore: KeyValueStore;
  broadcaster: Broadcaster;
  /** Runs the proxy in allowed sites' pages (none without: tests of the hub alone). */
  injector?: PageInjector;
  /** Detectors' tool counts for tabs of sites not allowed yet. */
  offerTransport?: OfferTransport;
  log?(message: string): void;
}

export function createPageToolsService(options: PageToolsServiceOptions): PageToolsService {
  const permissions = createSitePermissions({
    local: options.store,
    session: options.sessionStore,
  });
  const log = options.log ?? ((message: string) => console.warn(`Patchbay page tools: ${message}`));
  const injector = options.injector;
  /** Tabs of sites not allowed yet whose detector counted tools. */
  const detected = createSiteOffers();
  // The hub says something changed; the panel hears only about what did: the tools the chat
  // lists (allowed sites'), or the sites waiting for the person.
  let lastTools = '[]';
  let lastOffers = '[]';
  const allOffers = () => mergeOffers(hub.offers(), detected.list());
  const offersChanged = () => {
    const offers = allOffers();
    const text = JSON.stringify(offers);
    if (text === lastOffers) return;
    lastOffers = text;
    options.broadcaster.broadcast({ type: 'page-tools/offers/changed', payload: { offers } });
  };
  const hub = createPageToolHub({
    transport: options.transport,
    tabs: options.tabs,
    store: options.store,
    isAllowed: (domain) => permissions.isAllowed(domain),
    onChange() {
      const tools = JSON.stringify(hub.listTools());
      if (tools !== lastTools) {
        lastTools = tools;
        options.broadcaster.broadcast({
          type: 'mcp/tools/changed',
          payload: { serverId: PAGE_TOOLS_SERVER_ID },
        });
      }
      offersChanged();
    },
  });
  /** The proxy runs on exactly the sites allowed now. */
  const registerAllowed = () =>
    injector
      ?.register({ always: permissions.always(), once: permissions.once() })
      .catch((error: unknown) => log(`could not register the proxy for allowed sites: ${error}`));
  const inject = (tabId: number) =>
    injector
      ?.inject(tabId)
      .catch((error: unknown) => log(`could not run the proxy in tab ${tabId}: ${error}`));
  let disabled: Record<string, string[]> = {};
  const isOff = (tool: HubTool) => disabled[tool.domain]?.includes(tool.toolName) ?? false;
  let ready: Promise<void> | undefined;
  const init = () =>
    (ready ??= (async () => {
      await permissions.load();
      disabled = disabledSchema.parse(await options.store.get(DISABLED_PAGE_TOOLS_KEY));
      await hub.init();
      // Registrations follow the stored permissions on every start: sites allowed before this
      // version, or once in a browser session that ended.
      await registerAllowed();
    })());
  // Detectors are heard from the worker's first moment; their words wait for the permissions.
  options.offerTransport?.onOffer((tabId, count, sender) => {
    void init().then(() => {
      const domain = siteOf(sender.url);
      if (!domain) return;
      // A page of an allowed site without its proxy (loaded before its site was allowed, or
      // from before this version): the proxy goes in now, and registers the tools itself.
      if (permissions.isAllowed(domain)) {
        if (count > 0) void inject(tabId);
        return;
      }
      if (detected.set(tabId, domain, count)) offersChanged();
    });
  });
  options.offerTransport?.onGone((tabId) => {
    void init().then(() => {
      if (detected.remove(tabId)) offersChanged();
    });
  });
  /**
   * Looks at the tab the person is on while the panel is open: a page of a site not allowed yet
   * is asked, in its own world, how many tools it registered with the WebMCP API (native or
   * polyfilled) and whether an MCP-B server answers; the look leaves nothing behind there. Only
   * a page whose MCP-B server answered gets the detector, which counts that server's tools and
   * follows them; `thorough` (the person asked about the tab) gives it the detector anyway, for
   * a server that starts later. Pages nobody looks at with the panel open get nothing. True
   * where a later look may find what this one did not (the page answered with nothing yet).
   */
  const look = async (thorough: boolean): Promise<boolean> => {
    const tabId = await options.tabs.activeTabId().catch(() => undefined);
    if (tabId === undefined || !injector) return false;
    const domain = siteOf(await injector.address(tabId).catch(() => ''));
    // The tab left the site it offered tools for (a WebMCP page has no detector to say so).
    const offered = detected.domainOf(tabId);
    if (offered !== undefined && offered !== domain && detected.remove(tabId)) offersChanged();
    // Allowed sites run the proxy already; other pages (the browser's own) are no site.
    if (!domain || permissions.isAllowed(domain)) return false;
    const probe = await injector.probe(tabId).catch((error: unknown) => {
      options.log?.(
        `Tab ${tabId} could not be looked at: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    });
    // Zero says nothing of an MCP-B server, whose count the detector tells; a page that moved
    // to another site meanwhile is the next look's.
    if (probe && probe.webmcpTools > 0 && siteOf(probe.url) === domain) {
      if (detected.set(tabId, domain, probe.webmcpTools)) offersChanged();
    }
    // A page that answered with nothing yet may start its app's tools a while after loading.
    const worthAnotherLook = probe !== undefined && probe.webmcpTools === 0 && !probe.mcpB;
    if (!thorough && !probe?.mcpB) return worthAnotherLook;
    await injector
      .detect(tabId)
      .catch((error: unknown) =>
        options.log?.(
          `The detector could not run in tab ${tabId}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    return worthAnotherLook;
  };
  return {
    init,
    async views() {
      await init();
      return hub
        .listTools()
        .filter((tool) => !isOff(tool))
        .map(pageToolView);
    },
    call: async (name, args) => {
      await init();
      const tool = hub.listTools().find((candidate) => candidate.name === name);
      if (tool && isOff(tool))
        throw new PatchbayError(
          'invalid-request',
          `The tool ${tool.toolName} of ${tool.domain} is switched off.`,
        );
      return hub.callTool(name, args);
    },
    async sitesWithTools() {
      await init();
      const bySite = new Map<string, Map<string, BrowserSiteView['tools'][number]>>();
      for (const tool of hub.listTools()) {
        const tools = bySite.get(tool.domain) ?? new Map();
        bySite.set(tool.domain, tools);
        const seen = tools.get(tool.toolName) ?? {
          name: tool.toolName,
          description: tool.pageDescription,
          ...(tool.annotations ? { annotations: { ...tool.annotations } } : {}),
          tabs: [],
          kept: tool.tabIndex === undefined,
        };
        if (tool.tabIndex !== undefined) seen.tabs.push(tool.tabIndex);
        tools.set(tool.toolName, seen);
      }
      return [...bySite]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([domain, tools]) => ({
          domain,
          tools: [...tools.values()].map((tool) => ({
            ...tool,
            tabs: tool.tabs.sort((a, b) => a - b),
          })),
          disabled: disabled[domain] ?? [],
        }));
    },
    async setDisabled(domain, names) {
      await init();
      const next = [...new Set(names)];
      disabled = { ...disabled, [domain]: next };
      if (!next.length) delete disabled[domain];
      await options.store.set({ [DISABLED_PAGE_TOOLS_KEY]: disabled });
      options.broadcaster.broadcast({
        type: 'mcp/tools/changed',
        payload: { serverId: PAGE_TOOLS_SERVER_ID },
      });
      return next;
    },
    async offers() {
      await init();
      return allOffers();
    },
    async checkActiveTab() {
      await init();
      await look(true);
      return allOffers();
    },
    async lookAtActiveTab() {
      await init();
      return look(false);
    },
    async allow(domain, always) {
      await init();
      await permissions.allow(domain, always);
      hub.allowSite(domain);
      await registerAllowed();
      // The tabs that offered the tools get the proxy now, which registers them: those still on
      // the site (one that has left it since gets nothing of it).
      const tabs = detected.take(domain);
      offersChanged();
      const still = async (tabId: number) =>
        siteOf((await injector?.address(tabId).catch(() => '')) ?? '') === domain;
      await Promise.all(
        tabs.map(async (tabId) => {
          if (await still(tabId)) await inject(tabId);
        }),
      );
    },
    async sites() {
      await init();
      return permissions.always();
    },
    async forget(domain) {
      await init();
      await permissions.forget(domain);
      hub.revokeSite(domain);
      await registerAllowed();
    },
  };
}
