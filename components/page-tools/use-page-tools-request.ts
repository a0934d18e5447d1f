import { useCallback, useEffect, useState } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';
import { PAGE_TOOLS_SERVER_ID } from '../../src/messaging/page-tools-contract';

/**
 * What `load` answers, asked again whenever websites' tools change (a page comes or goes, a
 * site is allowed or forgotten), with the last error in words. A helper of the page-tools
 * hooks, which take the client from `useClient()` and hand it on: calling `useClient()` here
 * as well made the bundler split React out of the panel's first chunk (+1 KB gzip, measured
 * with `npm run budget`).
 */
export function usePageToolsRequest<T>(client: PatchbayClient, load: () => Promise<T>, initial: T) {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<string | undefined>();
  const fail = useCallback(
    (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)),
    [],
  );
  const refresh = useCallback(() => void load().then(setValue, fail), [load, fail]);
  useEffect(() => {
    refresh();
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/tools/changed' && message.payload.serverId === PAGE_TOOLS_SERVER_ID)
        refresh();
    });
  }, [client, refresh]);
  return { value, error, refresh, fail, setValue };
}
