import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { openChatWithScriptedModel, sendMessage } from './chat-setup';
import { putRaw, seedChats, storedMessages } from './chat-storage';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { openSettings } from './settings-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let page: Page;

async function ask(text: string) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await sendMessage(page, text);
}

beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  page = await openChatWithScriptedModel(session, model.baseUrl);
});

describe('chat history settings', () => {
  it('deletes chats older than the days kept, and all chats after a confirmation', async () => {
    model.script({ type: 'text', text: 'Fresh answer.' }, { type: 'text', text: 'Another.' });
    await ask('A fresh chat');
    await page.getByText('Fresh answer.').waitFor();
    await ask('Another chat');
    await page.getByText('Another.').waitFor();
    const ninetyDaysAgo = Date.now() - 90 * 86_400_000;
    await putRaw(page, 'summaries', {
      id: 'ancient',
      title: 'Ancient chat',
      createdAt: ninetyDaysAgo,
      updatedAt: ninetyDaysAgo,
    });
    await putRaw(page, 'messages', {
      conversationId: 'ancient',
      id: 'm',
      seq: 0,
      state: 'complete',
      message: { id: 'm', role: 'user', parts: [{ type: 'text', text: 'Long ago' }] },
    });

    const settings = (await openSettings(page, 'Chats and data')).getByRole('region', {
      name: 'Chat history',
    });
    await settings.getByRole('combobox', { name: 'Keep chats' }).selectOption('30');
    await settings.getByText('Deleted 1 chat older than 30 days.').waitFor();
    await expect
      .poll(async () => (await storedMessages(page)).map(({ text }) => text).sort())
      .toEqual(['A fresh chat', 'Another chat', 'Another.', 'Fresh answer.']);

    await settings.getByRole('button', { name: 'Delete all chats…' }).click();
    await settings.getByText('Delete all 2 chats? This cannot be undone.').waitFor();
    await session.screenshot(page, 'chat-delete-all');
    await settings.getByRole('button', { name: 'Delete all', exact: true }).click();
    await settings.getByText('Deleted 2 chats.').waitFor();
    await expect(storedMessages(page)).resolves.toEqual([]);
    await page.reload();
    await openSettings(page, 'Chats and data');
    await expect(page.getByRole('combobox', { name: 'Keep chats' }).inputValue()).resolves.toBe(
      '30',
    );
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page.getByText('No saved chats yet.').waitFor();
  });
});

