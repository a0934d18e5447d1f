/**
 * Registry pages kept for a day in storage (`registryCache`), so browsing again costs the
 * registry nothing: keyed by the registry's address, the search and the cursor; the oldest go
 * beyond {@link MAX_PAGES} or about a megabyte in all. A failed search is not kept.
 */
import { z } from 'zod';
import type { KeyValueStore } from '../platform/ports';
import { listRegistry, type RegistryPage, type RegistryQuery } from './registry-client';

export const REGISTRY_CACHE_KEY = 'registryCache';
export const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_PAGES = 40;
/** What the cache may hold in all, as JSON: storage's quota is shared with tokens and keys. */
const MAX_CACHE_CHARS = 1_000_000;

/** What is kept of a page: trusted as Patchbay wrote it, checked for shape only. */
const cachedSchema = z.record(
  z.string(),
  z.object({ at: z.number(), page: z.custom<RegistryPage>((value) => typeof value === 'object') }),
);

const keyOf = (query: RegistryQuery) =>
  JSON.stringify([query.baseUrl, query.search?.trim().toLowerCase() ?? '', query.cursor ?? '']);

/** One page, from storage when it was fetched within a day, else from the registry. */
export async function cachedRegistryPage(
  store: KeyValueStore,
  query: RegistryQuery,
  now: () => number = Date.now,
): Promise<RegistryPage> {
  const parsed = cachedSchema.safeParse(await store.get(REGISTRY_CACHE_KEY));
  const cache = parsed.success ? parsed.data : {};
  const key = keyOf(query);
  const hit = cache[key];
  if (hit && now() - hit.at < DAY_MS) return hit.page;
  const page = await listRegistry(query);
  const kept = Object.entries({ ...cache, [key]: { at: now(), page } })
    .filter(([, value]) => now() - value.at < DAY_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_PAGES);
  // Newest first, as many as fit; a page too big to keep is still shown.
  let total = 0;
  const fitting = kept.filter(
    ([, value]) => (total += JSON.stringify(value).length) <= MAX_CACHE_CHARS,
  );
  // Keeping is a nicety: a full storage must not fail a page that was fetched.
  await store.set({ [REGISTRY_CACHE_KEY]: Object.fromEntries(fitting) }).catch(() => undefined);
  return page;
}
