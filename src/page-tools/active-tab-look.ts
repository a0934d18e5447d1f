/**
 * The look at the tab the person is on while the panel is open: a page of a site not allowed
 * yet is asked, in its own world, how many tools it registered with the WebMCP API (native or
 * polyfilled) and whether an MCP-B server answers; the look leaves nothing behind there. Only a
 * page whose MCP-B server answered gets the detector, which counts that server's tools and
 * follows them; a thorough look (the person asked about the tab) gives it the detector anyway,
 * for a server that starts later. Pages nobody looks at with the panel open get nothing.
 */
import { siteOf } from './page-tool-hub';
import type { BrowserTabs, PageInjector } from './ports';
import type { SiteOffers } from './site-offers';
import { errorMessage } from '../errors/error-message';

export interface LookParts {
  tabs: BrowserTabs;
  injector?: PageInjector;
  /** Offers of sites not allowed, as detectors and looks found them. */
  detected: SiteOffers;
  isAllowed(domain: string): boolean;
  /** The offers changed. */
  offersChanged(): void;
  log?(message: string): void;
}

/**
 * Looks at the active tab; true where a later look may find what this one did not. `asked`:
 * the tab in front when the look was asked for. Another in front now is not looked at: the
 * panel asks again for each tab brought to the front, and the one asking may have closed.
 */
export async function lookAtActiveTab(
  parts: LookParts,
  thorough: boolean,
  asked?: number,
): Promise<boolean> {
  const { injector, detected } = parts;
  const tabId = await parts.tabs.activeTabId().catch(() => undefined);
  if (tabId === undefined || !injector) return false;
  if (asked !== undefined && asked !== tabId) return false;
  const domain = siteOf(await injector.address(tabId).catch(() => ''));
  // The tab left the site it offered tools for (a WebMCP page has no detector to say so).
  const offered = detected.domainOf(tabId);
  if (offered !== undefined && offered !== domain && detected.remove(tabId)) parts.offersChanged();
  // Allowed sites run the proxy already; other pages (the browser's own) are no site.
  if (!domain || parts.isAllowed(domain)) return false;
  const probe = await injector.probe(tabId).catch((error: unknown) => {
    parts.log?.(`Tab ${tabId} could not be looked at: ${errorMessage(error)}`);
    return undefined;
  });
  // Zero says nothing of an MCP-B server, whose count the detector tells; a page that moved
  // to another site meanwhile is the next look's.
  if (probe && probe.webmcpTools > 0 && siteOf(probe.url) === domain) {
    if (detected.set(tabId, domain, probe.webmcpTools)) parts.offersChanged();
  }
  // A page that answered with nothing yet may start its app's tools a while after loading.
  const worthAnotherLook = probe !== undefined && probe.webmcpTools === 0 && !probe.mcpB;
  if (!thorough && !probe?.mcpB) return worthAnotherLook;
  await injector
    .detect(tabId)
    .catch((error: unknown) =>
      parts.log?.(`The detector could not run in tab ${tabId}: ${errorMessage(error)}`),
    );
  return worthAnotherLook;
}
