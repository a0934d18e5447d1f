/**
 * Every view of the panel against axe-core's WCAG 2.2 A and AA rules, in the light and the dark
 * theme: the first run, the chat with tool cards (waiting, done, its result open), Servers with
 * a server's details and the add form, Settings, the cards of what servers ask (a form, a page,
 * a model run), and browser access (an external client's first call and its Settings section).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay } from '../../relay/test/helpers';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { axeInBothThemes } from './axe';
import { chatWithServer } from './chat-setup';
import {
  closeAfterTest,
  freshExtensionPerTest,
  requestFrom,
  type ExtensionSession,
} from './harness';
import { pressUntilFocused } from './keyboard';
import { addAndSwitchOn, openDetails, serverCard } from './server-setup';
import { openSettings } from './settings-setup';

/** Asserts that `page`, as it is now, breaks no WCAG 2.2 A/AA rule in either theme. */
async function expectAccessible(session: ExtensionSession, page: Page, view: string) {
  const found = await axeInBothThemes(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await session.screenshot(page, `a11y-${view}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await session.screenshot(page, `a11y-${view}-light`);
  expect(found, `axe violations on ${view}`).toEqual({ light: [], dark: [] });
}

describe('the panel’s views', () => {
  const session = freshExtensionPerTest();
  let model: ScriptedOpenAI;
  let fixture: FixtureServer;
  let page: Page;

  beforeEach(async () => {
    [model, fixture] = await Promise.all([
      startScriptedOpenAI().then(closeAfterTest),
      startFixtureServer({ asks: true }).then(closeAfterTest),
    ]);
    page = await session.openSidePanel();
  });

  it('first run: the welcome and the model form, with its key link and with an endpoint', async () => {
    await page.getByRole('heading', { name: 'Welcome to Patchbay' }).waitFor();
    await page.getByRole('link', { name: 'Get an OpenAI API key' }).waitFor();
    await page.getByRole('region', { name: 'Models on this computer' }).waitFor();
    await expectAccessible(session, page, 'first-run');
    await page.getByLabel('OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter…)').check();
    await expectAccessible(session, page, 'first-run-endpoint');
  });

  describe('set up with a model and a server', () => {
    let serverId: string;
    beforeEach(async () => {
      serverId = await chatWithServer(session, page, {
        modelBaseUrl: model.baseUrl,
        serverName: 'Fixture',
        serverUrl: fixture.mcpUrl,
      });
    });

    it('Chat, with a tool card done and one waiting for approval', async () => {
      model.script(
        { type: 'tool-call', toolName: `${serverId}__echo`, input: { text: 'hello' } },
        { type: 'text', text: 'The server said **hello** back.' },
      );
      await page.getByRole('combobox', { name: 'Message' }).fill('Echo hello');
      await page.getByRole('button', { name: 'Send' }).click();
      const echo = page.locator('.tool-card[data-tool-name="echo"]');
      await echo.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('back.').waitFor();
      await echo.getByText('Result').click();
      model.script({
        type: 'tool-call',
        toolName: `${serverId}__create_event`,
        input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
      });
      await page.getByRole('combobox', { name: 'Message' }).fill('Put a standup on');
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .locator('.tool-card[data-tool-name="create_event"]')
        .getByRole('button', { name: 'Approve' })
        .waitFor();
      await expectAccessible(session, page, 'chat');
    });

    it('Chat before the first question: the tips, the "+" menu, a server with a problem', async () => {
      const down = closeAfterTest(await startFixtureServer());
      await down.close();
      await addAndSwitchOn(session, page, { name: 'Down', url: down.mcpUrl });
      await page.reload();
      await page
        .getByRole('region', { name: 'Server problems' })
        .getByText('Down')
        .waitFor({ timeout: 15_000 });
      await page.getByRole('region', { name: 'Tips' }).waitFor();
      await page.getByRole('region', { name: 'Example questions' }).waitFor();
      await page.getByRole('button', { name: 'Add a resource or a prompt' }).click();
      await page.getByRole('menu', { name: 'Add to your message' }).waitFor();
      await expectAccessible(session, page, 'chat-hints');
    });

    it('Routines, empty, with its examples', async () => {
      await page.getByRole('tab', { name: 'Routines' }).click();
      await page.getByRole('region', { name: 'Examples' }).waitFor();
      await expectAccessible(session, page, 'routines-empty');
    });

    it('Servers, with a server’s details and the add form open', async () => {
      await page.getByRole('tab', { name: 'Servers' }).click();
      const card = serverCard(page, 'Fixture');
      await card.locator('[data-state="connected"]').waitFor();
      // Its Details open, and every section in them: tools, resources, prompts.
      await openDetails(card);
      for (const section of await card.locator('summary').all()) await section.click();
      await page.getByRole('button', { name: 'Add server' }).click();
      await page.getByRole('form', { name: 'Add a server' }).waitFor();
      await expectAccessible(session, page, 'servers');
    });

    it('Settings, each of its groups', async () => {
      const model = await openSettings(page, 'Model');
      // The one model picker, its list loaded.
      await model.getByRole('button', { name: 'Load models' }).click();
      await model.getByRole('combobox', { name: 'Model' }).waitFor();
      await expectAccessible(session, page, 'settings-model');
      for (const group of ['Chats and data', 'Permissions', 'Desktop apps', 'Advanced'] as const) {
        await openSettings(page, group);
        await expectAccessible(
          session,
          page,
          `settings-${group.toLowerCase().replaceAll(' ', '-')}`,
        );
      }
    });

    it('the cards of what servers ask: a form, a page to open, a model run', async () => {
      model.script({
        type: 'tool-calls',
        calls: [
          { toolName: `${serverId}__ask_form`, input: {} },
          { toolName: `${serverId}__ask_page`, input: { url: 'https://example.com/connect' } },
          { toolName: `${serverId}__ask_model`, input: {} },
        ],
      });
      await page.getByRole('combobox', { name: 'Message' }).fill('Ask me things');
      await page.getByRole('button', { name: 'Send' }).click();
      for (const tool of ['ask_form', 'ask_page', 'ask_model']) {
        await page
          .locator(`.tool-card[data-tool-name="${tool}"]`)
          .getByRole('button', { name: 'Approve' })
          .click();
      }
      await page.getByRole('group', { name: 'Fixture asks for information' }).waitFor();
      await page.getByRole('group', { name: 'Fixture asks you to open a page' }).waitFor();
      await page.getByRole('group', { name: 'Fixture asks to use your model' }).waitFor();
      await expectAccessible(session, page, 'asks');
    });
  });
});

describe('browser access', () => {
  // Browser access needs tabs and tabGroups, optional permissions Chrome's prompt grants.
  const session = freshExtensionPerTest({ grantOptionalPermissions: true });

  it('an external client’s first call, and the Settings section with it listed', async () => {
    const relay = closeAfterTest(await startTestRelay());
    const page = await session.openSidePanel();
    const request = <T>(type: string, payload?: unknown) =>
      requestFrom<T>(session, page, type, payload);
    await request('browser-access/enabled/set', { enabled: true });
    await request('browser-access/link/save', {
      url: relay.url,
      token: await relay.token('person', 'browser'),
    });
    await request('browser-access/link/connect');
    await expect
      .poll(
        async () =>
          (await request<{ view: { link: { state: string } } }>('browser-access/get')).view.link
            .state,
      )
      .toBe('connected');
    const desk = new Client({ name: 'Desk App', version: '1.0.0' });
    const token = await relay.token('person', 'client');
    await desk.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', relay.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    closeAfterTest({ close: () => desk.close().catch(() => undefined) });
    const opening = desk.callTool({ name: 'tabs_list', arguments: {} });
    const card = page.locator('.external-approvals .tool-card[data-tool-name="tabs_list"]');
    await card.waitFor();
    await expectAccessible(session, page, 'browser-access-approval');
    // Answered from the keyboard.
    await pressUntilFocused(page, card.getByRole('button', { name: 'Approve' }), 'Tab');
    await page.keyboard.press('Enter');
    await opening;
    await openSettings(page, 'Desktop apps');
    await page.getByText('Desk App').first().waitFor();
    await expectAccessible(session, page, 'browser-access-settings');
  });
});
