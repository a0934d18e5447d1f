import { useCallback, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { BrowserSiteView } from '../../src/messaging/page-tools-contract';
import { usePageToolsRequest } from './use-page-tools-request';

const NONE: BrowserSiteView[] = [];

/**
 * The allowed sites' own tools for the Servers view, kept current as pages come and go, and a
 * look at the tab the person is on (`checked` says what it found).
 */
export function useBrowserTools() {
  const client = useClient();
  const load = useCallback(async () => (await client.request('page-tools/list')).sites, [client]);
  const { value: sites, error, refresh, fail, setValue } = usePageToolsRequest(client, load, NONE);
  const setDisabled = useCallback(
    (domain: string, names: string[]) => {
      // Shown at once, so a second click on a switch reads what the first one set; then read
      // back either way, so the switches show what the worker keeps.
      setValue((previous) =>
        previous.map((site) => (site.domain === domain ? { ...site, disabled: names } : site)),
      );
      void client.request('page-tools/disabled/set', { domain, names }).catch(fail).then(refresh);
    },
    [client, refresh, fail, setValue],
  );
  const [checked, setChecked] = useState<string | undefined>();
  const checkActiveTab = useCallback(
    () =>
      client.request('page-tools/check-active').then(
        ({ offers }) =>
          setChecked(
            offers.length
              ? 'Sites waiting for you are listed at the top.'
              : 'Nothing new: this tab offers no tools to allow.',
          ),
        (reason: unknown) => setChecked(String(reason)),
      ),
    [client],
  );
  return { sites, error, setDisabled, checked, checkActiveTab };
}
