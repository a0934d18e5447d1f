/**
 * Driving Settings and the model form the way a person does: Settings opens on its Model group
 * and shows one group at a time; the model form lists a provider's models as soon as a key is
 * pasted (no click), and saves in Settings once they are listed (no Save button).
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Settings' groups, by the names their tabs show. */
export type SettingsGroupName =
  'Model' | 'Chats and data' | 'Permissions' | 'Desktop apps' | 'Advanced';

/** Opens Settings on `group` and waits for the group's heading; returns its panel. */
export async function openSettings(page: Page, group: SettingsGroupName): Promise<Locator> {
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: group, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: group });
  await panel.getByRole('heading', { name: group, level: 1 }).waitFor();
  return panel;
}

/**
 * Fills a hosted provider's form (first run or Settings): the provider, its endpoint override
 * (the scripted stand-in), the key, which lists the models with no click; waits until the
 * model picker holds `model`.
 */
export async function fillProvider(
  page: Page,
  options: { provider: RegExp; baseUrl: string; apiKey: string; model: string },
): Promise<void> {
  await page.getByRole('radio', { name: options.provider }).check();
  const form = page.getByRole('form', { name: 'Model settings' });
  await form.getByText('Advanced').click();
  await form.getByLabel('API base URL (for a gateway or proxy)').fill(options.baseUrl);
  await form.locator('input[aria-label="API key"]').fill(options.apiKey);
  const picker = form.getByRole('combobox', { name: 'Model' });
  await picker.waitFor();
  await expect.poll(() => picker.inputValue()).toBe(options.model);
}
