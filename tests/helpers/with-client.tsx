import type { ReactNode } from 'react';
import { ClientProvider } from '../../components/shared/client-context';
import type { PatchbayClient } from '../../src/messaging/client';

/**
 * A wrapper giving what it renders the panel's client, as the panel's entrypoint does:
 * `render(<X />, { wrapper: withClient(client) })`, `renderHook(useX, { wrapper: withClient(client) })`.
 */
export function withClient(client: PatchbayClient) {
  return function WithClient({ children }: { children: ReactNode }) {
    return <ClientProvider client={client}>{children}</ClientProvider>;
  };
}
