import { useCallback, useState } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';
import type { ServerView } from '../../src/messaging/contract';
import type { AskForSites } from '../../src/permissions/ask-for-sites';

/**
 * What the empty chat does: switches a suggested catalog server on (as the Servers view's
 * switch does; the server then connects, or says why not, there and in the header), and puts an
 * example question in the composer (`fill`) without sending it.
 */
export function useEmptyChat(
  client: PatchbayClient,
  servers: readonly ServerView[],
  askForSites: AskForSites,
) {
  const [enabling, setEnabling] = useState<ReadonlySet<string>>(new Set());
  const [fill, setFill] = useState<{ text: string; id: number } | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const onEnable = useCallback(
    (serverId: string) => {
      // The server's site, asked for from this click (Patchbay holds none at install).
      const server = servers.find((candidate) => candidate.id === serverId);
      if (server) void askForSites([server.url]);
      setEnabling((previous) => new Set([...previous, serverId]));
      setNotice(undefined);
      void client
        .server(serverId, 'enable')
        .catch((error: unknown) =>
          setNotice(error instanceof Error ? error.message : String(error)),
        )
        .finally(() =>
          setEnabling((previous) => new Set([...previous].filter((id) => id !== serverId))),
        );
    },
    [askForSites, client, servers],
  );
  const onAsk = useCallback(
    (question: string) => setFill((previous) => ({ text: question, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  return { enabling, onEnable, onAsk, fill, notice };
}
