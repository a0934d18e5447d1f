import { lazy, Suspense } from 'react';
import type { AsksPanelProps } from '../../components/asks/AsksPanel';
import type { BrowserAccess } from '../../components/browser-access/use-browser-access';
import { SiteOffers } from '../../components/page-tools/SiteOffers';
import type { useSiteOffers } from '../../components/page-tools/use-site-offers';

// What servers wait on the person for loads with the first question (most sessions have none).
const AsksPanel = lazy(() =>
  import('../../components/asks/AsksPanel').then((module) => ({ default: module.AsksPanel })),
);
// Desktop clients' calls to approve load with the first one (only with browser access set up).
const ExternalApprovals = lazy(() =>
  import('../../components/browser-access/ExternalApprovals').then((module) => ({
    default: module.ExternalApprovals,
  })),
);

/**
 * What shows above every tab: sites offering their tools, desktop clients' calls to approve,
 * and servers' questions.
 */
export function PanelNotices({
  siteOffers,
  browserAccess,
  asks,
  servers,
  loadSettings,
}: AsksPanelProps & {
  siteOffers: ReturnType<typeof useSiteOffers>;
  browserAccess: Pick<BrowserAccess, 'view' | 'answer'>;
}) {
  return (
    <>
      <SiteOffers
        offers={siteOffers.offers}
        onAllow={siteOffers.allow}
        onDismiss={siteOffers.dismiss}
      />
      {siteOffers.error ? (
        <p className="chat-error" role="alert">
          {siteOffers.error}
        </p>
      ) : null}
      {browserAccess.view?.approvals.length ? (
        <Suspense fallback={null}>
          <ExternalApprovals
            approvals={browserAccess.view.approvals}
            onAnswer={browserAccess.answer}
          />
        </Suspense>
      ) : null}
      {asks.length ? (
        <Suspense fallback={null}>
          <AsksPanel asks={asks} servers={servers} loadSettings={loadSettings} />
        </Suspense>
      ) : null}
    </>
  );
}
