import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../src/platform/memory';
import {
  cachedRegistryPage,
  DAY_MS,
  REGISTRY_CACHE_KEY,
} from '../../../src/registry/registry-cache';
import { checkRegistryUrl } from '../../../src/registry/registry-setting';

const listing = (name: string) =>
  new Response(
    JSON.stringify({
      servers: [{ server: { name, description: 'A server.', version: '1.0.0' } }],
      metadata: { count: 1 },
    }),
    { headers: { 'content-type': 'application/json' } },
  );

describe('registry pages kept for a day', () => {
  it('asks the registry once a day per search, and keeps searches apart', async () => {
    const store = createMemoryStore();
    const fetch = vi.fn(async (url: string) =>
      listing(`com.example/${new URL(url).searchParams.get('search') ?? 'all'}`),
    );
    let now = 1_000;
    const page = (search: string) =>
      cachedRegistryPage(store, { baseUrl: 'https://registry.test', search, fetch }, () => now);
    expect((await page('wiki')).entries[0]?.name).toBe('com.example/wiki');
    expect((await page(' Wiki ')).entries[0]?.name).toBe('com.example/wiki');
    expect((await page('mail')).entries[0]?.name).toBe('com.example/mail');
    expect(fetch).toHaveBeenCalledTimes(2);
    now += DAY_MS;
    await page('wiki');
    expect(fetch).toHaveBeenCalledTimes(3);
    // What expired is dropped when a page is kept.
    expect(Object.keys((await store.get<object>(REGISTRY_CACHE_KEY)) ?? {})).toHaveLength(1);
  });

  it('keeps nothing of a failed search', async () => {
    const store = createMemoryStore();
    const fetch = async () => new Response('down', { status: 503 });
    await expect(
      cachedRegistryPage(store, { baseUrl: 'https://registry.test', fetch }),
    ).rejects.toMatchObject({ kind: 'http' });
    expect(await store.get(REGISTRY_CACHE_KEY)).toBeUndefined();
  });
});

describe('the registry address setting', () => {
  it.each([
    ['', 'https://registry.modelcontextprotocol.io'],
    ['https://registry.corp.example/mcp/', 'https://registry.corp.example/mcp'],
    ['http://registry.home.arpa:8080', 'http://registry.home.arpa:8080'],
    ['http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
  ])('takes %j as %s', (text, url) => {
    expect(checkRegistryUrl(text)).toEqual({ ok: true, url });
  });

  it.each(['registry', 'http://registry.example.com', 'ftp://x.example', 'https://a.example/?q=1'])(
    'refuses %j, saying why',
    (text) => {
      expect(checkRegistryUrl(text)).toMatchObject({ ok: false, message: expect.any(String) });
    },
  );
});
