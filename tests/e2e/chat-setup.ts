/**
 * What chat end-to-end tests set up through the extension itself: the scripted model as the
 * configured one, and a server added and switched on.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ExtensionSession } from './harness';
import { addEnabledServer } from './server-setup';

/**
 * Points the chat at the scripted OpenAI-format model, adds the server at `url` and switches it
 * on, then reloads the panel so it starts from there. Returns the server's id.
 */
export async function chatWithServer(
  session: ExtensionSession,
  page: Page,
  options: { modelBaseUrl: string; serverName: string; serverUrl: string },
): Promise<string> {
  await chooseScriptedModel(page, options.modelBaseUrl);
  const id = await addEnabledServer(session, page, {
    name: options.serverName,
    url: options.serverUrl,
  });
  await page.reload();
  return id;
}

/** Makes the scripted OpenAI-format model at `baseUrl` the chat's model. */
export async function chooseScriptedModel(page: Page, baseUrl: string): Promise<void> {
  await saveModelSettings(page, { provider: 'compatible', baseUrl, model: 'scripted-model' });
}

/**
 * Writes model settings the way the Settings form saves them, as the only provider set up and
 * the active one (the panel reads them on load).
 */
export async function saveModelSettings(
  page: Page,
  settings: Record<string, unknown>,
): Promise<void> {
  await page.evaluate(
    (value) =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
        }
      ).chrome.storage.local.set({
        'chat.models': { active: value.provider, providers: { [String(value.provider)]: value } },
      }),
    settings,
  );
}

/**
 * The chat's "Use this browser" switch, which lives in the list of the chat's tools (the header's
 * Tools button): that list is opened first when it is closed.
 */
export async function browserSwitch(panel: Page): Promise<Locator> {
  const toggle = panel.getByRole('switch', { name: 'Use this browser' });
  if (!(await toggle.isVisible())) await panel.getByRole('button', { name: /^Tools: / }).click();
  return toggle;
}

/** Opens the side panel with the scripted model at `baseUrl` as the chat's, reloaded to use it. */
export async function openChatWithScriptedModel(
  session: ExtensionSession,
  baseUrl: string,
): Promise<Page> {
  const page = await session.openSidePanel();
  await chooseScriptedModel(page, baseUrl);
  await page.reload();
  return page;
}

/** Types `text` in the open chat's composer and sends it. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Waits until the Settings tab shows with the field named `label` focused (an error's step). */
export async function expectSettingsField(page: Page, label: string): Promise<void> {
  await expect(
    page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected'),
  ).resolves.toBe('true');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe(label);
}
