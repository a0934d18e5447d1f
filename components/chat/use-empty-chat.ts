import { useCallback, useState } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';

/**
 * What the empty chat does: switches a suggested catalog server on (as the Servers view's
 * switch does; the server then connects, or says why not, there and in the header), and puts an
 * example question in the composer (`fill`) without sending it.
 */
export function useEmptyChat(client: PatchbayClient) {
  const [enabling, setEnabling] = useState<ReadonlySet<string>>(new Set());
  const [fill, setFill] = useState<{ text: string; id: number } | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const onEnable = useCallback(
    (serverId: string) => {
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
    [client],
  );
  const onAsk = useCallback(
    (question: string) => setFill((previous) => ({ text: question, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  return { enabling, onEnable, onAsk, fill, notice };
}
