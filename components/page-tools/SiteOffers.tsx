import type { SiteOfferView } from '../../src/messaging/page-tools-contract';

export interface SiteOffersProps {
  offers: SiteOfferView[];
  onAllow(domain: string, always: boolean): void;
  onDismiss(domain: string): void;
}

/** Sites whose pages offer tools the person has not allowed: nothing registers until they do. */
export function SiteOffers({ offers, onAllow, onDismiss }: SiteOffersProps) {
  if (!offers.length) return null;
  return (
    <div className="site-offers">
      {offers.map((offer) => (
        <div
          key={offer.domain}
          className="site-offer"
          role="group"
          aria-label={`${offer.domain} offers tools`}
        >
          <p>
            <strong>
              {offer.domain} offers {offer.toolCount === 1 ? '1 tool' : `${offer.toolCount} tools`}
            </strong>{' '}
            <span className="muted">
              that run in its page, signed in as you are there. Let the chat use them?
            </span>
          </p>
          <div className="form-actions">
            <button type="button" className="primary" onClick={() => onAllow(offer.domain, false)}>
              Allow once
            </button>
            <button type="button" onClick={() => onAllow(offer.domain, true)}>
              Always allow
            </button>
            <button type="button" className="quiet" onClick={() => onDismiss(offer.domain)}>
              Not now
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
