import { useCallback, useRef } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import { useClient } from '../shared/client-context';
import type { ServerDetailsData, SetServerDetails } from './details-state';

/**
 * The resource each server's details preview: reading it, its contents or why it could not be
 * read. Only the latest read of a server counts: closing the preview or opening another
 * resource drops the answer of the one before.
 */
export function useResourcePreview(setDetails: SetServerDetails) {
  const client = useClient();
  // Bookkeeping the callbacks share, never read while rendering.
  const reads = useRef({
    /** The read each server's preview waits for. */
    waiting: new Map<string, number>(),
    count: 0,
  });

  const openResource = useCallback(
    async (serverId: string, uri: string) => {
      const book = reads.current;
      const read = (book.count += 1);
      book.waiting.set(serverId, read);
      setDetails((previous) => ({
        ...previous,
        [serverId]: { ...previous[serverId], preview: { uri, loading: true } },
      }));
      const settle = (preview: NonNullable<ServerDetailsData['preview']>) => {
        if (book.waiting.get(serverId) !== read) return; // closed, or another resource opened
        setDetails((previous) => ({
          ...previous,
          [serverId]: { ...previous[serverId], preview },
        }));
      };
      try {
        const { contents } = await client.server(serverId, 'resources/read', { uri });
        settle({ uri, loading: false, contents });
      } catch (error) {
        settle({ uri, loading: false, error: errorMessage(error) });
      }
    },
    [client, setDetails],
  );

  const closePreview = useCallback(
    (serverId: string) => {
      reads.current.waiting.delete(serverId);
      setDetails((previous) => {
        const server = previous[serverId];
        if (!server?.preview) return previous;
        const rest = { ...server };
        delete rest.preview;
        return { ...previous, [serverId]: rest };
      });
    },
    [setDetails],
  );

  /** Drops the read a server's preview waits for (its details are being forgotten). */
  const forgetPreview = useCallback((serverId: string) => {
    reads.current.waiting.delete(serverId);
  }, []);

  return { openResource, closePreview, forgetPreview };
}
