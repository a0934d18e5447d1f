/**
 * What the soak runs against, all local and real: Patchbay's production build in Chromium, 20
 * MCP servers (ten 2026-era ones in a process of their own, nine 2025-era fixtures, and one
 * behind the OAuth fixture whose access tokens last 10 s), the relay in process with a desktop
 * client allowed everything, two sites with page tools, and the scripted model.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestRelay, type TestRelay } from '../../relay/test/helpers';
import { startFixtureServer } from '../../tests/fixtures/mcp-fixture-server';
import { startOAuthFixture, type OAuthFixture } from '../../tests/fixtures/oauth-server';
import { startFixtureSites, type FixtureSites } from '../../tests/fixtures/page-tools/site-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../../tests/fixtures/scripted-openai';
import { launchBenchBrowser, type BenchBrowser } from '../lib/browser';
import { startServerPool } from '../lib/server-pool';

export const PAGE_SITES = ['shop.localhost', 'recipes.localhost'];

export interface SoakWorld {
  browser: BenchBrowser;
  model: ScriptedOpenAI;
  relay: TestRelay;
  sites: FixtureSites;
  /** Every server's id in Patchbay, the OAuth one last. */
  serverIds: string[];
  /** Every server's address, the relay's and the authorization server's: their sockets are counted. */
  addresses: string[];
  oauth: OAuthFixture;
  /** A desktop app's connection through the relay (made again when it breaks). */
  desktop(): Promise<Client>;
  close(): Promise<void>;
}

export async function startWorld(): Promise<SoakWorld> {
  const [model, pool, legacy, oauth, relay, sites] = await Promise.all([
    startScriptedOpenAI(),
    startServerPool(10, 5),
    Promise.all(Array.from({ length: 9 }, () => startFixtureServer())),
    startOAuthFixture({ consent: 'auto', accessTokenTtl: 10 }),
    startTestRelay({ httpRequestsPerSecond: 10_000 }),
    startFixtureSites(),
  ]);
  const browser = await launchBenchBrowser();
  const { page } = browser;
  await page.evaluate(
    (baseUrl) =>
      chrome.storage.local.set({
        'chat.models': {
          active: 'compatible',
          providers: { compatible: { provider: 'compatible', baseUrl, model: 'scripted-model' } },
        },
      }),
    model.baseUrl,
  );
  const urls = [
    ...pool.urls.map((url, index) => ({ name: `Modern ${index + 1}`, url })),
    ...legacy.map((server, index) => ({ name: `Legacy ${index + 1}`, url: server.mcpUrl })),
    { name: 'Signed in', url: oauth.mcpUrl },
  ];
  const serverIds: string[] = [];
  for (const { name, url } of urls) {
    const { server } = await browser.send<{ server: { id: string } }>('mcp/servers/add', {
      name,
      url,
    });
    serverIds.push(server.id);
    await browser.send(`mcp/${server.id}/enable`);
  }
  for (const site of PAGE_SITES)
    await browser.send('page-tools/allow', { domain: site, always: true });

  await browser.send('browser-access/enabled/set', { enabled: true });
  await browser.send('browser-access/link/save', {
    url: relay.url,
    token: await relay.token('soak', 'browser'),
  });
  await browser.send('browser-access/link/connect');
  const appToken = await relay.token('soak', 'client');
  let client: Client | undefined;
  const desktop = async () => {
    if (client) return client;
    const made = new Client(
      { name: 'Soak App', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' as const } },
    );
    await made.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', relay.url), {
        requestInit: { headers: { Authorization: `Bearer ${appToken}` } },
      }),
    );
    made.onclose = () => {
      if (client === made) client = undefined;
    };
    client = made;
    return made;
  };
  await waitFor(async () => {
    const { view } = await browser.send<{ view: { link: { state: string } } }>(
      'browser-access/get',
    );
    return view.link.state === 'connected';
  }, 'the browser did not link to the relay');
  await (await desktop()).listTools();
  const { view } = await browser.send<{ view: { clients: { id: string }[] } }>(
    'browser-access/get',
  );
  await browser.send('browser-access/client/policy', {
    clientId: view.clients[0]!.id,
    policy: 'all',
  });
  return {
    browser,
    model,
    relay,
    sites,
    serverIds,
    oauth,
    addresses: [relay.url, ...urls.map(({ url }) => url)],
    desktop,
    async close() {
      await client?.close().catch(() => undefined);
      await browser.close();
      await Promise.all([
        model.close(),
        pool.close(),
        ...legacy.map((server) => server.close()),
        oauth.close(),
        relay.close(),
        sites.close(),
      ]);
    },
  };
}

/** Polls `check` every 100 ms until it holds, for 30 s at most. */
export async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const giveUp = Date.now() + 30_000; ;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > giveUp) throw new Error(`${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

declare const chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
