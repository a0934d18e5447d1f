/**
 * What the chat shows a newcomer beyond the conversation, in Chromium with the scripted model
 * and real servers: a switched-on server's problem above the composer with the button that
 * fixes it, questions made from the servers that are on, the "+" menu that opens the "@" and
 * "/" pickers, and the one-time tips.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startModernServer } from '../fixtures/modern-server';
import { startOAuthFixture } from '../fixtures/oauth-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';
import {
  addAndSwitchOn,
  addEnabledServer,
  connectedCard,
  serverCard,
  storeServerWithoutHeaderValue,
} from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let page: Page;

const composer = () => page.getByRole('combobox', { name: 'Message' });

beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
  await chooseScriptedModel(page, model.baseUrl);
});

/** The state of the server `id`, as the background reports it. */
async function stateOf(id: string): Promise<string | undefined> {
  const { servers } = await requestFrom<{ servers: { id: string; status: { state: string } }[] }>(
    session,
    page,
    'mcp/servers/get',
  );
  return servers.find((server) => server.id === id)?.status.state;
}

/** Dismisses the one-time tips, so that a test about something else sees the chat as it is. */
async function dismissTips() {
  await page.getByRole('region', { name: 'Tips' }).getByRole('button', { name: 'Got it' }).click();
}

describe('a switched-on server with a problem', () => {
  it('is named above the composer, and its Retry connects it once the server is back', async () => {
    const notes = closeAfterTest(await startFixtureServer());
    await notes.close();
    const { id } = await addAndSwitchOn(session, page, { name: 'Acme Notes', url: notes.mcpUrl });
    await page.reload();
    await dismissTips();
    const notice = page.getByRole('region', { name: 'Server problems' });
    // Patchbay retries by itself a few times, then leaves Retry to the person.
    await notice.getByText(/click Retry to try again/).waitFor({ timeout: 20_000 });
    await expect(notice.locator('.server-problem p').textContent()).resolves.toMatch(
      /^Acme Notes cannot connect\. .*Couldn't reach 127\.0\.0\.1:\d+\./,
    );
    await session.screenshot(page, 'chat-server-problem');

    await notes.restart();
    await notice.getByRole('button', { name: 'Retry: Acme Notes' }).click();
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => stateOf(id)).toBe('connected');
    // Connected, it lends the chat its tools: the empty chat suggests from them.
    await page
      .getByRole('region', { name: 'Example questions' })
      .getByText('Ask Acme Notes to echo')
      .waitFor();
  });

  it('goes away when dismissed, and says nothing of a server that is off', async () => {
    const notes = closeAfterTest(await startFixtureServer());
    await notes.close();
    const { id } = await addAndSwitchOn(session, page, { name: 'Acme Notes', url: notes.mcpUrl });
    await page.reload();
    const notice = page.getByRole('region', { name: 'Server problems' });
    await notice.getByText('Acme Notes').waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: 'Dismiss the notice about Acme Notes' }).click();
    await notice.waitFor({ state: 'detached' });

    await page.reload();
    await notice.getByText('Acme Notes').waitFor({ timeout: 15_000 });
    await requestFrom(session, page, `mcp/${id}/disable`);
    await notice.waitFor({ state: 'detached' });
  });

  it('signs in from its notice: the sign-in window opens, and the server lends its tools', async () => {
    const notes = closeAfterTest(await startOAuthFixture({ consent: 'page' }));
    // Switched on, the server opens its sign-in window; closed, the sign-in waits for the person.
    let consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    const { id } = await addAndSwitchOn(session, page, { name: 'Acme Notes', url: notes.mcpUrl });
    await (await consentOpened).close();
    await expect.poll(() => stateOf(id), { timeout: 15_000 }).toBe('needs-auth');
    await page.reload();
    await dismissTips();
    const notice = page.getByRole('region', { name: 'Server problems' });
    await expect(notice.locator('.server-problem p').textContent()).resolves.toMatch(
      /^Acme Notes needs you to sign in\./,
    );
    expect(notes.tokenRequests).toEqual([]);

    consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    await notice.getByRole('button', { name: 'Sign in: Acme Notes' }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => stateOf(id), { timeout: 15_000 }).toBe('connected');
    await notice.waitFor({ state: 'detached' });
    expect(
      notes.tokenRequests.filter((request) => request.grantType === 'authorization_code'),
    ).toHaveLength(1);
    // The chat is where it was: the notice was the only thing that went.
    await expect(
      page.getByRole('tab', { name: 'Chat', exact: true }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
  });

  it('opens the server’s form at the header whose value is missing, from “Enter <header>”', async () => {
    const keyed = closeAfterTest(
      await startFixtureServer({ requiredHeaders: { 'X-Team': 'blue' } }),
    );
    const header = 'X-Team';
    await storeServerWithoutHeaderValue(session, page, {
      id: 'custom-t',
      name: 'Team docs',
      url: keyed.mcpUrl,
      header,
    });
    await page.reload();
    await dismissTips();
    const notice = page.getByRole('region', { name: 'Server problems' });
    await expect(notice.locator('.server-problem p').textContent()).resolves.toMatch(
      /^Team docs is missing the value of X-Team\./,
    );
    await notice.getByRole('button', { name: 'Enter X-Team: Team docs' }).click();

    await page.getByRole('heading', { name: 'Servers', exact: true }).waitFor();
    const edit = page.getByRole('form', { name: 'Edit Team docs' });
    const value = edit.getByLabel('Header 1 value');
    await expect.poll(() => value.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect(edit.getByLabel('Header 1 name').inputValue()).resolves.toBe('X-Team');
    await page.keyboard.type('blue');
    await edit.getByRole('button', { name: 'Save' }).click();
    await connectedCard(serverCard(page, 'Team docs'));
    // Back in the chat, the server lends its tools and has no problem left to name.
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    await page
      .getByRole('region', { name: 'Example questions' })
      .getByText('Ask Team docs to echo')
      .waitFor();
    await expect(notice.count()).resolves.toBe(0);
  });

  it('opens Servers at the card of a server its notice names', async () => {
    const notes = closeAfterTest(await startFixtureServer());
    await notes.close();
    await addAndSwitchOn(session, page, { name: 'Acme Notes', url: notes.mcpUrl });
    await addAndSwitchOn(session, page, { name: 'Beta Docs', url: `${notes.mcpUrl}?b` });
    await addAndSwitchOn(session, page, { name: 'Gamma Files', url: `${notes.mcpUrl}?c` });
    await page.reload();
    const notice = page.getByRole('region', { name: 'Server problems' });
    // Two are named; the rest are counted, with the way to all of them.
    await notice.getByText('1 more server has a problem.').waitFor({ timeout: 15_000 });
    await expect(notice.locator('.server-problem').count()).resolves.toBe(2);
    await notice.getByRole('button', { name: 'Open Servers' }).click();
    await page.getByRole('heading', { name: 'Servers', exact: true }).waitFor();
  });
});

describe('an empty chat', () => {
  it('suggests asking the servers that are on, and a suggestion only fills the composer', async () => {
    const notes = closeAfterTest(await startModernServer({ legacy: 'stateless' }));
    await addEnabledServer(session, page, { name: 'Acme Notes', url: notes.mcpUrl });
    await page.reload();
    await dismissTips();
    const questions = page.getByRole('region', { name: 'Example questions' }).getByRole('button');
    // The servers' tools come after the servers (a server with none yet has a question of its own).
    await expect
      .poll(() => questions.allTextContents())
      .toEqual(['Ask Acme Notes to echo', 'Ask Acme Notes to get weather']);
    // No catalog server is pushed while the person's own is on.
    await expect(page.getByRole('region', { name: 'Suggested servers' }).count()).resolves.toBe(0);
    await session.screenshot(page, 'chat-empty-suggestions');

    await questions.nth(1).click();
    await expect(composer().inputValue()).resolves.toBe('Ask Acme Notes to get weather');
    expect(model.requests.filter((request) => request.api !== 'models')).toEqual([]);
  });
});

describe('the composer’s "+" menu', () => {
  it('opens the resource picker and the prompt picker, by mouse and by keyboard', async () => {
    const notes = closeAfterTest(
      await startModernServer({ legacy: 'stateless', fullClient: true }),
    );
    await addEnabledServer(session, page, { name: 'Acme Notes', url: notes.mcpUrl });
    await page.reload();
    await dismissTips();
    const plus = page.getByRole('button', { name: 'Add a resource or a prompt' });
    await plus.click();
    const menu = page.getByRole('menu', { name: 'Add to your message' });
    await menu.waitFor();
    await session.screenshot(page, 'composer-plus-menu');
    await menu.getByRole('menuitem', { name: 'Attach a resource (@)' }).click();
    await expect(composer().inputValue()).resolves.toBe('@');
    await page.getByRole('listbox', { name: 'Resources' }).getByText('Today’s notes').waitFor();
    await composer().press('Enter');
    await page.getByRole('button', { name: 'Remove Today’s notes' }).waitFor();
    await expect(composer().inputValue()).resolves.toBe('');

    // From the keyboard: "+" takes Enter, the arrows move, Enter chooses.
    await plus.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(composer().inputValue()).resolves.toBe('/');
    await page.getByRole('listbox', { name: 'Prompts' }).getByText('Review a topic').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(model.requests.filter((request) => request.api !== 'models')).toEqual([]);
  });
});

describe('the tips', () => {
  it('show once, and stay dismissed after a reload', async () => {
    await page.reload();
    const tips = page.getByRole('region', { name: 'Tips' });
    await tips.getByText('Alt+Shift+P').waitFor();
    await expect(tips.textContent()).resolves.toContain('Ask Patchbay about this…');
    // The panel still opens with the composer focused.
    await expect.poll(() => page.evaluate(() => document.activeElement?.ariaLabel)).toBe('Message');
    await session.screenshot(page, 'chat-tips');
    await tips.getByRole('button', { name: 'Got it' }).click();
    await tips.waitFor({ state: 'detached' });
    // Stored, so the card's absence below is its choice, not a card still loading.
    await expect
      .poll(() => page.evaluate("chrome.storage.local.get('chat.tipsDismissed')"))
      .toEqual({ 'chat.tipsDismissed': true });
    await page.reload();
    await page.getByRole('region', { name: 'Example questions' }).waitFor();
    await expect(tips.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await page.getByRole('region', { name: 'Example questions' }).waitFor();
    await expect(tips.count()).resolves.toBe(0);
  });
});
