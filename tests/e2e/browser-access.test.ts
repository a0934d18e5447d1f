/**
 * The browser as an MCP server, end to end: Patchbay's build in Chromium links to the real relay
 * (relay/src, in process), and MCP SDK clients standing in for desktop apps reach it over
 * Streamable HTTP, legacy SSE and the relay's WebSocket protocol. They open a fixture page, read
 * it, click and see the change, take a screenshot, and call a remote server's tool and a
 * site's page tool, all under the person's approval in the side panel. Then the chat uses the
 * same tools ("Use this browser").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/client';
import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RelayClientTransport } from '../../relay/src/clients/client-transport';
import { startTestRelay, type TestRelay } from '../../relay/test/helpers';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startFixtureSites, type FixtureSites } from '../fixtures/page-tools/site-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chatWithServer, browserSwitch } from './chat-setup';
import { browserAccessView, offscreenDocuments, resultText } from './browser-access-setup';
import { closeAfterTest, requestFrom, SCREENSHOT_DIR, freshExtensionPerTest } from './harness';
import { openSettings } from './settings-setup';

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Field notes</title></head>
<body><nav><a href="/other">Elsewhere</a></nav>
<article><h1>Field notes on herons</h1>
<p>The grey heron stands still in shallow water for a long time, then strikes at a fish faster than the eye can follow.</p>
<p>Herons nest in colonies called heronries, often high in the trees beside a lake.</p>
<p>They fly with their necks drawn back, which sets them apart from storks and cranes.</p>
<button id="reveal" type="button">Reveal the answer</button>
<p id="answer"></p>
<label>Note <input id="note" name="note"></label>
</article>
<script>
document.getElementById('reveal').addEventListener('click', () => {
  document.getElementById('answer').textContent = 'Herons eat fish, frogs and voles.';
});
</script></body></html>`;

/** The person's inbox, on another origin than the article (mail.localhost). */
const INBOX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox (3)</title></head>
<body><main><h1>Inbox</h1><p>Your bank statement for March is ready to download.</p></main></body></html>`;

// "Use this browser" and browser access need tabs and tabGroups, optional permissions Chrome's
// prompt grants (Playwright cannot click it): the profile starts with them.
const session = freshExtensionPerTest({ grantOptionalPermissions: true });
let relay: TestRelay;
let sites: FixtureSites;
let fixture: FixtureServer;
let model: ScriptedOpenAI;
let pages: Server;
let pagesUrl: string;
let inboxUrl: string;
let panel: Page;
/** The clients this test connected, closed after it. */
const clients: Client[] = [];
/** One token per app, as a desktop app keeps the token it was given. */
const tokens = new Map<string, Promise<string>>();

const request = <T>(type: string, payload?: unknown) =>
  requestFrom<T>(session, panel, type, payload);
const view = () => browserAccessView(session, panel);
const textOf = resultText;

async function connectClient(
  name: string,
  transport: 'streamable' | 'sse' | 'relay' = 'streamable',
): Promise<Client> {
  if (!tokens.has(name)) tokens.set(name, relay.token('person', 'client'));
  const token = await tokens.get(name)!;
  const requestInit = { headers: { Authorization: `Bearer ${token}` } };
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    transport === 'sse'
      ? new SSEClientTransport(new URL('/sse', relay.url), { requestInit })
      : transport === 'relay'
        ? new RelayClientTransport({ url: relay.url, accessToken: token })
        : new StreamableHTTPClientTransport(new URL('/mcp', relay.url), { requestInit }),
  );
  clients.push(client);
  return client;
}

/** The client's id in the view, once it has been seen. */
async function clientId(name: string): Promise<string> {
  await expect
    .poll(async () => (await view()).clients.some((client) => client.name === name))
    .toBe(true);
  return (await view()).clients.find((client) => client.name === name)!.id;
}

async function setPolicy(name: string, policy: 'ask' | 'read-only' | 'all' | 'blocked') {
  await request('browser-access/client/policy', { clientId: await clientId(name), policy });
}

/** A screenshot of the panel from `start` down, one screen tall (the README's pictures). */
async function screenshotFrom(start: Locator, name: string) {
  await start.scrollIntoViewIfNeeded();
  const box = (await start.boundingBox())!;
  const top = box.y + (await panel.evaluate(() => window.scrollY)) - 8;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await panel.screenshot({
    path: join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    clip: { x: 0, y: top, width: 360, height: 640 },
  });
}

const tabIdIn = (text: string) => Number(/Tab (\d+)/.exec(text)?.[1]);

/** Opens the article in a tab of its own. */
async function openArticle(): Promise<Page> {
  const tab = await session.context.newPage();
  await tab.goto(pagesUrl);
  return tab;
}

/** The person switches to their inbox, in a tab of its own. */
async function showInbox(): Promise<Page> {
  const tab = await session.context.newPage();
  await tab.goto(inboxUrl);
  await tab.bringToFront();
  return tab;
}

/** The article's tab id, as `client` sees it in tabs_list. */
async function articleTabId(client: Client): Promise<number> {
  const tabs = textOf(await client.callTool({ name: 'tabs_list', arguments: {} }));
  return tabIdIn(tabs.split('\n').find((line) => line.includes('Field notes'))!);
}

/** Links the browser to the relay, as Settings does, and waits until it is connected. */
async function linkToRelay() {
  await request('browser-access/enabled/set', { enabled: true });
  await request('browser-access/link/save', {
    url: relay.url,
    token: await relay.token('person', 'browser'),
  });
  await request('browser-access/link/connect');
  await expect.poll(async () => (await view()).link.state).toBe('connected');
}

/** The fixture pages are stateless: one of each for the file. */
beforeAll(async () => {
  sites = await startFixtureSites();
  pages = createServer((incoming, outgoing) => {
    outgoing
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(incoming.url === '/inbox' ? INBOX : ARTICLE);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const port = (pages.address() as AddressInfo).port;
  pagesUrl = `http://127.0.0.1:${port}/article`;
  inboxUrl = `http://mail.localhost:${port}/inbox`;
});
afterAll(async () => {
  await Promise.all([sites?.close(), new Promise((resolve) => pages?.close(resolve))]);
});

