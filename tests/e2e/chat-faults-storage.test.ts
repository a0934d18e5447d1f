/**
 * A chat never loses a word when storage misbehaves: full, damaged records, two panels writing
 * one chat, databases from earlier layouts. Each case asserts exactly which messages are stored
 * and shown afterwards. (Turns cut short: chat-faults-turns.test.ts.)
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { ask, message, shown, stored, storedBecomes } from './chat-fault-helpers';
import { chooseScriptedModel } from './chat-setup';
import { putRaw, storedMessages, writeLegacyDatabase } from './chat-storage';
import { closeAfterTest, freshExtensionPerTest } from './harness';

let model: ScriptedOpenAI;

describe('chat storage faults', () => {
  const session = freshExtensionPerTest();
  let page: Page;

  beforeEach(async () => {
    model = closeAfterTest(await startScriptedOpenAI());
    page = await session.openSidePanel();
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
  });

  it('tells the person when storage is full, keeps chatting in memory and loses nothing stored', async () => {
    model.script({ type: 'text', text: 'Saved answer.' });
    await ask(page, 'First question');
    await page.getByText('Saved answer.').waitFor();
    await storedBecomes(page, [
      message('user', 'First question'),
      message('assistant', 'Saved answer.'),
    ]);

    await page.evaluate(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    model.script({ type: 'text', text: 'Kept in memory.' }, { type: 'text', text: 'Still here.' });
    await ask(page, 'Second question');
    await page.getByText('Kept in memory.').waitFor();
    await page
      .getByRole('alert')
      .getByText(/Browser storage is full/)
      .waitFor();
    await ask(page, 'Third question');
    await page.getByText('Still here.').waitFor();
    await expect(shown(page)).resolves.toEqual([
      ['user', 'First question'],
      ['assistant', 'Saved answer.'],
      ['user', 'Second question'],
      ['assistant', 'Kept in memory.'],
      ['user', 'Third question'],
      ['assistant', 'Still here.'],
    ]);
    await expect(stored(page)).resolves.toEqual([
      message('user', 'First question'),
      message('assistant', 'Saved answer.'),
    ]);
  });

  it('skips a stored chat or message that fails validation and says so, without breaking the list', async () => {
    model.script({ type: 'text', text: 'Fine.' });
    await ask(page, 'A good chat');
    await page.getByText('Fine.').waitFor();
    const [first] = await storedMessages(page);
    await putRaw(page, 'summaries', { id: 'broken', title: 7, updatedAt: Date.now() + 1000 });
    await putRaw(page, 'messages', {
      conversationId: first!.conversationId,
      id: 'bad',
      seq: Date.now() + 1000,
      state: 'complete',
      message: { role: 'robot' },
    });
    await page.reload();
    await page
      .getByText('1 saved message of this chat could not be read and is not shown.')
      .waitFor();
    await expect(shown(page)).resolves.toEqual([
      ['user', 'A good chat'],
      ['assistant', 'Fine.'],
    ]);
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page.getByText('1 saved chat could not be read and is not listed.').waitFor();
    await page.getByRole('region', { name: 'Chats' }).getByText('A good chat').waitFor();
  });

  it('keeps both panels’ messages when two panels write to one chat', async () => {
    model.script({ type: 'text', text: 'One.' });
    await ask(page, 'First from A');
    await page.getByText('One.').waitFor();
    await storedBecomes(page, [message('user', 'First from A'), message('assistant', 'One.')]);
    const other = await session.openSidePanel();
    await other.getByText('One.').waitFor();

    model.script({ type: 'text', text: 'Two.' });
    await ask(page, 'Second from A');
    await page.getByText('Two.').waitFor();
    model.script({ type: 'text', text: 'Three.' });
    await ask(other, 'Second from B');
    await other.getByText('Three.').waitFor();

    await storedBecomes(page, [
      message('user', 'First from A'),
      message('assistant', 'One.'),
      message('user', 'Second from A'),
      message('assistant', 'Two.'),
      message('user', 'Second from B'),
      message('assistant', 'Three.'),
    ]);
    await page.reload();
    await page.getByText('Three.').waitFor();
    await expect(shown(page)).resolves.toHaveLength(6);
  });

  it.each([1, 2] as const)(
    'opens a chat database written in layout %i with every chat',
    async (layout) => {
      await page.close();
      // An extension page that does not open the chat database: the old one is written first.
      const blank = await session.context.newPage();
      await blank.goto(`chrome-extension://${session.extensionId}/manifest.json`);
      await blank.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase('patchbay');
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error ?? new Error('delete failed'));
          }),
      );
      const chat = (id: string, updatedAt: number, texts: string[]) => ({
        id,
        title: `Old ${id}`,
        createdAt: 1,
        updatedAt,
        messages: texts.map((text, index) => ({
          id: `${id}-${index}`,
          role: index % 2 ? 'assistant' : 'user',
          parts: [{ type: 'text', text }],
        })),
      });
      await writeLegacyDatabase(blank, layout, [
        chat('a', 10, ['Older question', 'Older answer']),
        chat('b', 20, ['Latest question', 'Latest answer', 'Follow-up', 'Last answer']),
      ]);
      await blank.close();

      page = await session.openSidePanel();
      await page.getByText('Last answer').waitFor();
      await expect(shown(page)).resolves.toEqual([
        ['user', 'Latest question'],
        ['assistant', 'Latest answer'],
        ['user', 'Follow-up'],
        ['assistant', 'Last answer'],
      ]);
      await page.getByRole('button', { name: 'Chats', exact: true }).click();
      await page
        .getByRole('region', { name: 'Chats' })
        .getByRole('button', { name: 'Old a', exact: true })
        .click();
      await page.getByText('Older answer').waitFor();
      await expect(stored(page)).resolves.toEqual([
        message('user', 'Older question'),
        message('assistant', 'Older answer'),
        message('user', 'Latest question'),
        message('assistant', 'Latest answer'),
        message('user', 'Follow-up'),
        message('assistant', 'Last answer'),
      ]);
    },
  );
});
