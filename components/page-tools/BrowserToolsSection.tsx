import { useState } from 'react';
import { BrowserTools } from './BrowserTools';
import type { PatchbayClient } from '../../src/messaging/client';
import { useBrowserTools } from './use-browser-tools';

/** Sites' own tools in the Servers view, with a way to look at the tab the person is on. */
export function BrowserToolsSection({ client }: { client: PatchbayClient }) {
  const browserTools = useBrowserTools(client);
  const [checked, setChecked] = useState<string | undefined>();
  const checkTab = () =>
    void client.request('page-tools/check-active').then(
      ({ offers }) =>
        setChecked(
          offers.length
            ? 'Sites waiting for you are listed at the top.'
            : 'No tools found there from a site you have not allowed.',
        ),
      (reason: unknown) => setChecked(String(reason)),
    );
  return (
    <>
      <BrowserTools
        sites={browserTools.sites}
        onDisabledChange={browserTools.setDisabled}
        onCheckTab={checkTab}
        {...(checked ? { checked } : {})}
      />
      {browserTools.error ? (
        <p className="server-error" role="alert">
          {browserTools.error}
        </p>
      ) : null}
    </>
  );
}
