/** What the chat fault tests share: a stalled answer, and the stored and shown messages. */
import type { Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import type { ScriptedOpenAI } from '../fixtures/scripted-openai';
import { storedMessages, type StoredMessage } from './chat-storage';

export const QUESTION = 'Why is the sky blue?';
export const ANSWER = 'Sunlight scatters off the air, and short blue wavelengths scatter the most.';
/** The words of ANSWER sent before the model stalls. */
export const SENT_WORDS = 6;
export const PARTIAL = 'Sunlight scatters off the air, and ';
export const REST = 'short blue wavelengths scatter the most.';
export const INTERRUPTED_CALL = /Interrupted: Patchbay closed while this call was running/;

/** A text turn that sends its first `words` deltas, then holds until released. */
export function stalledAnswer(model: ScriptedOpenAI, words: number) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  onTestFinished(() => release());
  model.script({
    type: 'text',
    text: ANSWER,
    pace: (index) => (index < words ? Promise.resolve() : released),
  });
}

export async function ask(page: Page, text: string) {
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

export const message = (
  role: string,
  text: string,
  state = 'complete',
  calls: string[] = [],
): Omit<StoredMessage, 'conversationId'> => ({ role, text, state, calls });

/** The stored messages without their chat id (tests here have one chat unless they say so). */
export async function stored(page: Page) {
  return (await storedMessages(page)).map(({ conversationId: _, ...rest }) => rest);
}

/** Waits until what is stored is exactly `expected` (writes are throttled to about 1 s). */
export async function storedBecomes(page: Page, expected: ReturnType<typeof message>[]) {
  await expect
    .poll(() => stored(page), { timeout: 5_000, message: 'the chat was not stored as shown' })
    .toEqual(expected);
}

/** The shown messages: role and visible text of each (an answer's text parts joined). */
export function shown(page: Page) {
  return page.locator('.message').evaluateAll((items) =>
    items.map((item) => [
      item.getAttribute('data-role'),
      [...item.querySelectorAll('.user-bubble > p:not(.message-origin), .markdown')]
        .map((element) => element.textContent ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ]),
  );
}

export async function expectInterrupted(page: Page) {
  const banner = page.getByRole('status', { name: 'Interrupted answer' });
  await banner.waitFor({ timeout: 10_000 });
  return banner;
}
