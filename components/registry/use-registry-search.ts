import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { KeyValueStore } from '../../src/platform/ports';
import { cachedRegistryPage } from '../../src/registry/registry-cache';
import type { RegistryEntry } from '../../src/registry/registry-entry';
import { OFFICIAL_REGISTRY_URL, REGISTRY_URL_KEY } from '../../src/registry/registry-setting';
import { useStored } from '../shared/use-stored';

/** How long typing pauses before the search goes out. */
const DEBOUNCE_MS = 300;
const urlSchema = z.string().url();

export interface RegistrySearch {
  registryUrl: string;
  query: string;
  setQuery(query: string): void;
  entries: RegistryEntry[];
  /** Entries left out so far (not active, or not usable data). */
  skipped: number;
  loading: boolean;
  error?: string;
  /** Loads the next page; undefined on the last. */
  loadMore?: () => void;
}

/**
 * Browsing the registry (the setting's, else the official one): a search as the person types
 * (after a pause), pages on "More", each page from storage when fetched within a day. A newer
 * search wins over an older one still on its way.
 */
export function useRegistrySearch(store: KeyValueStore): RegistrySearch {
  const stored = useStored(store, REGISTRY_URL_KEY, urlSchema);
  const registryUrl = stored.value ?? OFFICIAL_REGISTRY_URL;
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<RegistryEntry[]>([]);
  const [skipped, setSkipped] = useState(0);
  const [cursor, setCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  /** The search the latest answer must belong to. */
  const generation = useRef(0);

  const load = useCallback(
    async (search: string, after: string | undefined, mine: number) => {
      setLoading(true);
      try {
        const page = await cachedRegistryPage(store, {
          baseUrl: registryUrl,
          search,
          ...(after ? { cursor: after } : {}),
        });
        if (generation.current !== mine) return;
        setEntries((current) => (after ? [...current, ...page.entries] : page.entries));
        setSkipped((current) => (after ? current + page.skipped : page.skipped));
        setCursor(page.nextCursor);
        setError(undefined);
      } catch (reason) {
        if (generation.current !== mine) return;
        setError(reason instanceof Error ? reason.message : String(reason));
      } finally {
        if (generation.current === mine) setLoading(false);
      }
    },
    [store, registryUrl],
  );

  useEffect(() => {
    if (!stored.loaded) return;
    const mine = ++generation.current;
    const timer = setTimeout(() => void load(query, undefined, mine), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, load, stored.loaded]);

  const more = useCallback(() => {
    if (cursor) void load(query, cursor, generation.current);
  }, [cursor, load, query]);

  return {
    registryUrl,
    query,
    setQuery,
    entries,
    skipped,
    loading,
    ...(error ? { error } : {}),
    ...(cursor && !loading ? { loadMore: more } : {}),
  };
}
