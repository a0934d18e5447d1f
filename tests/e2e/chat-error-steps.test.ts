/**
 * The step a failed model request offers beside Retry, followed in Chromium with the scripted
 * model: a conversation too long for the model starts a new chat; a model the provider does
 * not know opens the chat's own list of models.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { openChatWithScriptedModel, sendMessage } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let page: Page;

const composer = () => page.getByRole('combobox', { name: 'Message' });

/** The words of the user messages a request to the model carried (Chat Completions). */
function userWords(index: number): string[] {
  const body = model.requests.filter((request) => request.api === 'chat')[index]?.body as {
    messages: { role: string; content: unknown }[];
  };
  return body.messages
    .filter((message) => message.role === 'user')
    .map((message) => JSON.stringify(message.content));
}

beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  page = await openChatWithScriptedModel(session, model.baseUrl);
  await page.getByRole('region', { name: 'Tips' }).getByRole('button', { name: 'Got it' }).click();
});

describe('a failed answer’s next step', () => {
  it('offers a new chat for a conversation too long for the model, and the new chat starts empty', async () => {
    session.expectConsoleError(
      /Failed to load resource: the server responded with a status of 400/,
    );
    model.script(
      { type: 'text', text: 'First answer.' },
      {
        type: 'error',
        status: 400,
        code: 'context_length_exceeded',
        message: "This model's maximum context length is 8192 tokens.",
      },
    );
    await sendMessage(page, 'Summarise the first book');
    await page.getByText('First answer.').waitFor();
    await sendMessage(page, 'And the second one');
    const error = page.locator('.chat-error');
    await error.getByText(/^This conversation is too long for the model\./).waitFor();
    await expect(error.getByRole('button', { name: 'Open Settings' }).count()).resolves.toBe(0);

    await error.getByRole('button', { name: 'Start a new chat' }).click();
    await error.waitFor({ state: 'detached' });
    await expect(page.getByText('Summarise the first book').count()).resolves.toBe(0);
    await expect
      .poll(() => composer().evaluate((input) => input === document.activeElement))
      .toBe(true);
    model.script({ type: 'text', text: 'A fresh start.' });
    await sendMessage(page, 'Hello');
    await page.getByText('A fresh start.').waitFor();
    // The new chat's request carries only its own question.
    expect(userWords(2)).toEqual([expect.stringContaining('Hello')]);
    expect(userWords(1)).toHaveLength(2);
    // The long chat is kept in the chat list.
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page
      .getByRole('region', { name: 'Chats' })
      .getByText('Summarise the first book')
      .waitFor();
  });

  it('opens the chat’s models when the provider does not know the chat’s model (HTTP 404), and Retry uses the one chosen', async () => {
    session.expectConsoleError(
      /Failed to load resource: the server responded with a status of 404/,
    );
    model.script({
      type: 'error',
      status: 404,
      code: 'model_not_found',
      message: 'The model `scripted-model` does not exist.',
    });
    await sendMessage(page, 'Hello?');
    const error = page.locator('.chat-error');
    await error
      .getByText(/^The provider does not know this model or endpoint \(HTTP 404\)/)
      .waitFor();
    await session.screenshot(page, 'chat-model-not-found');
    // The chat keeps the model it started with: Settings' model would not change it, so the
    // step is this chat's own list of models, opened with the focus in it.
    await expect(error.getByRole('button', { name: 'Open Settings' }).count()).resolves.toBe(0);
    await error.getByRole('button', { name: 'Choose another model' }).click();
    const mini = page.getByRole('radio', { name: 'scripted-mini' });
    await mini.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.popover-panel') !== null))
      .toBe(true);
    await mini.click();
    await page.getByRole('button', { name: /^Model: scripted-mini\./ }).waitFor();
    await page.locator('.user-bubble', { hasText: 'Hello?' }).waitFor();
    model.script({ type: 'text', text: 'Hello from the mini model.' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Hello from the mini model.').waitFor();
    const last = model.requests.filter((request) => request.api === 'chat').at(-1)!;
    expect((last.body as { model: string }).model).toBe('scripted-mini');
  });
});
