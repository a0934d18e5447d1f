import { useCallback, useState } from 'react';
import type { ResourceDialogState } from './ResourceDialog';
import { useClient } from '../shared/client-context';

/** A server resource open for reading over the chat. */
export interface OpenResource {
  serverId: string;
  uri: string;
  title?: string;
  mimeType?: string;
  state: ResourceDialogState;
}

/**
 * The resource the person opened (from a tool result's link or a message's chip), read from
 * its server; an answer for a resource no longer open is dropped.
 */
export function useResourceReader() {
  const client = useClient();
  const [open, setOpen] = useState<OpenResource | undefined>();
  const read = useCallback(
    (resource: Omit<OpenResource, 'state'>) => {
      setOpen({ ...resource, state: { status: 'loading' } });
      const settle = (state: ResourceDialogState) =>
        setOpen((current) => (current?.uri === resource.uri ? { ...current, state } : current));
      void client.server(resource.serverId, 'resources/read', { uri: resource.uri }).then(
        ({ contents }) => settle({ status: 'ready', contents }),
        (error: unknown) =>
          settle({
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          }),
      );
    },
    [client],
  );
  const close = useCallback(() => setOpen(undefined), []);
  return { open, read, close };
}
