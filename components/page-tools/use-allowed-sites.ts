import { useCallback } from 'react';
import { useClient } from '../shared/client-context';
import { usePageToolsRequest } from './use-page-tools-request';

const NONE: string[] = [];

/** The sites always allowed to offer tools, as Settings lists them. */
export function useAllowedSites() {
  const client = useClient();
  const load = useCallback(async () => (await client.request('page-tools/sites')).sites, [client]);
  const { value: sites, error, refresh, fail } = usePageToolsRequest(client, load, NONE);
  const forget = useCallback(
    (domain: string) => void client.request('page-tools/forget', { domain }).then(refresh, fail),
    [client, refresh, fail],
  );
  return { sites, error, forget };
}
