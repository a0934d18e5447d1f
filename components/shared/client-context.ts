import { createContext, createElement, useContext, type ReactNode } from 'react';
import { PatchbayError } from '../../src/errors/patchbay-error';
import type { PatchbayClient } from '../../src/messaging/client';

const ClientContext = createContext<PatchbayClient | undefined>(undefined);

/** Gives every part of the panel below it the client that talks to the background worker. */
export function ClientProvider({
  client,
  children,
}: {
  client: PatchbayClient;
  children?: ReactNode;
}) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

/**
 * The panel's client (src/messaging/client.ts), for a concept's hook (`use-*.ts`); components
 * stay presentational and take what the hook gives them. Outside {@link ClientProvider} (given
 * by entrypoints/sidepanel/main.tsx, and in tests by tests/helpers/with-client.tsx) it throws
 * a {@link PatchbayError} with the code `internal`.
 */
export function useClient(): PatchbayClient {
  const client = useContext(ClientContext);
  if (!client) throw new PatchbayError('internal', 'useClient() is outside a <ClientProvider>.');
  return client;
}
