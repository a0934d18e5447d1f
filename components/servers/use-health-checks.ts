import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import type { ServerResults } from '../../src/messaging/contract';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import { useClient } from '../shared/client-context';

type Health = ServerResults['health/check'] | 'checking';

/**
 * The connection doctor (Check on a server's card): each server's last report, or that it
 * runs now. A check that cannot run at all reads as a failed report with its reason.
 */
export function useHealthChecks(askForSites: AskForSites) {
  const client = useClient();
  const [health, setHealth] = useState<Record<string, Health>>({});

  function checkHealth(serverId: string, url: string) {
    void askForSites([url]);
    setHealth((previous) => ({ ...previous, [serverId]: 'checking' }));
    void client.server(serverId, 'health/check').then(
      (result) => setHealth((previous) => ({ ...previous, [serverId]: result })),
      (error: unknown) =>
        setHealth((previous) => ({
          ...previous,
          [serverId]: {
            ok: false,
            latencyMs: 0,
            error: errorMessage(error),
            steps: [],
            report: '',
          },
        })),
    );
  }

  return { health, checkHealth };
}
