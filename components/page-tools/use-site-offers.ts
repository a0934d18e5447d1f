import { useCallback, useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { SiteOfferView } from '../../src/messaging/page-tools-contract';
import type { ActiveTabWatch } from '../../src/platform/ports';

/**
 * The waits before each further look at a page that answered the look with no tools yet (2 s,
 * then 4 s more): a page that registers its tools, or starts its MCP server, a while after it
 * loaded (once its app has started up) is found without a reload. A look is a small script in
 * the page's own world that leaves nothing behind; only a page of a site not allowed that had
 * nothing gets another, so an idle panel (on the browser's own pages, say) wakes no worker.
 */
export const LOOK_AGAIN_AFTER_MS = [2_000, 4_000] as const;

/**
 * Sites waiting for the person to allow their tools, kept current from the background's
 * broadcasts; "Not now" hides a site until the panel opens again. While the panel is open, the
 * tab the person is on is looked at (`page-tools/look`: the detector goes into a page of a site
 * not allowed) when the panel opens, when they switch tabs and when that tab loads a page, and
 * again after {@link LOOK_AGAIN_AFTER_MS} where the page had nothing yet.
 */
export function useSiteOffers(watchActiveTab?: ActiveTabWatch) {
  const client = useClient();
  const [offers, setOffers] = useState<SiteOfferView[]>([]);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    let heard = false;
    const stop = client.onBroadcast((message) => {
      if (message.type !== 'page-tools/offers/changed') return;
      heard = true;
      setOffers(message.payload.offers);
    });
    void client.request('page-tools/offers').then(
      (answer) => live && !heard && setOffers(answer.offers),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [client]);
  useEffect(() => {
    if (!watchActiveTab) return;
    // Each event starts a new round of looks; an answer from an older round schedules nothing.
    let round = 0;
    let later: ReturnType<typeof setTimeout> | undefined;
    const look = (mine: number, next: number) =>
      void client.request('page-tools/look').then(
        ({ lookAgain }) => {
          const wait = LOOK_AGAIN_AFTER_MS[next];
          if (!lookAgain || mine !== round || wait === undefined) return;
          later = setTimeout(() => look(mine, next + 1), wait);
        },
        () => undefined,
      );
    const lookNowAndLater = () => {
      clearTimeout(later);
      look((round += 1), 0);
    };
    lookNowAndLater();
    const stopWatching = watchActiveTab(lookNowAndLater);
    return () => {
      stopWatching();
      round += 1;
      clearTimeout(later);
    };
  }, [client, watchActiveTab]);
  const allow = useCallback(
    (domain: string, always: boolean) =>
      void client.request('page-tools/allow', { domain, always }).then(
        () => setError(undefined),
        (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)),
      ),
    [client],
  );
  const dismiss = useCallback(
    (domain: string) => setDismissed((current) => new Set([...current, domain])),
    [],
  );
  return {
    offers: offers.filter((offer) => !dismissed.has(offer.domain)),
    error,
    allow,
    dismiss,
  };
}
