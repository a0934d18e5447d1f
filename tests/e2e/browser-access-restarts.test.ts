/**
 * Browser access across worker stops, end to end: Chrome stops the service worker on an update,
 * a crash, or when idle (here CDP's ServiceWorker.stopAllWorkers). The relay link comes back by
 * itself: at once while the side panel is open (its port wakes the worker), else within the
 * link's 30 s watchdog alarm. A desktop client's calls meanwhile wait within the relay's grace
 * and are answered; a 2025 session the browser left says why it ended; the client's grants stay.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startTestRelay, type TestRelay } from '../../relay/test/helpers';
import { browserAccessView, resultText } from './browser-access-setup';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Field notes</title></head>
<body><h1>Field notes on herons</h1><p>Herons nest in colonies called heronries.</p></body></html>`;

/**
 * How long a call may wait for the browser after a stop: one watchdog alarm period (30 s) and
 * the link's connect. A call the browser never answered would run into it.
 */
const ONE_ALARM_PERIOD_MS = 38_000;

const session = freshExtensionPerTest({ grantOptionalPermissions: true });
let relay: TestRelay;
let pages: Server;
let pagesUrl: string;
let panel: Page;

const request = <T>(type: string, payload?: unknown) =>
  requestFrom<T>(session, panel, type, payload);
const view = () => browserAccessView(session, panel);
const textOf = resultText;

/** The desktop app's relay token: an app is its token, so every connection of it uses this one. */
let appToken: string;

/** The desktop app: 2026-07-28 requests when it negotiates them, else a 2025 session. */
async function connectClient(era: 'modern' | 'session'): Promise<Client> {
  const token = appToken;
  const client = new Client(
    { name: 'Desk App', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', relay.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
    { timeout: ONE_ALARM_PERIOD_MS },
  );
  onTestFinished(() => client.close().catch(() => undefined));
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }, { timeout: ONE_ALARM_PERIOD_MS });

/** The article's tab, and the client allowed everything (as the person set it in Settings). */
async function articleAndAllowedClient(): Promise<{ article: Page; tabId: number }> {
  const article = await session.context.newPage();
  await article.goto(pagesUrl);
  const client = await connectClient('modern');
  // Listing makes the app known to the browser; the person then allows it everything.
  await client.listTools();
  const { clients } = await view();
  await request('browser-access/client/policy', { clientId: clients[0]!.id, policy: 'all' });
  const tabs = textOf(await call(client, 'tabs_list'));
  const line = tabs.split('\n').find((each) => each.includes('Field notes'))!;
  const tabId = Number(/Tab (\d+)/.exec(line)?.[1]);
  return { article, tabId };
}

beforeAll(async () => {
  pages = createServer((_incoming, outgoing) => {
    outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/article`;
});
afterAll(async () => {
  await new Promise((resolve) => pages?.close(resolve));
});

beforeEach(async () => {
  relay = closeAfterTest(await startTestRelay());
  appToken = await relay.token('person', 'client');
  panel = await session.openSidePanel();
  await request('browser-access/link/save', {
    url: relay.url,
    token: await relay.token('person', 'browser'),
  });
  await request('browser-access/link/connect');
  await expect.poll(async () => (await view()).link.state).toBe('connected');
});

describe('browser access across worker stops', () => {
  it('answers a desktop client after each of five stops, the panel closed (the link’s alarm)', async () => {
    const { article, tabId } = await articleAndAllowedClient();
    const modern = await connectClient('modern');
    let old = await connectClient('session');
    // Nothing of the panel may wake the worker: only the link's own alarm brings it back.
    await panel.close();
    for (let stop = 1; stop <= 5; stop += 1) {
      await session.stopWorker(article);
      // Sent while no browser is linked: the relay holds it until the browser is back.
      const tabs = textOf(await call(modern, 'tabs_list'));
      expect(tabs, `tabs_list after stop ${stop}`).toContain('Field notes');
      // The 2025 session ended with the link; its client is told why, and a new one works.
      await expect(call(old, 'tabs_list'), `the old session after stop ${stop}`).rejects.toThrow(
        /Session ended: The browser left the relay \(Patchbay in it may be restarting\)/,
      );
      old = await connectClient('session');
      const read = textOf(await call(old, 'read_page', { tabId }));
      expect(read, `read_page after stop ${stop}`).toContain('Herons nest in colonies');
      // A client that connects now is served too, with the grants the person gave it.
      const fresh = await connectClient('modern');
      expect(textOf(await call(fresh, 'read_page', { tabId }))).toContain('Field notes on herons');
    }
  }, 300_000);

  it('links again at once while the side panel is open', async () => {
    const { article } = await articleAndAllowedClient();
    const client = await connectClient('modern');
    await session.stopWorker(article);
    // Well within the alarm period: the open panel's port started the worker again.
    const tabs = textOf(
      await client.callTool({ name: 'tabs_list', arguments: {} }, { timeout: 10_000 }),
    );
    expect(tabs).toContain('Field notes');
    await expect.poll(async () => (await view()).link.state).toBe('connected');
  });
});
