/**
 * The store listing's screenshots (1280 × 800, store/screenshots/), taken from real flows: the
 * production build in Chromium with the fixture servers and the scripted model, as the e2e
 * suite runs them. Each shot is the side panel as it is beside a caption, so the pictures
 * follow whatever the panel looks like when they are made again: `npm run store:screenshots`
 * (this project runs only with STORE_SCREENSHOTS=1, see vitest.config.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startModernServer } from '../fixtures/modern-server';
import { startOAuthFixture } from '../fixtures/oauth-server';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import { chatWithServer } from '../e2e/chat-setup';
import {
  closeAfterTest,
  freshExtensionPerTest,
  requestFrom,
  type ExtensionSession,
} from '../e2e/harness';
import { addAndSwitchOn, addEnabledServer } from '../e2e/server-setup';

const STORE_DIR = resolve('store/screenshots');
const PANEL = { width: 420, height: 800 };

/**
 * Saves `panel` as it is now, at the panel's size, beside `caption` on a 1280 × 800 canvas
 * (`store/screenshots/<name>.png`).
 */
async function storeShot(session: ExtensionSession, panel: Page, name: string, caption: string) {
  await panel.setViewportSize(PANEL);
  const image = (await panel.screenshot()).toString('base64');
  const canvas = await session.context.newPage();
  await canvas.setViewportSize({ width: 1280, height: 800 });
  await canvas.setContent(`<!doctype html><html><body style="margin:0;width:1280px;height:800px;
    display:flex;font-family:system-ui,sans-serif;background:linear-gradient(135deg,#1f4fd1,#12307f)">
    <div style="flex:1;display:flex;flex-direction:column;justify-content:center;padding:0 72px;color:#fff">
      <div style="font-size:22px;letter-spacing:.08em;text-transform:uppercase;opacity:.8">Patchbay</div>
      <div style="font-size:44px;font-weight:650;line-height:1.2;margin-top:16px">${caption}</div>
    </div>
    <img alt="" src="data:image/png;base64,${image}" style="width:${PANEL.width}px;height:${PANEL.height}px;box-shadow:-8px 0 32px rgba(0,0,0,.35)">
  </body></html>`);
  mkdirSync(STORE_DIR, { recursive: true });
  await canvas.screenshot({ path: join(STORE_DIR, `${name}.png`) });
  await canvas.close();
}

