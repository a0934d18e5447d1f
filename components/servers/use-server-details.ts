import { useCallback, useEffect, useRef, useState } from 'react';
import type { DetailList, DetailSection, PagedList, ServerDetailsData } from './details-state';
import type { PatchbayClient } from '../../src/messaging/client';
import { useClient } from '../shared/client-context';

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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

const SECTION_LISTS: Record<DetailSection, DetailList[]> = {
  resources: ['resources', 'templates'],
  prompts: ['prompts'],
};

const keyOf = (serverId: string, list: DetailList) => `${serverId}\n${list}`;

/**
 * The resources, templates and prompts of servers whose sections the person opened, and the
 * resource being previewed. Nothing loads until a section asks; a list the server says changed
 * loads its first page again; a server that stops being connected forgets what it had.
 */
export function useServerDetails() {
  const client = useClient();
  const [details, setDetails] = useState<Record<string, ServerDetailsData>>({});
  // Bookkeeping the callbacks share, never read while rendering.
  const book = useRef({
    /** Bumped when a list is reset, so answers to older requests are dropped. */
    generation: new Map<string, number>(),
    /** Lists with a request under way. */
    inFlight: new Set<string>(),
    /** The cursor of each list's next page. */
    cursor: new Map<string, string>(),
    /** Lists asked for at least once (so a change notice reloads them). */
    started: new Set<string>(),
    /** Lists whose last failed request was a "Load more". */
    failedMore: new Set<string>(),
    /** The read each server's preview waits for. */
    preview: new Map<string, number>(),
    reads: 0,
  });

  const setList = useCallback(
    (
      serverId: string,
      list: DetailList,
      next: (previous: PagedList<unknown> | undefined) => PagedList<unknown>,
    ) =>
      setDetails((previous) => {
        const server: ServerDetailsData = previous[serverId] ?? {};
        // The list holds what fetchPage answered for it, so its items are of its own kind.
        const updated = { ...server, [list]: next(server[list]) } as ServerDetailsData;
        return { ...previous, [serverId]: updated };
      }),
    [],
  );

  const load = useCallback(
    async (serverId: string, list: DetailList, more: boolean) => {
      const b = book.current;
      const key = keyOf(serverId, list);
      const cursor = more ? b.cursor.get(key) : undefined;
      if (b.inFlight.has(key) || (more && !cursor)) return;
      const generation = b.generation.get(key) ?? 0;
      const current = () => (b.generation.get(key) ?? 0) === generation;
      b.inFlight.add(key);
      b.started.add(key);
      // What has loaded stays on screen while the next page (or a fresh first page) loads.
      setList(serverId, list, (previous) => ({
        items: previous?.items ?? [],
        ...(previous?.nextCursor ? { nextCursor: previous.nextCursor } : {}),
        loading: true,
      }));
      try {
        const page = await fetchPage(client, serverId, list, cursor);
        if (!current()) return;
        // A server that hands back the cursor it was given would page forever.
        const nextCursor =
          page.nextCursor && page.nextCursor !== cursor ? page.nextCursor : undefined;
        if (nextCursor) b.cursor.set(key, nextCursor);
        else b.cursor.delete(key);
        b.failedMore.delete(key);
        setList(serverId, list, (previous) => ({
          items: [...(more ? (previous?.items ?? []) : []), ...page.items],
          ...(nextCursor ? { nextCursor } : {}),
          loading: false,
        }));
      } catch (error) {
        if (!current()) return;
        if (more) b.failedMore.add(key);
        else b.failedMore.delete(key);
        setList(serverId, list, (previous) => ({
          items: previous?.items ?? [],
          ...(previous?.nextCursor ? { nextCursor: previous.nextCursor } : {}),
          loading: false,
          error: message(error),
        }));
      } finally {
        if (current()) b.inFlight.delete(key);
      }
    },
    [client, setList],
  );

  /** Drops a list's answers under way so a fresh request may start. */
  const invalidate = useCallback((serverId: string, list: DetailList) => {
    const b = book.current;
    const key = keyOf(serverId, list);
    b.generation.set(key, (b.generation.get(key) ?? 0) + 1);
    b.inFlight.delete(key);
    b.cursor.delete(key);
    b.failedMore.delete(key);
  }, []);

  /** The first page of each list a section shows. */
  const loadSection = useCallback(
    (serverId: string, section: DetailSection) => {
      for (const list of SECTION_LISTS[section]) void load(serverId, list, false);
    },
    [load],
  );

  const loadMore = useCallback(
    (serverId: string, list: DetailList) => void load(serverId, list, true),
    [load],
  );

  /** Repeats a list's failed request: the page it failed on. */
  const retry = useCallback(
    (serverId: string, list: DetailList) =>
      void load(serverId, list, book.current.failedMore.has(keyOf(serverId, list))),
    [load],
  );

  const openResource = useCallback(
    async (serverId: string, uri: string) => {
      const b = book.current;
      const read = (b.reads += 1);
      b.preview.set(serverId, read);
      setDetails((previous) => ({
        ...previous,
        [serverId]: { ...previous[serverId], preview: { uri, loading: true } },
      }));
      const settle = (preview: NonNullable<ServerDetailsData['preview']>) => {
        if (b.preview.get(serverId) !== read) return; // closed, or another resource opened
        setDetails((previous) => ({
          ...previous,
          [serverId]: { ...previous[serverId], preview },
        }));
      };
      try {
        const { contents } = await client.server(serverId, 'resources/read', { uri });
        settle({ uri, loading: false, contents });
      } catch (error) {
        settle({ uri, loading: false, error: message(error) });
      }
    },
    [client],
  );

  const closePreview = useCallback((serverId: string) => {
    book.current.preview.delete(serverId);
    setDetails((previous) => {
      const server = previous[serverId];
      if (!server?.preview) return previous;
      const rest = { ...server };
      delete rest.preview;
      return { ...previous, [serverId]: rest };
    });
  }, []);

  /** Forgets everything loaded for a server. */
  const forget = useCallback(
    (serverId: string) => {
      const b = book.current;
      for (const list of ['resources', 'templates', 'prompts'] as const) {
        invalidate(serverId, list);
        b.started.delete(keyOf(serverId, list));
      }
      b.preview.delete(serverId);
      setDetails((previous) => {
        if (!(serverId in previous)) return previous;
        const next = { ...previous };
        delete next[serverId];
        return next;
      });
    },
    [invalidate],
  );

  useEffect(
    () =>
      client.onBroadcast((broadcast) => {
        if (broadcast.type === 'mcp/features/changed') {
          // Lists already shown load their first page again; unopened ones wait to be opened.
          const { serverId, kind } = broadcast.payload;
          for (const list of SECTION_LISTS[kind]) {
            if (!book.current.started.has(keyOf(serverId, list))) continue;
            invalidate(serverId, list);
            void load(serverId, list, false);
          }
        } else if (broadcast.type === 'mcp/status/changed') {
          const { serverId, status, server } = broadcast.payload;
          const connected = (server?.status ?? status).state === 'connected';
          if (!connected || server?.isEnabled === false) forget(serverId);
        } else if (broadcast.type === 'mcp/tools/changed' && !broadcast.payload.server) {
          forget(broadcast.payload.serverId); // removed
        }
      }),
    [client, invalidate, load, forget],
  );

  return { details, loadSection, loadMore, retry, openResource, closePreview, forget };
}
