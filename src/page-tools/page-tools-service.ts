/**
 * Page tools in the background: the hub (page-tool-hub.ts) behind the person's site
 * permissions, its tools as the chat lists them (server id `page-tools`), and broadcasts when
 * they or the sites waiting for the person change.
 */
import type { Broadcaster, KeyValueStore } from '../platform/ports';
import type { CallToolResultView, ToolView } from '../messaging/contract';
import { PAGE_TOOLS_SERVER_ID, type SiteOfferView } from '../messaging/page-tools-contract';
import { createPageToolHub, type HubTool, type PageToolHub } from './page-tool-hub';
import type { BrowserTabs, TabHubTransport } from './ports';
import { createSitePermissions } from './site-permissions';

export interface PageToolsService {
  init(): Promise<void>;
  /** The allowed sites' tools, as the chat lists tools. */
  views(): ToolView[];
  call(name: string, args: Record<string, unknown>): Promise<CallToolResultView>;
  offers(): SiteOfferView[];
  allow(domain: string, always: boolean): Promise<void>;
  /** The sites always allowed. */
  sites(): string[];
  forget(domain: string): Promise<void>;
  readonly hub: PageToolHub;
}

export interface PageToolsServiceOptions {
  transport: TabHubTransport;
  tabs: BrowserTabs;
  store: KeyValueStore;
  /** Storage that lasts the browser session (sites allowed once). */
  sessionStore: KeyValueStore;
  broadcaster: Broadcaster;
}

/** A page tool as the chat lists tools; a site's `cache` hint stays with the hub. */
export function pageToolView(tool: HubTool): ToolView {
  const view: ToolView = {
    serverId: PAGE_TOOLS_SERVER_ID,
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    page: {
      site: tool.domain,
      tool: tool.toolName,
      ...(tool.tabIndex !== undefined ? { tabIndex: tool.tabIndex } : {}),
    },
  };
  if (tool.annotations) {
    const hints: Record<string, unknown> = { ...tool.annotations };
    delete hints.cache;
    if (Object.keys(hints).length) view.annotations = hints;
  }
  const title = tool.annotations?.title;
  if (title) view.title = title;
  return view;
}

export function createPageToolsService(options: PageToolsServiceOptions): PageToolsService {
  const permissions = createSitePermissions({
    local: options.store,
    session: options.sessionStore,
  });
  let lastOffers = '[]';
  const hub = createPageToolHub({
    transport: options.transport,
    tabs: options.tabs,
    store: options.store,
    isAllowed: (domain) => permissions.isAllowed(domain),
    onChange() {
      options.broadcaster.broadcast({
        type: 'mcp/tools/changed',
        payload: { serverId: PAGE_TOOLS_SERVER_ID },
      });
      const offers = hub.offers();
      const text = JSON.stringify(offers);
      if (text === lastOffers) return;
      lastOffers = text;
      options.broadcaster.broadcast({ type: 'page-tools/offers/changed', payload: { offers } });
    },
  });
  let ready: Promise<void> | undefined;
  const init = () =>
    (ready ??= (async () => {
      await permissions.load();
      await hub.init();
    })());
  return {
    hub,
    init,
    views: () => hub.listTools().map(pageToolView),
    call: async (name, args) => {
      await init();
      return hub.callTool(name, args);
    },
    offers: () => hub.offers(),
    async allow(domain, always) {
      await init();
      await permissions.allow(domain, always);
      hub.allowSite(domain);
    },
    sites: () => permissions.always(),
    async forget(domain) {
      await init();
      await permissions.forget(domain);
      hub.revokeSite(domain);
    },
  };
}
