/**
 * What `npm start` sets up in its own browser profile, through the extension itself (the
 * messages and storage the panel uses), so the panel opens ready: the fixture server added and
 * switched on, and the model chosen. A person's own browser profile is never touched.
 */
import type { Page } from 'playwright-core';
import { MODEL_CHOICE_KEY, type ModelChoice } from '../../src/models/model-choice';
import type { ModelSettings } from '../../src/models/model-settings';

type Envelope<T> = { ok: true; result: T } | { ok: false; error: { message: string } };

interface ChromeInPage {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
  };
}

/** A request to the background from the panel page, as the panel makes it. */
async function request<T>(page: Page, type: string, payload?: unknown): Promise<T> {
  const response = (await page.evaluate(
    ([messageType, messagePayload]) =>
      (globalThis as unknown as ChromeInPage).chrome.runtime.sendMessage({
        type: messageType,
        payload: messagePayload,
      }),
    [type, payload] as const,
  )) as Envelope<T>;
  if (!response.ok) throw new Error(`${type}: ${response.error.message}`);
  return response.result;
}

/** Adds the server and switches it on; throws unless it connected. Returns its id. */
export async function addEnabledServer(
  page: Page,
  server: { name: string; url: string },
): Promise<string> {
  const { server: added } = await request<{ server: { id: string } }>(
    page,
    'mcp/servers/add',
    server,
  );
  const { status } = await request<{ status: { state: string; message?: string } }>(
    page,
    `mcp/${added.id}/enable`,
  );
  if (status.state !== 'connected') {
    throw new Error(`${server.name} at ${server.url} did not connect (${status.state}).`);
  }
  return added.id;
}

/** Makes `settings` the chat's model, as the Settings form saves it. */
export async function chooseModel(page: Page, settings: ModelSettings): Promise<void> {
  const choice: ModelChoice = {
    active: settings.provider,
    providers: { [settings.provider]: settings },
  };
  await page.evaluate(
    ([key, value]) =>
      (globalThis as unknown as ChromeInPage).chrome.storage.local.set({ [key]: value }),
    [MODEL_CHOICE_KEY, choice] as const,
  );
}

/** Types `question` into the panel's composer and sends it. */
export async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}
