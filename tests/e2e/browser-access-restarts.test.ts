/**
 * Browser access across worker stops and a lost offscreen host, end to end. Chrome stops the
 * service worker when idle, on an update or a crash (here CDP's ServiceWorker.stopAllWorkers):
 * the relay link lives in the offscreen host, so it stays up, and the host's messages start the
 * worker again for each call; sessions go on. A host that vanished (here closed through CDP) is
 * opened again by the worker's start or, with nothing else to wake it, its 30 s watchdog alarm;
 * a desktop client's calls meanwhile wait within the relay's grace and are answered, a 2025
 * session the browser left says why it ended, and the client's grants stay. Only the offscreen
 * host may send the link's requests, and only the worker may command the host.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startTestRelay, type TestRelay } from '../../relay/test/helpers';
import {
  browserAccessView,
  closeOffscreenHost,
  offscreenDocuments,
  resultText,
} from './browser-access-setup';
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
  await request('browser-access/enabled/set', { enabled: true });
  await request('browser-access/link/save', {
    url: relay.url,
    token: await relay.token('person', 'browser'),
  });
  await request('browser-access/link/connect');
  await expect.poll(async () => (await view()).link.state).toBe('connected');
});

describe('browser access across worker stops', () => {
  it('keeps the link through five stops, the panel closed: sessions go on, calls wake the worker', async () => {
    const { article, tabId } = await articleAndAllowedClient();
    const modern = await connectClient('modern');
    const old = await connectClient('session');
    const { extensionId } = (await view()).link;
    // Nothing of the panel may wake the worker: the host's messages do.
    await panel.close();
    for (let stop = 1; stop <= 5; stop += 1) {
      await session.stopWorker(article);
      const tabs = textOf(await call(modern, 'tabs_list'));
      expect(tabs, `tabs_list after stop ${stop}`).toContain('Field notes');
      // The 2025 session outlived the stop: the browser never left the relay.
      const read = textOf(await call(old, 'read_page', { tabId }));
      expect(read, `read_page after stop ${stop}`).toContain('Herons nest in colonies');
    }
    panel = await session.openSidePanel();
    expect((await view()).link).toMatchObject({ state: 'connected', extensionId });
  }, 300_000);
});

describe('the offscreen host', () => {
  it('is opened again by the worker’s start after it vanished', async () => {
    const { tabId } = await articleAndAllowedClient();
    const old = await connectClient('session');
    await closeOffscreenHost(session, panel);
    await session.stopWorker(panel);
    // The panel's request starts the worker, which opens the host and links again.
    await expect.poll(async () => (await view()).link.state, { timeout: 15_000 }).toBe('connected');
    expect(await offscreenDocuments(panel)).toBe(1);
    await expect(call(old, 'tabs_list')).rejects.toThrow(
      /Session ended: The browser left the relay \(Patchbay in it may be restarting\)/,
    );
    const fresh = await connectClient('session');
    expect(textOf(await call(fresh, 'read_page', { tabId }))).toContain('Field notes on herons');
  });

  it('is opened again by the watchdog alarm, the panel closed, and the waiting call answered', async () => {
    const { article } = await articleAndAllowedClient();
    const modern = await connectClient('modern');
    await panel.close();
    await closeOffscreenHost(session, article);
    // Sent while no browser is linked (a call sent before the relay saw the host go would be
    // failed with its socket): the relay holds it until the alarm brings the link back.
    await expect
      .poll(() => relay.logs.some((line) => line.includes('extension.closed')))
      .toBe(true);
    expect(textOf(await call(modern, 'tabs_list'))).toContain('Field notes');
  });

  it('takes the link’s requests from the host alone, and commands from the worker alone', async () => {
    await articleAndAllowedClient();
    const client = await connectClient('modern');
    const refused = await session.send(panel, 'browser-link/tools/call', {
      connectionId: 'conn-1',
      callId: 'c1',
      identity: { user: 'person', token: 'forged', name: 'Panel' },
      name: 'tabs_list',
      arguments: {},
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    // A page's command to the host is not the worker's: the link stays, its part runs.
    for (const command of [
      { type: 'link-host/disconnect' },
      { type: 'offscreen-host/part', payload: { part: 'link', on: false } },
    ]) {
      await panel.evaluate(
        (message) =>
          (
            globalThis as unknown as {
              chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
            }
          ).chrome.runtime
            .sendMessage(message)
            .catch(() => undefined),
        command,
      );
    }
    expect(textOf(await call(client, 'tabs_list'))).toContain('Field notes');
    expect((await view()).link.state).toBe('connected');
  });
});
