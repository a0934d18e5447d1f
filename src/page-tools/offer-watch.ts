/**
 * Sites that offer tools the person has not allowed yet, as the panel shows them: tabs whose
 * detector counted tools (page-detector.ts), tabs a look at the active tab found
 * (active-tab-look.ts), and open tabs of a site no longer allowed (the hub's). Detectors are
 * heard from the worker's first moment; what they say waits until the service has read its
 * storage.
 */
import { lookAtActiveTab, type LookParts } from './active-tab-look';
import { siteOf } from './page-tool-hub';
import type { OfferTransport } from './ports';
import { createSiteOffers, mergeOffers, type SiteOffer, type SiteOffers } from './site-offers';

export interface OfferWatchParts extends Omit<LookParts, 'detected' | 'offersChanged'> {
  offerTransport?: OfferTransport;
  /** The hub's offers: open tabs of sites not allowed. */
  hubOffers(): SiteOffer[];
  /** Runs the proxy in the tab now. */
  inject(tabId: number): unknown;
  /** Resolves once the service has read its storage. */
  ready(): Promise<void>;
  /** The offers, whenever they may have changed. */
  announce(offers: SiteOffer[]): void;
}

export function createOfferWatch(parts: OfferWatchParts) {
  /** Tabs of sites not allowed yet whose detector (or a look) counted tools. */
  const detected = createSiteOffers();
  const list = () => mergeOffers(parts.hubOffers(), detected.list());
  const changed = () => parts.announce(list());
  listenToDetectors(parts, detected, changed);
  return {
    /** Every site waiting, by site. */
    list,
    /** The offers may have changed: the panel hears them if they did. */
    changed,
    /** Looks at the active tab (active-tab-look.ts); true when another look may find more. */
    look: (thorough: boolean, asked?: number) =>
      lookAtActiveTab({ ...parts, detected, offersChanged: changed }, thorough, asked),
    /** Drops a site's offers (the person allowed it) and returns its tabs. */
    take: (domain: string): number[] => detected.take(domain),
  };
}

/**
 * Hears detectors' counts (from the worker's first moment; each waits for `init`): a tab of a
 * site not allowed becomes an offer, and a page of an allowed site without its proxy (loaded
 * before its site was allowed, or from before this version) gets it now, and the proxy
 * registers the tools itself.
 */
function listenToDetectors(
  parts: OfferWatchParts,
  detected: SiteOffers,
  changed: () => void,
): void {
  parts.offerTransport?.onOffer((tabId, count, sender) => {
    void parts.ready().then(() => {
      const domain = siteOf(sender.url);
      if (!domain) return;
      if (parts.isAllowed(domain)) {
        if (count > 0) void parts.inject(tabId);
        return;
      }
      if (detected.set(tabId, domain, count)) changed();
    });
  });
  parts.offerTransport?.onGone((tabId) => {
    void parts.ready().then(() => {
      if (detected.remove(tabId)) changed();
    });
  });
}
