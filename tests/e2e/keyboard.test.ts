/**
 * The panel from the keyboard alone, in Chromium with the scripted model: a question asked,
 * the tool call approved, a server's form answered and the answer read, with Tab, Shift+Tab,
 * Enter, Space and typing (no pointer event reaches the page); and every control of the chat,
 * the cards, Servers and Settings reachable by Tab with a visible focus ring.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chatWithServer } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { pressUntilFocused, tabThrough } from './keyboard';
import { serverCard } from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let fixture: FixtureServer;
let page: Page;
let serverId: string;

const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

beforeEach(async () => {
  [model, fixture] = await Promise.all([
    startScriptedOpenAI().then(closeAfterTest),
    startFixtureServer({ asks: true }).then(closeAfterTest),
  ]);
  page = await session.openSidePanel();
  serverId = await chatWithServer(session, page, {
    modelBaseUrl: model.baseUrl,
    serverName: 'Fixture',
    serverUrl: fixture.mcpUrl,
  });
  await page.getByRole('combobox', { name: 'Message' }).waitFor();
  // Every pointer event the page sees is counted: the keyboard test expects none.
  await page.evaluate(() => {
    const counter = globalThis as unknown as { pointerEvents: number };
    counter.pointerEvents = 0;
    for (const type of ['pointerdown', 'mousedown', 'click']) {
      document.addEventListener(
        type,
        (event) => {
          if ((event as MouseEvent).detail > 0 || type !== 'click') counter.pointerEvents += 1;
        },
        true,
      );
    }
  });
});

describe('the keyboard alone', () => {
  it('asks, approves the tool call, answers the server’s form and reads the answer', async () => {
    // The panel opens with the composer focused.
    await expect.poll(focusedLabel).toBe('Message');
    model.script(
      { type: 'tool-call', toolName: `${serverId}__echo`, input: { text: 'hello' } },
      { type: 'text', text: 'The server said hello back.' },
    );
    await page.keyboard.type('Echo hello');
    await page.keyboard.press('Enter');

    const echo = page.locator('.tool-card[data-tool-name="echo"]');
    const approve = echo.getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await pressUntilFocused(page, approve, 'Shift+Tab');
    await session.screenshot(page, 'keyboard-focus-approve');
    await page.emulateMedia({ colorScheme: 'dark' });
    await session.screenshot(page, 'keyboard-focus-approve-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Enter');
    await page.getByText('The server said hello back.').waitFor();
    await expect(echo.getAttribute('data-tool-state')).resolves.toBe('done');

    // A tool that asks the person a form mid-call: approved with Space, answered by typing.
    model.script(
      { type: 'tool-call', toolName: `${serverId}__ask_form`, input: {} },
      { type: 'text', text: 'Thanks, Ada.' },
    );
    await pressUntilFocused(page, page.getByRole('combobox', { name: 'Message' }), 'Tab');
    await page.keyboard.type('Fill in my profile');
    await page.keyboard.press('Enter');
    const approveForm = page
      .locator('.tool-card[data-tool-name="ask_form"]')
      .getByRole('button', { name: 'Approve' });
    await approveForm.waitFor();
    await pressUntilFocused(page, approveForm, 'Shift+Tab');
    await page.keyboard.press('Space');
    const form = page.getByRole('group', { name: 'Fixture asks for information' });
    await pressUntilFocused(page, form.getByLabel('name'), 'Shift+Tab');
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('36');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // subscribe
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // topics: news
    await session.screenshot(page, 'keyboard-focus-form');
    await pressUntilFocused(page, form.getByRole('button', { name: /^Accept/ }), 'Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Thanks, Ada.').waitFor();

    const answered = JSON.stringify(model.requests.at(-1)?.body);
    expect(answered).toContain('Ada');
    expect(answered).toContain('36');
    expect(answered).toContain('news');
    await expect(
      page.evaluate(() => (globalThis as unknown as { pointerEvents: number }).pointerEvents),
    ).resolves.toBe(0);
  });
});

describe('Tab reaches every control, with a focus ring', () => {
  async function expectAllReachable(view: string) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { stops, missed } = await tabThrough(page);
      expect(missed, `controls Tab never reached in ${view}`).toEqual([]);
      expect(
        stops.filter((stop) => !stop.ring).map((stop) => stop.label),
        `Tab stops without a focus ring in ${view} (${colorScheme})`,
      ).toEqual([]);
      expect(stops.length).toBeGreaterThan(3);
    }
  }

  it('in the chat, with tool cards and the cards of what servers ask', async () => {
    model.script(
      { type: 'tool-call', toolName: `${serverId}__echo`, input: { text: 'hello' } },
      { type: 'text', text: 'The server said hello back.' },
      {
        type: 'tool-calls',
        calls: [
          { toolName: `${serverId}__ask_form`, input: {} },
          { toolName: `${serverId}__ask_model`, input: {} },
          { toolName: `${serverId}__ask_page`, input: { url: 'https://example.com/connect' } },
        ],
      },
    );
    await page.getByRole('combobox', { name: 'Message' }).fill('Echo hello');
    await page.keyboard.press('Enter');
    await page
      .locator('.tool-card[data-tool-name="echo"]')
      .getByRole('button', { name: 'Approve' })
      .press('Enter');
    await page.getByText('The server said hello back.').waitFor();
    await page.getByRole('combobox', { name: 'Message' }).fill('Ask me');
    await page.keyboard.press('Enter');
    for (const tool of ['ask_form', 'ask_model', 'ask_page']) {
      await page
        .locator(`.tool-card[data-tool-name="${tool}"]`)
        .getByRole('button', { name: 'Approve' })
        .press('Enter');
    }
    await page.getByRole('group', { name: 'Fixture asks for information' }).waitFor();
    await page.getByRole('group', { name: 'Fixture asks to use your model' }).waitFor();
    await page.getByRole('group', { name: 'Fixture asks you to open a page' }).waitFor();
    await expectAllReachable('the chat');
  });

  it('in an empty chat, with its tips, its questions and the "+" menu open', async () => {
    await page.getByRole('region', { name: 'Tips' }).waitFor();
    await page.getByRole('region', { name: 'Example questions' }).waitFor();
    await pressUntilFocused(
      page,
      page.getByRole('button', { name: 'Add a resource or a prompt' }),
      'Shift+Tab',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Add to your message' }).waitFor();
    await expectAllReachable('the empty chat');
  });

  it('in Servers, with a server’s details open, and in Settings', async () => {
    await page.getByRole('tab', { name: 'Servers' }).press('Enter');
    const card = serverCard(page, 'Fixture');
    await card.locator('[data-state="connected"]').waitFor();
    await card.getByRole('button', { name: 'Details of Fixture' }).press('Enter');
    await card.locator('.server-more-body').waitFor();
    for (const section of await card.locator('summary').all()) await section.press('Enter');
    await expectAllReachable('Servers');
    await page.getByRole('tab', { name: 'Settings', exact: true }).press('Enter');
    // Each group from its tab, with Enter.
    for (const group of [
      'Model',
      'Chats and data',
      'Permissions',
      'Desktop apps',
      'Advanced',
    ] as const) {
      await page.getByRole('tab', { name: group, exact: true }).press('Enter');
      await page
        .getByRole('tabpanel', { name: group })
        .getByRole('heading', { name: group, exact: true, level: 1 })
        .waitFor();
      await expectAllReachable(`Settings › ${group}`);
    }
  });
});
