/**
 * Settings in groups (Model · Chats and data · Permissions · Desktop apps · Advanced), one
 * showing at a time, with one model picker and no Save button: a provider whose key is pasted
 * lists its models and is saved and used; a model picked is saved; a provider set up is used
 * once chosen. Each group's picture at 360 px goes in the screenshots.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startScriptedAnthropic } from '../fixtures/scripted-anthropic';
import type { ScriptedProvider } from '../fixtures/scripted-http';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { fillProvider, openSettings, type SettingsGroupName } from './settings-setup';

const session = freshExtensionPerTest();
let page: Page;
let anthropic: ScriptedProvider;

const GROUPS: SettingsGroupName[] = [
  'Model',
  'Chats and data',
  'Permissions',
  'Desktop apps',
  'Advanced',
];

/** The models as stored: which provider is in use, and each one's model. */
async function storedChoice(): Promise<{ active: string; models: Record<string, string> }> {
  const stored = (await page.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
      }
    ).chrome.storage.local.get('chat.models'),
  )) as { 'chat.models': { active: string; providers: Record<string, { model: string }> } };
  const choice = stored['chat.models'];
  return {
    active: choice.active,
    models: Object.fromEntries(
      Object.entries(choice.providers).map(([id, settings]) => [id, settings.model]),
    ),
  };
}

beforeEach(async () => {
  anthropic = closeAfterTest(await startScriptedAnthropic());
  const openai = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
  await chooseScriptedModel(page, openai.baseUrl);
  await page.reload();
  await page.getByRole('combobox', { name: 'Message' }).waitFor();
});

describe('Settings', () => {
  it('shows one group at a time, each on a tab of its own, with no Save button', async () => {
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    const tabs = page.getByRole('tablist', { name: 'Settings groups' }).getByRole('tab');
    await tabs.first().waitFor();
    await expect(tabs.allInnerTexts()).resolves.toEqual(GROUPS);
    const settings = page.getByRole('region', { name: 'Settings' });
    for (const group of GROUPS) {
      const panel = await openSettings(page, group);
      await expect(page.getByRole('tabpanel').count()).resolves.toBe(1);
      await expect(
        page.getByRole('tab', { name: group, exact: true }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      await expect(
        settings.getByRole('button', { name: 'Save', exact: true }).count(),
      ).resolves.toBe(0);
      // Each group's own parts, and not another's.
      const part = {
        Model: panel.getByRole('form', { name: 'Model settings' }),
        'Chats and data': panel.getByRole('form', { name: 'Make a backup' }),
        Permissions: panel.getByRole('switch', { name: 'Tell me when a task ends' }),
        'Desktop apps': panel.getByRole('button', { name: 'Connect a desktop app…' }),
        Advanced: panel.getByRole('group', { name: 'Server registry' }),
      }[group];
      await part.waitFor();
      await expect(page.getByLabel('Relay address').count()).resolves.toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await session.screenshot(page, `settings-${group.toLowerCase().replaceAll(' ', '-')}`);
    }
  });

  it('saves a provider once its pasted key lists the models, a model once picked, and uses a provider once chosen', async () => {
    anthropic.requiredApiKey = 'sk-ant-settings-key';
    const model = await openSettings(page, 'Model');
    const inUse = model.getByRole('status').filter({ hasText: 'New chats use' });
    await expect(inUse.innerText()).resolves.toBe(
      'New chats use scripted-model (OpenAI-compatible). A chat can switch models from its header.',
    );
    await expect(page.getByLabel('Active model').count()).resolves.toBe(0);

    await fillProvider(page, {
      provider: /^Anthropic/,
      baseUrl: anthropic.baseUrl,
      apiKey: 'sk-ant-settings-key',
      model: 'claude-scripted',
    });
    await model.getByText('2 models found. Saved.').waitFor();
    await inUse.getByText('claude-scripted').waitFor();
    await expect(storedChoice()).resolves.toEqual({
      active: 'anthropic',
      models: { compatible: 'scripted-model', anthropic: 'claude-scripted' },
    });
    await expect(
      model
        .getByRole('radio', { name: /^Anthropic/ })
        .locator('..')
        .innerText(),
    ).resolves.toBe('Anthropic (in use)');

    const picker = model.getByRole('combobox', { name: 'Model' });
    const other = (await picker.locator('option').allInnerTexts()).find(
      (id) => id !== 'claude-scripted',
    )!;
    await picker.selectOption(other);
    await model.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
    await expect.poll(async () => (await storedChoice()).models.anthropic).toBe(other);

    await model.getByRole('radio', { name: /^OpenAI-compatible/ }).check();
    await inUse.getByText('scripted-model').waitFor();
    await expect.poll(async () => (await storedChoice()).active).toBe('compatible');
    // Still in Settings: saving never moves the person to another tab.
    await expect(
      page.getByRole('tab', { name: 'Settings', exact: true }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
  });

  it('saves the registry address when the field is left, once it is one Patchbay accepts', async () => {
    const advanced = await openSettings(page, 'Advanced');
    const field = advanced.getByLabel('Registry address');
    await field.fill('registry.example.com');
    await field.press('Tab');
    await advanced.getByRole('alert').getByText('is not an address').waitFor();
    await field.fill('https://registry.example.com/');
    await field.press('Enter');
    await advanced.getByRole('status').getByText('Saved.').waitFor();
    await page.reload();
    const again = await openSettings(page, 'Advanced');
    await expect(again.getByLabel('Registry address').inputValue()).resolves.toBe(
      'https://registry.example.com',
    );
  });
});
