import { useCallback, useEffect, useState } from 'react';
import { useClient } from '../shared/client-context';
import type { ServerView, ToolView } from '../../src/messaging/contract';

export interface ServerTools {
  tools: ToolView[];
  disabled: string[];
}

/** The server list and tools, kept live from the background's broadcasts. */
export function useServers() {
  const client = useClient();
  const [servers, setServers] = useState<ServerView[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [tools, setTools] = useState<Record<string, ServerTools>>({});

  const reload = useCallback(
    () =>
      client.request('mcp/servers/get').then(
        ({ servers: next }) => {
          setServers(next);
          setLoadError(undefined);
        },
        (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
      ),
    [client],
  );

  const loadTools = useCallback(
    (serverId: string) =>
      client.server(serverId, 'tools/get').then(
        (result) => setTools((previous) => ({ ...previous, [serverId]: result })),
        () => undefined, // the server's status already says why its tools are unavailable
      ),
    [client],
  );

  useEffect(() => {
    // Broadcasts carry the whole server as it is after the change: one store, no re-fetching.
    const apply = (server: ServerView) =>
      setServers((previous) => previous?.map((item) => (item.id === server.id ? server : item)));
    const unsubscribe = client.onBroadcast((message) => {
      if (message.type === 'mcp/status/changed') {
        const { serverId, status, server } = message.payload;
        if (server) apply(server);
        else
          setServers((previous) =>
            previous?.map((item) => (item.id === serverId ? { ...item, status } : item)),
          );
      } else if (message.type === 'mcp/servers/changed') {
        void reload();
      } else if (message.type === 'mcp/tools/changed') {
        const { serverId, server } = message.payload;
        if (server) apply(server);
        else void reload();
        void loadTools(serverId);
      }
    });
    void reload();
    return unsubscribe;
  }, [client, reload, loadTools]);

  /**
   * Shows a server's switched-off tools as the person just set them, before the worker answers:
   * a second click on a switch reads what the first one set, not the list before it.
   */
  const showDisabled = useCallback(
    (serverId: string, disabled: string[]) =>
      setTools((previous) => {
        const current = previous[serverId];
        return current ? { ...previous, [serverId]: { ...current, disabled } } : previous;
      }),
    [],
  );

  return { servers, loadError, tools, reload, loadTools, showDisabled };
}
