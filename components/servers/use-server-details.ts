import { useCallback, useEffect, useState } from 'react';
import type { ServerDetailsData } from './details-state';
import { useClient } from '../shared/client-context';
import { useDetailLists } from './use-detail-lists';
import { useResourcePreview } from './use-resource-preview';

/**
 * The resources, templates and prompts of servers whose sections the person opened
 * (use-detail-lists), and the resource being previewed (use-resource-preview). Nothing loads
 * until a section asks; a list the server says changed loads its first page again; a server
 * that stops being connected forgets what it had.
 */
export function useServerDetails() {
  const client = useClient();
  const [details, setDetails] = useState<Record<string, ServerDetailsData>>({});
  const { loadSection, loadMore, retry, reloadChanged, forgetLists } = useDetailLists(setDetails);
  const { openResource, closePreview, forgetPreview } = useResourcePreview(setDetails);

  /** Forgets everything loaded for a server. */
  const forget = useCallback(
    (serverId: string) => {
      forgetLists(serverId);
      forgetPreview(serverId);
      setDetails((previous) => {
        if (!(serverId in previous)) return previous;
        const next = { ...previous };
        delete next[serverId];
        return next;
      });
    },
    [forgetLists, forgetPreview],
  );

  useEffect(
    () =>
      client.onBroadcast((broadcast) => {
        if (broadcast.type === 'mcp/features/changed') {
          reloadChanged(broadcast.payload.serverId, broadcast.payload.kind);
        } else if (broadcast.type === 'mcp/status/changed') {
          const { serverId, status, server } = broadcast.payload;
          const connected = (server?.status ?? status).state === 'connected';
          if (!connected || server?.isEnabled === false) forget(serverId);
        } else if (broadcast.type === 'mcp/tools/changed' && !broadcast.payload.server) {
          forget(broadcast.payload.serverId); // removed
        }
      }),
    [client, reloadChanged, forget],
  );

  return { details, loadSection, loadMore, retry, openResource, closePreview, forget };
}
