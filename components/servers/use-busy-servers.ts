import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import type { useServers } from './use-servers';

/**
 * Work under way on servers: a server with work under way is busy; a failure becomes the
 * notice above the list (the next success clears it), and the list is reloaded after each
 * piece of work.
 */
export function useBusyServers(reload: ReturnType<typeof useServers>['reload']) {
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | undefined>();

  async function withBusy(serverId: string, work: () => Promise<unknown>) {
    setBusy((previous) => new Set(previous).add(serverId));
    try {
      await work();
      setNotice(undefined);
    } catch (error) {
      setNotice(errorMessage(error));
    } finally {
      setBusy((previous) => {
        const next = new Set(previous);
        next.delete(serverId);
        return next;
      });
      await reload();
    }
  }

  return { busy, notice, setNotice, withBusy };
}

export type BusyServers = ReturnType<typeof useBusyServers>;