describe('export and import', () => {
  /** Clicks `name` in the chat switcher and returns the downloaded file's text and name. */
  /** The file the browser downloads on `click`, with its suggested name. */
  async function downloaded(click: () => Promise<void>) {
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 5_000 }), click()]);
    return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
  }
  /** What a button of the chat list's Export and import downloads (Export all chats). */
  const download = (name: string) =>
    downloaded(() =>
      page
        .getByRole('group', { name: 'Export and import chats' })
        .getByRole('button', { name })
        .click(),
    );
  /** What an item of a chat's ⋯ menu downloads (the open chat's, or a row's of the list). */
  const fromMenu = (menu: string, item: string) =>
    downloaded(async () => {
      await page.getByRole('button', { name: menu }).click();
      await page.getByRole('menu', { name: menu }).getByRole('menuitem', { name: item }).click();
    });

  it('exports the open chat from the ⋯ beside its title, and any chat from its row’s menu', async () => {
    model.script({ type: 'text', text: 'Oslo is cold.' }, { type: 'text', text: 'Bergen is wet.' });
    await ask('Weather in Oslo?');
    await page.getByText('Oslo is cold.').waitFor();
    const markdown = await fromMenu('Actions for this chat', 'Export as Markdown');
    expect(markdown.name).toBe('Weather-in-Oslo.md');
    expect(markdown.text).toContain('Oslo is cold.');

    await ask('Weather in Bergen?');
    await page.getByText('Bergen is wet.').waitFor();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    const json = await fromMenu('Actions for Weather in Oslo?', 'Export as JSON');
    expect(json.name).toBe('Weather-in-Oslo.json');
    const { chats } = JSON.parse(json.text) as { chats: { title: string }[] };
    expect(chats.map(({ title }) => title)).toEqual(['Weather in Oslo?']);
  });

  it('exports a chat as Markdown and JSON from its row, all chats, and imports chats with a preview and an error per bad entry', async () => {
    model.script({ type: 'text', text: 'Oslo is **cold** in winter.' });
    await ask('Weather in Oslo?');
    await page.getByText('in winter.').waitFor();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();

    // The open chat is exported from its ⋯ menus, not from buttons of its own here.
    const transfer = page.getByRole('group', { name: 'Export and import chats' });
    await transfer.getByRole('button', { name: 'Export all chats' }).waitFor();
    await expect(transfer.getByRole('button', { name: /^Export as/ }).count()).resolves.toBe(0);
    const markdown = await fromMenu('Actions for Weather in Oslo?', 'Export as Markdown');
    expect(markdown.name).toBe('Weather-in-Oslo.md');
    expect(markdown.text).toBe(
      '# Weather in Oslo?\n\n## You\n\nWeather in Oslo?\n\n## Patchbay\n\nOslo is **cold** in winter.\n',
    );
    const single = await fromMenu('Actions for Weather in Oslo?', 'Export as JSON');
    const exported = JSON.parse(single.text) as {
      chats: { id: string; title: string; messages: { role: string; parts: unknown[] }[] }[];
    };
    expect(exported.chats).toHaveLength(1);
    expect(exported.chats[0]!.messages.map(({ role }) => role)).toEqual(['user', 'assistant']);
    const all = await download('Export all chats');
    expect(all.name).toBe('patchbay-chats.json');

    const withBadEntry = JSON.parse(all.text) as { chats: unknown[] };
    withBadEntry.chats.push({
      id: 'x',
      title: 'Broken',
      createdAt: 1,
      updatedAt: 1,
      messages: 'no',
    });
    await page.getByLabel('Import chats', { exact: true }).setInputFiles({
      name: 'chats.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(withBadEntry)),
    });
    const preview = page.getByRole('region', { name: 'Import preview' });
    await preview.getByText('1 chat ready to import; 1 cannot be imported.').waitFor();
    await preview
      .getByText('Weather in Oslo? (2 messages) — kept beside the chat already here')
      .waitFor();
    await preview.getByText(/Entry 2 \(Broken\): messages: /).waitFor();
    await session.screenshot(page, 'chat-import-preview');
    await preview.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported 1 chat.').waitFor();
    const chats = page.getByRole('region', { name: 'Chats' });
    // The list is read again after the notice shows.
    await expect
      .poll(() => chats.getByRole('button', { name: 'Weather in Oslo?', exact: true }).count())
      .toBe(2);
    const stored = await storedMessages(page);
    expect(new Set(stored.map(({ conversationId }) => conversationId)).size).toBe(2);
    expect(stored.map(({ text }) => text)).toEqual(
      expect.arrayContaining(['Weather in Oslo?', 'Oslo is **cold** in winter.']),
    );
    expect(stored).toHaveLength(4);
  });
});

describe('search', () => {
  it('finds chats by title and words as you type, marks the words, and opens the chat', async () => {
    model.script(
      { type: 'text', text: 'Pack warm boots for Oslo.' },
      { type: 'text', text: 'Rome is mild.' },
    );
    await ask('Trip packing list');
    await page.getByText('Pack warm boots for Oslo.').waitFor();
    await ask('Weekend in Rome');
    await page.getByText('Rome is mild.').waitFor();

    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    const box = page.getByRole('searchbox', { name: 'Search chats' });
    await box.fill('boots osl');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('button', { name: /Trip packing list/ }).waitFor();
    await expect(results.getByRole('listitem').count()).resolves.toBe(1);
    await expect(results.locator('mark').allTextContents()).resolves.toEqual(['boots', 'Osl']);
    await session.screenshot(page, 'chat-search');
    await results.getByRole('button', { name: /Trip packing list/ }).click();
    await page.getByText('Pack warm boots for Oslo.').waitFor();
    // The chat it left goes as the one found opens.
    await page.getByText('Rome is mild.').waitFor({ state: 'detached' });
  });

  it('finds a chat among 1,000 chats of 10 messages as the person types (speed: npm run bench -- search)', async () => {
    model.script({ type: 'text', text: 'Ready.' });
    await ask('Start');
    await page.getByText('Ready.').waitFor();
    // Ten messages a chat: writing 1,000 chats of 50 took Chromium 15 s of CPU (two records a
    // message, each put its own call), for the same reads. The bench times the search over 50.
    await seedChats(page, 1000, 10);
    await page.reload();
    await page.locator('.conversation-switch-title', { hasText: /^Start/ }).waitFor();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    const box = page.getByRole('searchbox', { name: 'Search chats' });
    const results = page.getByRole('list', { name: 'Search results' });
    // The first query reads every chat into the index; later ones only scan it.
    await box.fill('topic1');
    await results.getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await box.fill('999 about');
    await results.getByText('Seeded chat 999', { exact: true }).waitFor({ timeout: 10_000 });
    await expect(results.getByRole('listitem').count()).resolves.toBe(1);
  });
});
