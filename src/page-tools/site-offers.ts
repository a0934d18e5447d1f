/**
 * Offers heard from detectors (src/page-tools/page-detector.ts): which tabs of sites the person
 * has not allowed have a page with tools, and how many. Kept by tab; a tab that closes, leaves
 * its page or counts none offers nothing.
 */

/** A site that offers tools the person has not allowed yet. */
export interface SiteOffer {
  domain: string;
  toolCount: number;
  tabIds: number[];
}

export interface SiteOffers {
  /** Records a tab's count; says whether anything changed. */
  set(tabId: number, domain: string, count: number): boolean;
  remove(tabId: number): boolean;
  /** The site a tab's offer is for, if it has one. */
  domainOf(tabId: number): string | undefined;
  /** Drops a site's offers (the person allowed it) and returns its tabs. */
  take(domain: string): number[];
  list(): SiteOffer[];
}

export function createSiteOffers(): SiteOffers {
  const byTab = new Map<number, { domain: string; count: number }>();
  return {
    set(tabId, domain, count) {
      const had = byTab.get(tabId);
      if (count <= 0) return byTab.delete(tabId);
      if (had?.domain === domain && had.count === count) return false;
      byTab.set(tabId, { domain, count });
      return true;
    },
    remove: (tabId) => byTab.delete(tabId),
    domainOf: (tabId) => byTab.get(tabId)?.domain,
    take(domain) {
      const tabs = [...byTab].filter(([, offer]) => offer.domain === domain).map(([id]) => id);
      for (const tabId of tabs) byTab.delete(tabId);
      return tabs;
    },
    list: () => offersBySite(byTab),
  };
}

/** Tabs' offers by site: each site with its tabs and the most tools one of them offers. */
export function offersBySite(
  byTab: Iterable<[number, { domain: string; count: number }]>,
): SiteOffer[] {
  const bySite = new Map<string, SiteOffer>();
  for (const [tabId, offer] of byTab) {
    const site = bySite.get(offer.domain) ?? { domain: offer.domain, toolCount: 0, tabIds: [] };
    site.toolCount = Math.max(site.toolCount, offer.count);
    site.tabIds.push(tabId);
    bySite.set(offer.domain, site);
  }
  return [...bySite.values()];
}

/** Both kinds of offer, by site: detectors' and the hub's (tabs of a site no longer allowed). */
export function mergeOffers(...lists: SiteOffer[][]): SiteOffer[] {
  const bySite = new Map<string, SiteOffer>();
  for (const offer of lists.flat()) {
    const site = bySite.get(offer.domain);
    if (!site) {
      bySite.set(offer.domain, { ...offer, tabIds: [...offer.tabIds] });
      continue;
    }
    site.toolCount = Math.max(site.toolCount, offer.toolCount);
    for (const tabId of offer.tabIds) if (!site.tabIds.includes(tabId)) site.tabIds.push(tabId);
  }
  return [...bySite.values()];
}
