/**
 * Page tools in the background, composed of their parts: the hub (page-tool-hub.ts) behind the
 * person's site permissions (site-permissions.ts), with the tools they switched off
 * (switched-off-tools.ts); the proxy on the allowed sites (proxy-placement.ts); the sites that
 * offer tools (offer-watch.ts); the tools as the chat lists them (server id `page-tools`); and
 * what the panel hears when they or the offers change (page-tools-announcer.ts).
 */
import type { Broadcaster, KeyValueStore } from '../platform/ports';
import type { CallToolResultView, ToolView } from '../messaging/contract';
import type { BrowserSiteView, SiteOfferView } from '../messaging/page-tools-contract';
import { createOfferWatch } from './offer-watch';
import { createPageToolHub } from './page-tool-hub';
import { createPageToolsAnnouncer } from './page-tools-announcer';
import { createProxyPlacement } from './proxy-placement';
import { pageToolView, sitesWithTools } from './page-tool-view';
import {
  warnInConsole,
  type BrowserTabs,
  type OfferTransport,
  type PageInjector,
  type TabHubTransport,
} from './ports';
import { createSitePermissions } from './site-permissions';
import { createSwitchedOffTools } from './switched-off-tools';

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
  const log = options.log ?? warnInConsole;
  const { injector } = options;
  const switchedOff = createSwitchedOffTools(options.store);
  const announce = createPageToolsAnnouncer(options.broadcaster);
  const isAllowed = (domain: string) => permissions.isAllowed(domain);
  const hub = createPageToolHub({
    transport: options.transport,
    tabs: options.tabs,
    store: options.store,
    isAllowed,
    onChange() {
      announce.tools(hub.listTools());
      offers.changed();
    },
  });
  const proxies = createProxyPlacement(injector, permissions, log);
  let ready: Promise<void> | undefined;
  let initialized = false;
  const init = () =>
    (ready ??= (async () => {
      await permissions.load();
      await switchedOff.load();
      await hub.init();
      // Registrations follow the stored permissions on every start: sites allowed before this
      // version, or once in a browser session that ended.
      await proxies.registerAllowed();
      initialized = true;
    })());
  /** `run` once the service has read its storage. */
  const afterInit = <Args extends unknown[], Result>(
    run: (...args: Args) => Result | Promise<Result>,
  ) => afterReady(init, run);
  const offers = createOfferWatch({
    ...options,
    isAllowed,
    hubOffers: () => hub.offers(),
    inject: proxies.inject,
    ready: init,
    announce: announce.offers,
  });
  return {
    init,
    views: afterInit(() => hub.listTools().filter(switchedOff.isOn).map(pageToolView)),
    call: afterInit((name: string, args: Record<string, unknown>) => {
      switchedOff.assertOn(hub.listTools().find((candidate) => candidate.name === name));
      return hub.callTool(name, args);
    }),
    sitesWithTools: afterInit(() => sitesWithTools(hub.listTools(), switchedOff.of)),
    setDisabled: afterInit(async (domain: string, names: string[]) => {
      const next = await switchedOff.set(domain, names);
      announce.toolsChanged();
      return next;
    }),
    offers: afterInit(offers.list),
    checkActiveTab: afterInit(async () => {
      await offers.look(true);
      return offers.list();
    }),
    lookAtActiveTab: () => lookAtAskedTab(options.tabs, init, () => initialized, offers),
    allow: afterInit(async (domain: string, always: boolean) => {
      await permissions.allow(domain, always);
      hub.allowSite(domain);
      await proxies.registerAllowed();
      // The tabs that offered the tools get the proxy now, which registers them.
      const tabs = offers.take(domain);
      offers.changed();
      await proxies.injectStillOn(domain, tabs);
    }),
    sites: afterInit(() => permissions.always()),
    forget: afterInit(async (domain: string) => {
      await permissions.forget(domain);
      hub.revokeSite(domain);
      await proxies.registerAllowed();
    }),
  };
}

/** `run`, once `ready` has resolved. */
function afterReady<Args extends unknown[], Result>(
  ready: () => Promise<void>,
  run: (...args: Args) => Result | Promise<Result>,
) {
  return async (...args: Args): Promise<Result> => {
    await ready();
    return run(...args);
  };
}

/**
 * A look at the tab in front. One asked before the service has read its storage keeps to the
 * tab in front when it was asked for: it is not taken to a tab brought to the front meanwhile.
 */
async function lookAtAskedTab(
  tabs: BrowserTabs,
  init: () => Promise<void>,
  initialized: () => boolean,
  offers: { look(thorough: boolean, asked?: number): Promise<boolean> },
): Promise<boolean> {
  if (initialized()) return offers.look(false);
  const asked = await tabs.activeTabId().catch(() => undefined);
  await init();
  return offers.look(false, asked);
}