async function ask(panel: Page, text: string) {
  await panel.getByRole('button', { name: 'New chat', exact: true }).click();
  await panel.getByRole('combobox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
}

describe('store screenshots', () => {
  describe('with the panel', () => {
    const session = freshExtensionPerTest();

    it('1: a chat with a tool call, approved and answered', async () => {
      const [model, fixture] = await Promise.all([
        startScriptedOpenAI().then(closeAfterTest),
        startFixtureServer().then(closeAfterTest),
      ]);
      const panel = await session.openSidePanel();
      const serverId = await chatWithServer(session, panel, {
        modelBaseUrl: model.baseUrl,
        serverName: 'Calendar',
        serverUrl: fixture.mcpUrl,
      });
      model.script(
        {
          type: 'tool-call',
          toolName: `${serverId}__create_event`,
          input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
        },
        { type: 'text', text: 'Done: **Standup** is on your calendar for Monday at 09:00.' },
      );
      await ask(panel, 'Put a standup on my calendar on Monday at nine');
      const card = panel.locator('.tool-card[data-tool-name="create_event"]');
      await card.getByRole('button', { name: 'Approve', exact: true }).waitFor();
      await storeShot(
        session,
        panel,
        '1-approve-tool-call',
        'Tools from your MCP servers, run when you approve',
      );
      await card.getByRole('button', { name: 'Approve', exact: true }).click();
      await panel.getByText('is on your calendar for Monday at 09:00.').waitFor();
      await storeShot(
        session,
        panel,
        '2-answer-with-tool-result',
        'Answers from your model, with what the tools returned',
      );
    });

    it('3: the servers, one signed in with OAuth', async () => {
      const [fixture, oauth] = await Promise.all([
        startFixtureServer().then(closeAfterTest),
        startOAuthFixture({ consent: 'auto' }).then(closeAfterTest),
      ]);
      const panel = await session.openSidePanel();
      await addAndSwitchOn(session, panel, { name: 'Team notes', url: oauth.mcpUrl });
      await addEnabledServer(session, panel, { name: 'Calendar', url: fixture.mcpUrl });
      const servers = await session.openServers();
      await servers
        .locator('li.server', { hasText: 'Team notes' })
        .locator('[data-state="connected"]')
        .waitFor({ timeout: 15_000 });
      await storeShot(
        session,
        servers,
        '3-servers',
        'Any MCP server by its address, signed in with OAuth',
      );
    });

    it('4: an MCP App in the chat', async () => {
      const [model, charts] = await Promise.all([
        startScriptedOpenAI().then(closeAfterTest),
        startModernServer({ legacy: 'stateless', chartApp: true, name: 'charts' }).then(
          closeAfterTest,
        ),
      ]);
      const panel = await session.openSidePanel();
      const serverId = await chatWithServer(session, panel, {
        modelBaseUrl: model.baseUrl,
        serverName: 'Charts',
        serverUrl: charts.mcpUrl,
      });
      model.script(
        { type: 'tool-call', toolName: `${serverId}__show_chart`, input: { days: 7 } },
        { type: 'text', text: 'Here is the last week.' },
      );
      await ask(panel, 'Chart the last 7 days');
      const card = panel.locator('.tool-card[data-tool-name="show_chart"]').last();
      await card.getByRole('button', { name: 'Approve', exact: true }).click();
      await card
        .frameLocator('iframe')
        .frameLocator('iframe')
        .getByText('Showing 7 points')
        .waitFor();
      await panel.getByText('Here is the last week.').waitFor();
      await storeShot(session, panel, '4-mcp-app', 'Interactive MCP Apps, sandboxed in the chat');
    });
  });

  describe('with browser access', () => {
    const session = freshExtensionPerTest({ grantOptionalPermissions: true });

    it('5: the chat reading the current page', async () => {
      const article = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Field notes</title></head>
        <body><article><h1>Field notes on herons</h1><p>The grey heron stands still in shallow water, then strikes at a fish faster than the eye can follow.</p>
        <p>Herons nest in colonies called heronries, high in the trees beside a lake.</p></article></body></html>`;
      const pages: Server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
      });
      await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
      closeAfterTest({ close: () => new Promise((done) => pages.close(done)) });
      const [model, fixture] = await Promise.all([
        startScriptedOpenAI().then(closeAfterTest),
        startFixtureServer().then(closeAfterTest),
      ]);
      const panel = await session.openSidePanel();
      await chatWithServer(session, panel, {
        modelBaseUrl: model.baseUrl,
        serverName: 'Calendar',
        serverUrl: fixture.mcpUrl,
      });
      await panel.getByRole('switch', { name: 'Use this browser' }).click();
      const tab = await session.context.newPage();
      await tab.goto(`http://localhost:${(pages.address() as AddressInfo).port}/`);
      const tabs = await requestFrom<{ content: { text?: string }[] }>(
        session,
        panel,
        'mcp/browser/tool/call',
        {
          name: 'tabs_list',
          arguments: {},
        },
      );
      const line = tabs.content
        .map((block) => block.text ?? '')
        .join('\n')
        .split('\n')
        .find((each) => each.includes('Field notes'));
      const tabId = Number(/Tab (\d+)/.exec(line ?? '')?.[1]);
      model.script(
        { type: 'tool-call', toolName: 'browser__read_page', input: { tabId } },
        {
          type: 'text',
          text: 'The page is about grey herons: they fish by standing still, and nest together in heronries.',
        },
      );
      await panel.getByRole('combobox', { name: 'Message' }).fill('What is this page about?');
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel
        .locator('.tool-card[data-tool-name="read_page"]')
        .getByRole('button', { name: 'Approve', exact: true })
        .click();
      await panel.getByText('nest together in heronries.').waitFor();
      await storeShot(
        session,
        panel,
        '5-browser-access',
        'Ask about the page you are on, when you allow it',
      );
    });
  });
});
