import { useEffect, useState } from 'react';
import type { AskView } from '../../src/messaging/asks-contract';
import { useClient } from '../shared/client-context';

/** Everything servers wait on the person for, kept current from the background's broadcasts. */
export function useAsks(): AskView[] {
  const client = useClient();
  const [asks, setAsks] = useState<AskView[]>([]);
  useEffect(() => {
    let live = true;
    // A broadcast is newer than the list asked for below, which may answer after it.
    let heard = false;
    const stop = client.onBroadcast((message) => {
      if (message.type !== 'mcp/asks/changed') return;
      heard = true;
      setAsks(message.payload.asks);
    });
    // Asks that arrived while the panel was closed are waiting already.
    void client.request('mcp/asks/list').then(
      ({ asks: waiting }) => live && !heard && setAsks(waiting),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [client]);
  return asks;
}
