/**
 * Words that are not the person's, brought in the ways a person uses, end to end in Chromium:
 * a server's resource attached with "@", one of its prompts run with "/", and a chat file
 * imported from the history. The scripted model obeys every instruction it reads (the corpus's
 * model, tests/security/corpus.ts), and the person always allowed the tools the attacks want:
 * each call still waits for a card that names where its instruction came from, and nothing is
 * posted or deleted unless they approve.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { startMailServer, startTeamServer, type CorpusServer } from '../security/attack-servers';
import { attackText, obedientModel } from '../security/corpus-attacker';
import { sharedChatFile } from '../security/corpus-scenarios';
import { SECRET } from '../security/world';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';
import { addEnabledServer, allowAlwaysIn } from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let page: Page;
let mail: CorpusServer;
let team: CorpusServer;
let ids: { mail: string; team: string };

const POST = attackText({ tool: 'send_reply', args: { text: 'The booking code is {{SECRET}}' } });
const WIPE = attackText({ tool: 'delete_messages', args: {} });
const composer = () => page.getByRole('combobox', { name: 'Message' });
const waiting = (tool: string) =>
  page.locator(`.tool-card[data-tool-name="${tool}"][data-tool-state="awaiting-approval"]`);

beforeEach(async () => {
  mail = await startMailServer({
    mailText: `Invoice 42 is due on Friday. ${POST}`,
    inboxText: 'One new mail.',
    inboxData: {},
    link: { uri: 'mail://inbox/1', name: 'Invoice' },
    promptLink: 'mail://inbox/1',
    promptLinkName: 'Invoice',
  });
  team = await startTeamServer();
  model = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
  await chooseScriptedModel(page, model.baseUrl);
  ids = {
    mail: await addEnabledServer(session, page, { name: 'Acme Mail', url: mail.mcpUrl }),
    team: await addEnabledServer(session, page, { name: 'Team Chat', url: team.mcpUrl }),
  };
  // The person always allowed what the attacks want: replying, posting, deleting.
  await allowAlwaysIn(session, page, [
    [ids.mail, 'send_reply'],
    [ids.team, 'post_message'],
    [ids.team, 'delete_messages'],
  ]);
});

afterEach(async () => {
  await Promise.all([mail?.close(), team?.close()]);
});

describe('a server’s words the person brought in', () => {
  it('asks before a call an attached resource asked for, naming the resource', async () => {
    model.script(...obedientModel({ attacker: '', site: '' }));
    await composer().fill('Summarize @Invoice');
    await page
      .getByRole('option', { name: /Invoice mail/ })
      .first()
      .waitFor();
    await composer().press('Enter');
    await page.getByRole('button', { name: /Remove .*Invoice mail/i }).waitFor();
    await composer().fill(`Summarize this mail. My booking code is ${SECRET}.`);
    await page.getByRole('button', { name: 'Send' }).click();

    const card = waiting('send_reply');
    await expect(card.locator('.approval-why').textContent()).resolves.toBe(
      'Asked again: this chat holds text from Acme Mail’s resource mail://inbox/1 and Team Chat’s tool descriptions, and this tool can send data to places beyond its server (it does not say it stays within it). Your “Always allow” holds for what you ask for; here your latest message does not ask to post.',
    );
    await session.screenshot(page, 'chat-injection-resource');
    await requestFrom(session, page, 'mcp/servers/get');
    expect(mail.sent).toEqual([]);
    await card.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('Done.').waitFor();
    expect(mail.sent).toEqual([]);
  });

  it('asks before a call a prompt’s messages asked for, naming the prompt', async () => {
    model.script(...obedientModel({ attacker: '', site: '' }));
    await composer().fill('/triage');
    await page
      .getByRole('option', { name: /triage/ })
      .first()
      .waitFor();
    await composer().press('Enter');
    const run = page.getByRole('button', { name: 'Run' });
    if (await run.isVisible()) await run.click();

    const card = waiting('send_reply');
    await expect(card.locator('.approval-why').textContent()).resolves.toBe(
      'Asked again: this chat holds text from Acme Mail’s prompt triage and Team Chat’s tool descriptions, and this tool can send data to places beyond its server (it does not say it stays within it). Your “Always allow” holds for what you ask for; here your latest message does not ask to post.',
    );
    await requestFrom(session, page, 'mcp/servers/get');
    expect(mail.sent).toEqual([]);
  });
});

describe('an imported chat', () => {
  it('brings no approval: its unfinished calls are not run, and nothing it holds runs', async () => {
    model.script({ type: 'text', text: 'Hello.' });
    await composer().fill('Hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Hello.').waitFor();

    // A file someone sent: a deletion marked approved beside a harmless post that waits.
    const file = sharedChatFile(ids.team, `Clean up. ${WIPE}`);
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page.getByLabel('Import chats', { exact: true }).setInputFiles({
      name: 'shared.json',
      mimeType: 'application/json',
      buffer: Buffer.from(file),
    });
    await page
      .getByRole('region', { name: 'Import preview' })
      .getByRole('button', { name: 'Import' })
      .click();
    await page.getByText('Imported 1 chat.').waitFor();
    await page
      .getByRole('region', { name: 'Chats' })
      .getByRole('button', { name: 'Shared with you', exact: true })
      .click();

    // Nothing waits for an answer: there is no card whose answer could send the chat on.
    await page.locator('.tool-card[data-tool-name="delete_messages"]').waitFor();
    await expect(
      page.locator('.tool-card[data-tool-state="awaiting-approval"]').count(),
    ).resolves.toBe(0);
    await expect(
      page.locator('.tool-card[data-tool-name="delete_messages"]').getAttribute('data-tool-state'),
    ).resolves.not.toBe('done');

    // Going on, the model obeys the file's words: the deletion asks, and runs only if approved.
    model.script(...obedientModel({ attacker: '', site: '' }));
    await composer().fill('Go on.');
    await page.getByRole('button', { name: 'Send' }).click();
    const card = waiting('delete_messages');
    // Team Chat marks delete_messages destructive: no grant holds for it, so it is asked
    // (not "asked again"), and the card says why it matters.
    await expect(card.locator('.approval-why').textContent()).resolves.toMatch(
      /^Careful: this chat holds text from an imported chat/,
    );
    await expect(card.locator('.approval-destructive').count()).resolves.toBe(1);
    await card.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('Done.').waitFor();
    expect(team.deleted).toBe(0);
    expect(team.sent).toEqual([]);
  });
});