/** Every test: its own relay, model and fixture server; the chat uses both, the server on. */
beforeEach(async () => {
  tokens.clear();
  [relay, fixture, model] = await Promise.all([
    startTestRelay().then(closeAfterTest),
    startFixtureServer().then(closeAfterTest),
    startScriptedOpenAI().then(closeAfterTest),
  ]);
  panel = await session.openSidePanel();
  await chatWithServer(session, panel, {
    modelBaseUrl: model.baseUrl,
    serverName: 'Fixture',
    serverUrl: fixture.mcpUrl,
  });
});
afterEach(async () => {
  // Closing is cleanup only: a client the relay already dropped has nothing left to close.
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
});

describe('browser access', () => {
  it('links to the relay from Settings and says so', async () => {
    await openSettings(panel, 'Desktop apps');
    // Off on a new install: one button turns it on, and the relay's form appears.
    await panel.getByRole('button', { name: 'Connect a desktop app…' }).click();
    const form = panel.getByRole('form', { name: 'Relay link' });
    // What is typed is saved when focus leaves the form; there is no Save button.
    await expect(form.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    const address = form.getByLabel('Relay address');
    await address.fill('relay.example.com');
    await form.getByLabel('Token').fill(await relay.token('person', 'browser'));
    // Connect saves what is still typed first, and says what is wrong with it.
    await form.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/not an address/);
    await address.fill(relay.url);
    await form.getByRole('button', { name: 'Connect' }).click();
    await form.getByText('Connected', { exact: true }).waitFor();
    expect(await form.getByLabel('Token').inputValue()).toBe('');
    const saved = await view();
    expect(saved.link).toMatchObject({ state: 'connected', hasToken: true, url: relay.url });
    expect(JSON.stringify(saved)).not.toMatch(/eyJ/);
    // A new relay's address waits for its own token: moving on to Token saves nothing, nor
    // does leaving the form without one (it says so), and the link stays as it was.
    await address.fill('http://127.0.0.1:1');
    await address.press('Tab');
    await expect
      .poll(() => form.getByLabel('Token').getAttribute('placeholder'))
      .toBe('A new relay needs its own browser token');
    await panel.getByRole('heading', { name: 'Clients' }).click();
    await form
      .getByRole('status')
      .getByText(/^Not saved: /)
      .waitFor();
    await screenshotFrom(form, 'browser-access-relay-new-address');
    expect((await view()).link).toMatchObject({
      url: relay.url,
      hasToken: true,
      state: 'connected',
    });
    // Back to the relay it is linked to, and a new name: saved once focus leaves the form.
    await address.fill(relay.url);
    const name = form.getByLabel('This browser’s name at the relay');
    await name.fill('Work laptop');
    await name.press('Tab');
    await address.press('Shift+Tab');
    await form.getByRole('status').getByText('Saved.').waitFor();
    // "Saved." may still be the address's (back to the linked relay); the name's save follows.
    await expect
      .poll(async () => (await view()).link)
      .toMatchObject({
        name: 'Work laptop',
        state: 'connected',
      });
  });

  describe('linked to the relay', () => {
    beforeEach(linkToRelay);

    it('makes a new client wait for the person, then drives a page end to end', async () => {
      const desk = await connectClient('Desk App');
      const { tools } = await desk.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'tabs_list',
          'tab_open',
          'read_page',
          'snapshot',
          'click',
          'screenshot',
        ]),
      );
      // Until it is let in, it sees the browser's own tools, not which servers are connected.
      expect(names.some((name) => name.endsWith('__echo'))).toBe(false);

      // The first call waits for the person, in the panel's card.
      const opening = desk.callTool({ name: 'tab_open', arguments: { url: pagesUrl } });
      await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
      const card = panel.locator('.external-approvals .tool-card[data-tool-name="tab_open"]');
      await card.waitFor();
      expect(await card.textContent()).toMatch(/Desk App.*first time/s);
      await session.screenshot(panel, 'browser-access-approval');
      await card.getByRole('button', { name: 'Approve' }).click();
      const opened = textOf(await opening);
      expect(opened).toMatch(/Opened Tab \d+/);
      const tabId = tabIdIn(opened);

      // Allowed everything from here on: read, snapshot, click, see the change.
      await setPolicy('Desk App', 'all');
      const fixtureTool = (await desk.listTools()).tools
        .map((tool) => tool.name)
        .find((name) => name.endsWith('__echo'));
      expect(fixtureTool).toBeDefined();
      const read = textOf(await desk.callTool({ name: 'read_page', arguments: { tabId } }));
      expect(read).toContain('Field notes');
      expect(read).toContain('heronries');
      const sliced = textOf(
        await desk.callTool({ name: 'read_page', arguments: { tabId, maxChars: 100 } }),
      );
      expect(sliced).toMatch(/more from offset 100/);
      const snapshot = textOf(await desk.callTool({ name: 'snapshot', arguments: { tabId } }));
      const ref = /\[(e\d+)\] button "Reveal the answer"/.exec(snapshot)?.[1];
      expect(ref, snapshot).toBeDefined();
      expect(textOf(await desk.callTool({ name: 'click', arguments: { tabId, ref } }))).toMatch(
        /Clicked button/,
      );
      const found = textOf(
        await desk.callTool({ name: 'find_text', arguments: { tabId, text: 'frogs' } }),
      );
      expect(found).toMatch(/1 match/);
      const page = session.context.pages().find((each) => each.url() === pagesUrl)!;
      expect(await page.locator('#answer').textContent()).toBe('Herons eat fish, frogs and voles.');
      const noteRef = /\[(e\d+)\] textbox "Note"/.exec(snapshot)?.[1];
      await desk.callTool({
        name: 'type',
        arguments: { tabId, ref: noteRef, text: 'seen at dawn' },
      });
      expect(await page.locator('#note').inputValue()).toBe('seen at dawn');

      // A screenshot of the visible tab, as image content.
      await desk.callTool({ name: 'tab_activate', arguments: { tabId } });
      const shot = await desk.callTool({ name: 'screenshot', arguments: { tabId } });
      const image = (shot.content as { type: string; data?: string; mimeType?: string }[])[0]!;
      expect(image, textOf(shot)).toMatchObject({ type: 'image', mimeType: 'image/png' });
      expect(Buffer.from(image.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');

      // A remote server's tool, and a site's page tool, through the browser.
      expect(
        textOf(await desk.callTool({ name: fixtureTool!, arguments: { text: 'via the hub' } })),
      ).toBe('via the hub');
      // A site's tools arrive: the client hears that the list changed.
      await request('page-tools/allow', { domain: 'shop.localhost', always: true });
      const changed = new Promise<void>((resolve) =>
        desk.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
      const shop = await session.context.newPage();
      await shop.goto(sites.url('shop.localhost'));
      await changed;
      await expect
        .poll(async () => (await desk.listTools()).tools.map((tool) => tool.name))
        .toContainEqual(expect.stringMatching(/get_cart$/));
      const cartTool = (await desk.listTools()).tools.find((tool) =>
        tool.name.endsWith('get_cart'),
      )!;
      expect(textOf(await desk.callTool({ name: cartTool.name, arguments: {} }))).toMatch(
        /2 apples, 1 pear/,
      );
      await shop.close();

      // Pages the tools never act on.
      const refused = await desk.callTool({
        name: 'navigate',
        arguments: { tabId, url: 'chrome://settings' },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/only on web pages/);
    });

    it('reads the tab its card named, though the person switched tabs before approving', async () => {
      const article = await openArticle();
      await article.bringToFront();
      const desk = await connectClient('Desk App');
      await desk.listTools();
      await setPolicy('Desk App', 'ask');
      const reading = desk.callTool({ name: 'read_page', arguments: {} });
      await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
      const card = panel.locator('.external-approvals .tool-card[data-tool-name="read_page"]');
      await card.waitFor();
      // The card names the tab by its URL first, the page's own title after.
      expect(await card.locator('.approval-origin').textContent()).toBe(new URL(pagesUrl).origin);
      expect(await card.locator('.approval-page-title').textContent()).toMatch(/“Field notes”/);
      expect(await card.textContent()).toMatch(
        /Desk App \(its own name; relay user person, token \w{8}…\)/,
      );
      await session.screenshot(panel, 'browser-access-approval-tab');
      await showInbox();
      await card.getByRole('button', { name: 'Approve' }).click();
      const read = textOf(await reading);
      expect(read).toContain('heronries');
      expect(read).not.toContain('bank statement');
      // The inbox is the active tab now: a new call with no tab names it.
      await setPolicy('Desk App', 'all');
      expect(textOf(await desk.callTool({ name: 'read_page', arguments: {} }))).toContain(
        'bank statement',
      );
    });

    it('refuses the read when its tab went to another origin before the person approved', async () => {
      const article = await openArticle();
      await article.bringToFront();
      const desk = await connectClient('Desk App');
      await desk.listTools();
      await setPolicy('Desk App', 'ask');
      const reading = desk.callTool({ name: 'read_page', arguments: {} });
      await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
      const card = panel.locator('.external-approvals .tool-card[data-tool-name="read_page"]');
      await card.waitFor();
      await article.goto(inboxUrl);
      await card.getByRole('button', { name: 'Approve' }).click();
      const refused = await reading;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(
        /is now on http:\/\/mail\.localhost:\d+, not on http:\/\/127\.0\.0\.1/,
      );
      expect(textOf(refused)).not.toContain('bank statement');
    });

    it('serves clients over legacy SSE and the relay’s WebSocket protocol too', async () => {
      await openArticle();
      for (const [name, transport] of [
        ['Legacy App', 'sse'],
        ['Socket App', 'relay'],
      ] as const) {
        const client = await connectClient(name, transport);
        await client.listTools();
        await setPolicy(name, 'read-only');
        const tabs = textOf(await client.callTool({ name: 'tabs_list', arguments: {} }));
        expect(tabs).toContain('Field notes');
      }
    });

    it('refuses a click to a read-only client, and everything to a blocked one', async () => {
      await openArticle();
      const reader = await connectClient('Reader App');
      await reader.listTools();
      await setPolicy('Reader App', 'read-only');
      const tabId = await articleTabId(reader);
      const click = await reader.callTool({ name: 'click', arguments: { tabId, ref: 'e1' } });
      expect(click.isError).toBe(true);
      expect(textOf(click)).toMatch(/read-only tools only/);

      const pest = await connectClient('Pest App');
      await pest.listTools();
      await setPolicy('Pest App', 'blocked');
      const blocked = await pest.callTool({ name: 'tabs_list', arguments: {} });
      expect(blocked.isError).toBe(true);
      expect(textOf(blocked)).toMatch(/blocked this client/);
      await expect(pest.listTools()).rejects.toThrow(/blocked this client/);
      const outcomes = (await view()).activity
        .slice(0, 3)
        .map((entry) => [entry.clientName, entry.outcome]);
      expect(outcomes).toContainEqual(['Reader App', 'refused']);
      expect(outcomes).toContainEqual(['Pest App', 'blocked']);
    });

    it('keeps field values and restricted tabs from a read-only client', async () => {
      const article = await openArticle();
      // The page mirrors what is typed into the attribute, as some frameworks do.
      await article.locator('#note').fill('hunter2');
      await article.locator('#note').evaluate((input) => input.setAttribute('value', 'hunter2'));
      const settings = await session.context.newPage();
      await settings.goto('chrome://version/');
      const reader = await connectClient('Reader App');
      await reader.listTools();
      await setPolicy('Reader App', 'read-only');
      const tabId = await articleTabId(reader);

      // Guessing the value a character at a time: refused before the page is asked.
      for (const selector of [
        'input[value^="h"]',
        'article:has(input[value^="h"])',
        ':is("\\41\n", input[value^="h"])',
      ]) {
        const guess = await reader.callTool({
          name: 'wait_for',
          arguments: { tabId, selector, timeoutMs: 100 },
        });
        expect(guess.isError, selector).toBe(true);
        expect(textOf(guess)).toMatch(/selector: Selectors may not match attribute values/);
      }
      const present = await reader.callTool({
        name: 'wait_for',
        arguments: { tabId, selector: 'article input#note[value]' },
      });
      expect(textOf(present)).toMatch(/^Found it/);

      // The panel's own tab, the browser's version page and blank tabs are listed by id alone.
      const listed = await reader.callTool({ name: 'tabs_list', arguments: {} });
      expect(textOf(listed)).toContain('Field notes');
      const notWeb = session.context.pages().filter((page) => !/^https?:/.test(page.url()));
      expect(notWeb.map((page) => page.url())).toEqual(
        expect.arrayContaining(['chrome://version/', expect.stringMatching(/^chrome-extension:/)]),
      );
      expect(textOf(listed).match(/restricted page/g)).toHaveLength(notWeb.length);
      const answer = JSON.stringify(listed);
      for (const hidden of [
        'chrome://',
        'chrome-extension://',
        session.extensionId,
        'About Version',
      ]) {
        expect(answer).not.toContain(hidden);
      }
    });

    it('shows the clients and the activity log in Settings', async () => {
      await openArticle();
      const desk = await connectClient('Desk App');
      await desk.listTools();
      await setPolicy('Desk App', 'all');
      await desk.callTool({ name: 'read_page', arguments: { tabId: await articleTabId(desk) } });
      const pest = await connectClient('Pest App');
      await pest.listTools();
      await setPolicy('Pest App', 'blocked');

      await openSettings(panel, 'Desktop apps');
      const clientsList = panel.getByRole('list', { name: 'External clients' });
      await clientsList.getByText('Desk App', { exact: true }).waitFor();
      expect(await clientsList.getByLabel('What Pest App may do').inputValue()).toBe('blocked');
      const activity = panel.getByRole('list', { name: 'Activity' });
      await activity.getByText('read_page').first().waitFor();
      await screenshotFrom(
        panel.getByRole('heading', { name: 'Desktop apps' }),
        'browser-access-settings',
      );
      await screenshotFrom(
        panel.getByRole('heading', { name: 'Activity' }),
        'browser-access-activity',
      );
    });

    it('comes back after the worker is stopped', async () => {
      await openArticle();
      const desk = await connectClient('Desk App');
      await desk.listTools();
      await setPolicy('Desk App', 'read-only');
      await session.stopWorker(panel);
      await expect
        .poll(async () => (await view()).link.state, { timeout: 15_000 })
        .toBe('connected');
      // The link lives in the offscreen host: the client's session went on through the stop.
      expect(textOf(await desk.callTool({ name: 'tabs_list', arguments: {} }))).toContain(
        'Field notes',
      );
      const again = await connectClient('Desk App');
      const tabs = textOf(await again.callTool({ name: 'tabs_list', arguments: {} }));
      expect(tabs).toContain('Field notes');
    });

    it('the switch stops all external access at once', async () => {
      const desk = await connectClient('Desk App');
      await desk.listTools();
      await openSettings(panel, 'Desktop apps');
      await panel.getByRole('switch', { name: 'Let external clients use this browser' }).click();
      await expect.poll(async () => (await view()).link.state).toBe('off');
      await expect(desk.callTool({ name: 'tabs_list', arguments: {} })).rejects.toThrow();
      // Off costs nothing: no offscreen host is left open for the link.
      await expect.poll(() => offscreenDocuments(panel)).toBe(0);
      // Off, the view says what it means and offers to connect an app, which turns it on.
      await panel.getByText('Off: no desktop app can reach this browser.').waitFor();
      await panel.getByRole('button', { name: 'Connect a desktop app…' }).click();
      await expect.poll(async () => (await view()).link.state).toBe('connected');
    });
  });
});

describe('the chat with “Use this browser”', () => {
  it('reads the current page with the browser’s tools, after the person approves', async () => {
    await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
    const toggle = await browserSwitch(panel);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect
      .poll(async () =>
        (await request<{ tools: { serverId: string; name: string }[] }>('mcp/tools/list')).tools
          .filter((tool) => tool.serverId === 'browser')
          .map((tool) => tool.name),
      )
      .toContain('read_page');
    const page = await openArticle();
    await page.bringToFront();
    const tabs = textOf(
      await request('mcp/browser/tool/call', { name: 'tabs_list', arguments: {} }),
    );
    const tabId = tabIdIn(tabs.split('\n').find((line) => line.includes('Field notes'))!);
    model.script(
      { type: 'tool-call', toolName: 'browser__read_page', input: { tabId } },
      { type: 'text', text: 'The page is about herons.' },
    );
    await panel.getByRole('combobox', { name: 'Message' }).fill('What is this page about?');
    await panel.getByRole('combobox', { name: 'Message' }).press('Enter');
    const card = panel.locator('.tool-card[data-tool-name="read_page"]');
    await card.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('The page is about herons.').waitFor();
    expect(await card.textContent()).toContain('heronries');
    await session.screenshot(panel, 'chat-use-this-browser');
  });

  /** Switches “Use this browser” on and shows the article; the model reads the active tab. */
  async function askAboutTheArticle(): Promise<{ article: Page; card: Locator }> {
    await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
    await (await browserSwitch(panel)).click();
    await expect
      .poll(async () =>
        (await request<{ tools: { serverId: string; name: string }[] }>('mcp/tools/list')).tools
          .filter((tool) => tool.serverId === 'browser')
          .map((tool) => tool.name),
      )
      .toContain('read_page');
    const article = await openArticle();
    await article.bringToFront();
    model.script(
      { type: 'tool-call', toolName: 'browser__read_page', input: {} },
      { type: 'text', text: 'That is what the tab says.' },
    );
    await panel.getByRole('combobox', { name: 'Message' }).fill('What is this page about?');
    await panel.getByRole('combobox', { name: 'Message' }).press('Enter');
    const card = panel.locator('.tool-card[data-tool-name="read_page"]');
    // The card names the tab it will read, URL first.
    await card.locator('.approval-origin').waitFor();
    expect(await card.locator('.approval-origin').textContent()).toBe(new URL(pagesUrl).origin);
    expect(await card.locator('.approval-page-title').textContent()).toMatch(/“Field notes”/);
    return { article, card };
  }

  it('reads the tab its card named, though the person switched tabs before approving', async () => {
    const { card } = await askAboutTheArticle();
    await session.screenshot(panel, 'chat-browser-approval-tab');
    await showInbox();
    // The card may wait longer than the worker lives: the pinned tab outlives it.
    await session.stopWorker(panel);
    await card.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('That is what the tab says.').waitFor();
    const shown = await card.textContent();
    expect(shown).toContain('heronries');
    expect(shown).not.toContain('bank statement');
  });

  it('refuses the chat’s read when its tab went to another origin before approving', async () => {
    const { article, card } = await askAboutTheArticle();
    await article.goto(inboxUrl);
    await card.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('That is what the tab says.').waitFor();
    const shown = await card.textContent();
    expect(shown).toMatch(/is now on http:\/\/mail\.localhost:\d+, not on http:\/\/127\.0\.0\.1/);
    expect(shown).not.toContain('bank statement');
  });

  it('refuses the chat’s read when its tab reloaded before approving, though on the same origin', async () => {
    const { article, card } = await askAboutTheArticle();
    // The same address, a new document: what the card was decided on is gone.
    await article.reload();
    await card.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('That is what the tab says.').waitFor();
    expect(await card.textContent()).toContain(
      'shows another page than when this call was approved (it navigated or reloaded), so nothing was done.',
    );
  });
});
