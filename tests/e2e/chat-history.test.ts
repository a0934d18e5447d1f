import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { putRaw, storedMessages } from './chat-storage';
import { closeAfterTest, freshExtensionPerTest } from './harness';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let page: Page;

async function ask(text: string) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
  await chooseScriptedModel(page, model.baseUrl);
  await page.reload();
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

    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Chat history' });
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
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('combobox', { name: 'Keep chats' }).inputValue()).resolves.toBe(
      '30',
    );
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page
      .getByRole('button', { name: /New chat/ })
      .first()
      .click();
    await page.getByText('No saved chats yet.').waitFor();
  });
});
