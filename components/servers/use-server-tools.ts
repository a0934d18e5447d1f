import { useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { useServers } from './use-servers';

/** Fetches the tools of every connected server the first time it shows as connected. */
export function useConnectedServerTools({
  servers,
  tools,
  loadTools,
}: ReturnType<typeof useServers>) {
  useEffect(() => {
    for (const server of servers ?? []) {
      if (server.isEnabled && server.status.state === 'connected' && !tools[server.id])
        void loadTools(server.id);
    }
  }, [servers, tools, loadTools]);
}

/**
 * The count the model's tool budget applies to: enabled servers minus switched-off tools,
 * asked again whenever the servers or their tools change.
 */
export function useEnabledToolCount({ servers, tools }: ReturnType<typeof useServers>): number {
  const client = useClient();
  const [enabledToolCount, setEnabledToolCount] = useState(0);
  useEffect(() => {
    void client.request('mcp/tools/list').then(
      ({ tools: list }) => setEnabledToolCount(list.length),
      () => undefined,
    );
  }, [client, servers, tools]);
  return enabledToolCount;
}
