import { useCallback, useEffect, useState } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';

/** The sites always allowed to offer tools, as Settings lists them. */
export function useAllowedSites(client: PatchbayClient) {
  const [sites, setSites] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const refresh = useCallback(
    () =>
      void client.request('page-tools/sites').then(
        (answer) => setSites(answer.sites),
        (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)),
      ),
    [client],
  );
  useEffect(() => {
    refresh();
    // Allowing a site elsewhere (the panel's offer) changes the tools.
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/tools/changed' && message.payload.serverId === 'page-tools')
        refresh();
    });
  }, [client, refresh]);
  const forget = useCallback(
    (domain: string) =>
      void client
        .request('page-tools/forget', { domain })
        .then(refresh, (reason: unknown) =>
          setError(reason instanceof Error ? reason.message : String(reason)),
        ),
    [client, refresh],
  );
  return { sites, error, forget };
}
