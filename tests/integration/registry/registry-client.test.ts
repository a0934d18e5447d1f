/**
 * Searching an MCP Registry, against a fixture registry on loopback that follows the published
 * API: latest versions only, active entries only, bad data skipped, pages followed by cursor,
 * the `/v0` fallback, and a clear error for a registry that is down, slow or not a registry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listRegistry, RegistryError } from '../../../src/registry/registry-client';
import { readEntry } from '../../../src/registry/registry-entry';
import {
  defaultRows,
  startFixtureRegistry,
  type FixtureRegistry,
  type FixtureRegistryOptions,
} from '../../fixtures/registry-server';

let registry: FixtureRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function start(options: FixtureRegistryOptions = {}) {
  registry = await startFixtureRegistry(options);
  return registry;
}

describe('a registry search', () => {
  it('lists the latest version of each active server, skipping what is not', async () => {
    const { url } = await start();
    const page = await listRegistry({ baseUrl: url, search: 'example' });
    expect(page.entries.map((entry) => [entry.name, entry.version])).toEqual([
      ['com.example/weather', '2.1.0'],
    ]);
    // Deprecated, and not server.json (no description); the deleted one the registry hides.
    expect(page.skipped).toBe(2);
    expect(page.nextCursor).toBeUndefined();
    const [weather] = page.entries;
    expect(weather).toMatchObject({
      title: 'Weather',
      description: 'Forecasts and alerts for any city.',
      publisher: 'example.com',
      iconUrl: 'https://weather.example.com/icon.png',
      websiteUrl: 'https://weather.example.com/',
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://mcp.example.com/{region}/mcp',
          variables: { region: { isRequired: true, choices: ['eu', 'us'], default: 'eu' } },
          headers: [{ name: 'X-Weather-Key', isRequired: true, isSecret: true }],
        },
      ],
    });
  });

  it('shows a package-only server with its package, and no remote', async () => {
    const { url } = await start();
    const { entries } = await listRegistry({ baseUrl: url, search: 'notes' });
    expect(entries).toEqual([
      expect.objectContaining({
        name: 'io.github.ada/notes',
        title: 'notes',
        publisher: 'ada (GitHub)',
        repositoryUrl: 'https://github.com/ada/notes',
        remotes: [],
        packages: [
          {
            registryType: 'npm',
            identifier: '@ada/notes-mcp',
            version: '0.3.0',
            runtimeHint: 'npx',
            transport: 'stdio',
          },
        ],
      }),
    ]);
  });

  it('follows the cursor page by page to the end', async () => {
    const fixture = await start();
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listRegistry({
        baseUrl: fixture.url,
        search: 'fixture',
        ...(cursor ? { cursor } : {}),
      });
      names.push(...page.entries.map((entry) => entry.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(names).toHaveLength(35);
    expect(new Set(names).size).toBe(35);
    expect(fixture.requests[1]).toContain('cursor=io.github.fixture%2Ftool-29%3A1.0.0');
    expect(fixture.requests.every((request) => request.includes('version=latest'))).toBe(true);
  });

  it('ends on a full last page whose cursor leads to an empty one', async () => {
    const thirty = defaultRows().filter((row) =>
      /^io\.github\.fixture\/tool-[0-2]\d$/.test(String(row.server.name)),
    );
    const { url } = await start({ rows: thirty });
    // A full page: the registry hands out a cursor all the same; the page after it is empty.
    const first = await listRegistry({ baseUrl: url });
    expect(first.entries).toHaveLength(30);
    expect(first.nextCursor).toBe('io.github.fixture/tool-29:1.0.0');
    const second = await listRegistry({ baseUrl: url, cursor: first.nextCursor! });
    expect(second).toEqual({ entries: [], skipped: 0 });
  });

  it('keeps a sub-registry’s path, and falls back to /v0 where /v0.1 is not served', async () => {
    const fixture = await start({ v0Only: true });
    const page = await listRegistry({ baseUrl: `${fixture.url}/`, search: 'weather' });
    expect(page.entries.map((entry) => entry.name)).toEqual(['com.example/weather']);
    expect(fixture.requests.map((request) => request.split('?')[0])).toEqual([
      '/v0.1/servers',
      '/v0/servers',
    ]);
  });

  it.each([
    [{ failWith: 503 }, 'http', /answered HTTP 503: it may be down/],
    [{ html: true }, 'not-a-registry', /did not answer like an MCP Registry/],
  ] as const)('says what went wrong with %o', async (options, kind, message) => {
    const { url } = await start(options);
    const error = await listRegistry({ baseUrl: url }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RegistryError);
    expect(error).toMatchObject({ kind, message: expect.stringMatching(message) });
  });

  it('stops reading a page past its cap, however it is sent', async () => {
    // 5 MB of JSON in 64 KB chunks, with no length declared.
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"servers":['));
        sent += 1;
        if (sent > 80) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const fetch = async () =>
      new Response(body, { headers: { 'content-type': 'application/json' } });
    await expect(listRegistry({ baseUrl: 'https://registry.test', fetch })).rejects.toMatchObject({
      kind: 'not-a-registry',
    });
    expect(sent).toBeLessThan(80);
  });

  it('gives up on a slow registry, and names an unreachable one', async () => {
    const { url } = await start({ delayMs: 2_000 });
    await expect(listRegistry({ baseUrl: url, timeoutMs: 200 })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('did not answer within 0.2 s'),
    });
    await registry?.close();
    registry = undefined;
    await expect(listRegistry({ baseUrl: url })).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });
});

describe('an entry read from untrusted registry data', () => {
  it('keeps only https links and icons, and bounds what it shows', () => {
    const entry = readEntry({
      server: {
        name: 'com.evil/app',
        description: `  ${'x'.repeat(120)}  `,
        version: '1.0.0',
        websiteUrl: 'javascript:alert(1)',
        repository: { url: 'http://github.com/evil/app' },
        icons: [
          { src: 'data:image/svg+xml;base64,PHN2Zz4=' },
          { src: 'https://cdn.evil/dark.png', theme: 'dark' },
        ],
        remotes: [
          { type: 'websocket', url: 'wss://evil/mcp' },
          { type: 'sse', url: 'https://evil/sse', headers: [{ name: 'Bad Header' }] },
          { type: 'sse', url: 'https://evil/sse2' },
        ],
      },
    });
    expect(entry).toMatchObject({
      description: 'x'.repeat(120),
      iconUrl: 'https://cdn.evil/dark.png',
      status: 'active',
      remotes: [{ type: 'sse', url: 'https://evil/sse2', headers: [], variables: {} }],
    });
    expect(entry).not.toHaveProperty('websiteUrl');
    expect(entry).not.toHaveProperty('repositoryUrl');
    expect(readEntry({ server: { name: 'a/b', description: 'x'.repeat(301), version: '1' } })).toBe(
      undefined,
    );
    expect(readEntry(null)).toBeUndefined();
  });
});
