/**
 * Tools of sites the person has not allowed (yet), by tab: they wait here, unregistered, and
 * make their site an offer; once the site is allowed they register. A permission taken back
 * sends its open tabs' tools back here.
 */
import type { PageTool } from './page-tool-messages';
import { offersBySite, type SiteOffer } from './site-offers';

/** A tab's tools waiting for its site to be allowed. */
export interface PendingTab {
  domain: string;
  /** The tab's address, as kept (keptAddress in page-tool-hub.ts). */
  url: string;
  tools: PageTool[];
}

export function createPendingTools() {
  const byTab = new Map<number, PendingTab>();
  return {
    /** Holds the tab's tools (none drops the tab); false when it held the same already. */
    hold(tabId: number, pending: PendingTab): boolean {
      const had = byTab.get(tabId);
      if (
        had &&
        had.url === pending.url &&
        JSON.stringify(had.tools) === JSON.stringify(pending.tools)
      )
        return false;
      if (pending.tools.length) byTab.set(tabId, pending);
      else byTab.delete(tabId);
      return true;
    },
    /** Drops the tab's tools; true when it had some. */
    drop: (tabId: number): boolean => byTab.delete(tabId),
    /** The site's waiting tabs. */
    ofSite: (domain: string): [number, PendingTab][] =>
      [...byTab].filter(([, pending]) => pending.domain === domain),
    /** The sites waiting, as offers. */
    offers: (): SiteOffer[] =>
      offersBySite(
        [...byTab].map(([tabId, { domain, tools }]) => [tabId, { domain, count: tools.length }]),
      ),
  };
}
