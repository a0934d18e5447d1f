import { useCallback, useMemo, useState } from 'react';
import { chatSuggestions } from '../../src/chat/chat-suggestions';
import { useClient } from '../shared/client-context';
import type { ServerView, ToolView } from '../../src/messaging/contract';
import type { AskForSites } from '../../src/permissions/ask-for-sites';

/**
 * What the empty chat does: suggests questions from the servers switched on and their tools,
 * and switches a suggested catalog server on (as the Servers view's switch does; the server
 * then connects, or says why not, there and in the header).
 */
export function useEmptyChat(
  servers: readonly ServerView[],
  tools: readonly ToolView[],
  askForSites: AskForSites,
) {
  const client = useClient();
  const suggestions = useMemo(() => chatSuggestions(servers, tools), [servers, tools]);
  const [enabling, setEnabling] = useState<ReadonlySet<string>>(new Set());
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
  return { suggestions, enabling, onEnable, notice };
}
