import { useCallback, useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import type { PatchbayClient } from '../../src/messaging/client';
import { useClient } from '../shared/client-context';
import type {
  DetailList,
  DetailSection,
  PagedList,
  ServerDetailsData,
  SetServerDetails,
} from './details-state';
import { ListRequests } from './list-requests';

type Page = { items: unknown[]; nextCursor?: string };

/** One page of a list from the background, as items and the cursor of the next page. */
async function fetchPage(
  client: PatchbayClient,
  serverId: string,
  list: DetailList,
  cursor: string | undefined,
): Promise<Page> {
  const payload = cursor ? { cursor } : undefined;
  switch (list) {
    case 'resources': {
      const page = await client.server(serverId, 'resources/list', payload);
      return { items: page.resources, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    }
    case 'templates': {
      const page = await client.server(serverId, 'resources/templates/list', payload);
      return { items: page.templates, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    }
    case 'prompts': {
      const page = await client.server(serverId, 'prompts/list', payload);
      return { items: page.prompts, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    }
  }
}

const SECTION_LISTS: Record<DetailSection, DetailList[]> = {
  resources: ['resources', 'templates'],
  prompts: ['prompts'],
};

/** What has loaded of a list, kept on screen while another page loads and after a failure. */
const kept = (previous: PagedList<unknown> | undefined) => ({
  items: previous?.items ?? [],
  ...(previous?.nextCursor ? { nextCursor: previous.nextCursor } : {}),
});

/** A list's next state from what it held (undefined: never asked for). */
type ListUpdate = (previous: PagedList<unknown> | undefined) => PagedList<unknown>;

/** Sets one list of a server's details from what it held. */
function updateList(
  setDetails: SetServerDetails,
  serverId: string,
  list: DetailList,
  next: ListUpdate,
) {
  setDetails((previous) => {
    const server: ServerDetailsData = previous[serverId] ?? {};
    // The list holds what fetchPage answered for it, so its items are of its own kind.
    const updated = { ...server, [list]: next(server[list]) } as ServerDetailsData;
    return { ...previous, [serverId]: updated };
  });
}

/**
 * The resources, templates and prompts lists of servers' details, a page at a time (the
 * bookkeeping: ListRequests). Nothing loads until a section asks; a list the server says
 * changed loads its first page again.
 */
export function useDetailLists(setDetails: SetServerDetails) {
  const client = useClient();
  const [requests] = useState(() => new ListRequests());

  const load = useCallback(
    async (serverId: string, list: DetailList, more: boolean) => {
      const request = requests.start(serverId, list, more);
      if (!request) return;
      const setList = (next: ListUpdate) => updateList(setDetails, serverId, list, next);
      // What has loaded stays on screen while the next page (or a fresh first page) loads.
      setList((previous) => ({ ...kept(previous), loading: true }));
      try {
        const page = await fetchPage(client, serverId, list, request.cursor);
        if (!request.current()) return;
        // A server that hands back the cursor it was given would page forever.
        const nextCursor =
          page.nextCursor && page.nextCursor !== request.cursor ? page.nextCursor : undefined;
        requests.paged(serverId, list, nextCursor);
        setList((previous) => ({
          items: [...(more ? (previous?.items ?? []) : []), ...page.items],
          ...(nextCursor ? { nextCursor } : {}),
          loading: false,
        }));
      } catch (error) {
        if (!request.current()) return;
        requests.failed(serverId, list, more);
        setList((previous) => ({
          ...kept(previous),
          loading: false,
          error: errorMessage(error),
        }));
      } finally {
        if (request.current()) requests.ended(serverId, list);
      }
    },
    [client, requests, setDetails],
  );

  return {
    /** The first page of each list a section shows. */
    loadSection: useCallback(
      (serverId: string, section: DetailSection) => {
        for (const list of SECTION_LISTS[section]) void load(serverId, list, false);
      },
      [load],
    ),
    loadMore: useCallback(
      (serverId: string, list: DetailList) => void load(serverId, list, true),
      [load],
    ),
    /** Repeats a list's failed request: the page it failed on. */
    retry: useCallback(
      (serverId: string, list: DetailList) =>
        void load(serverId, list, requests.failedOnMore(serverId, list)),
      [load, requests],
    ),
    /** Lists already shown load their first page again; unopened ones wait to be opened. */
    reloadChanged: useCallback(
      (serverId: string, section: DetailSection) => {
        for (const list of SECTION_LISTS[section]) {
          if (!requests.wasStarted(serverId, list)) continue;
          requests.reset(serverId, list);
          void load(serverId, list, false);
        }
      },
      [load, requests],
    ),
    /** Drops every list's requests for a server, as if none was ever asked for. */
    forgetLists: useCallback(
      (serverId: string) => {
        for (const list of ['resources', 'templates', 'prompts'] as const)
          requests.forget(serverId, list);
      },
      [requests],
    ),
  };
}
