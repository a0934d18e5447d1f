import { useEffect, useRef } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';
import { useClient } from '../shared/client-context';
import { fromResourceKey } from './resource-key';

const stopTelling = (client: PatchbayClient, key: string) => {
  const { serverId, uri } = fromResourceKey(key);
  void client.server(serverId, 'resources/unsubscribe', { uri }).catch(() => undefined);
};

/**
 * Keeps the servers subscribed to exactly the resources wanted (keys joined by new lines), and
 * lets them stop telling when the chat or the panel closes. Returns the keys subscribed to.
 */
export function useResourceSubscriptions(wantedKeys: string) {
  const client = useClient();
  const subscribed = useRef(new Set<string>());

  useEffect(() => {
    const next = new Set(wantedKeys ? wantedKeys.split('\n') : []);
    for (const key of next) {
      if (subscribed.current.has(key)) continue;
      subscribed.current.add(key);
      const { serverId, uri } = fromResourceKey(key);
      void client.server(serverId, 'resources/subscribe', { uri }).catch(() => undefined);
    }
    for (const key of [...subscribed.current]) {
      if (next.has(key)) continue;
      subscribed.current.delete(key);
      stopTelling(client, key);
    }
  }, [client, wantedKeys]);

  // Closing the chat, or the panel itself, lets the servers stop telling.
  useEffect(() => {
    const current = subscribed.current;
    const release = () => {
      for (const key of current) stopTelling(client, key);
      current.clear();
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [client]);

  return subscribed;
}
