/**
 * The first run against each hosted provider's scripted stand-in (its real wire format, its
 * models list among it): the form links to the page where the provider's keys are made, starts
 * with the provider's default model, lists the models as soon as a key is pasted (no click on
 * Load models), and says so in words, with the key page again, when the key is refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startScriptedAnthropic } from '../fixtures/scripted-anthropic';
import { startScriptedGemini } from '../fixtures/scripted-gemini';
import type { ScriptedProvider } from '../fixtures/scripted-http';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import { closeAfterTest, freshExtensionPerTest } from './harness';

const session = freshExtensionPerTest();
let page: Page;

beforeEach(async () => {
  page = await session.openSidePanel();
  await page.getByRole('heading', { name: 'Welcome to Patchbay' }).waitFor();
});

/** A stand-in of each provider, and the requests it saw to its models list. */
const PROVIDERS = [
  {
    name: 'OpenAI',
    radio: /^OpenAI$/,
    keyPage: 'https://platform.openai.com/api-keys',
    link: 'Get an OpenAI API key',
    defaultModel: 'gpt-4.1-mini',
    start: async () => {
      const openai = await startScriptedOpenAI();
      return {
        baseUrl: openai.baseUrl,
        listed: () => openai.requests.filter((request) => request.api === 'models').length,
        setModels: (models: string[]) => void (openai.models = models),
        requireKey: (key: string) => void (openai.requiredApiKey = key),
        close: () => openai.close(),
      };
    },
    refused: 401,
  },
  {
    name: 'Anthropic',
    radio: /^Anthropic/,
    keyPage: 'https://console.anthropic.com/settings/keys',
    link: 'Get an Anthropic API key',
    defaultModel: 'claude-haiku-4-5',
    start: async () => wrap(await startScriptedAnthropic()),
    refused: 401,
  },
  {
    name: 'Google (Gemini API)',
    radio: /^Google \(Gemini API\)/,
    keyPage: 'https://aistudio.google.com/apikey',
    link: 'Get a Gemini API key',
    defaultModel: 'gemini-2.5-flash',
    start: async () => wrap(await startScriptedGemini()),
    refused: 400,
  },
] as const;

function wrap(provider: ScriptedProvider) {
  return {
    baseUrl: provider.baseUrl,
    listed: () =>
      provider.requests.filter(
        (request) => request.method === 'GET' && /\/models$/.test(request.path),
      ).length,
    setModels: (models: string[]) => void provider.models.splice(0, Infinity, ...models),
    requireKey: (key: string) => void (provider.requiredApiKey = key),
    close: () => provider.close(),
  };
}

/** The provider chosen, its endpoint pointed at the stand-in; returns the form. */
async function choose(provider: (typeof PROVIDERS)[number], baseUrl: string) {
  await page.getByRole('radio', { name: provider.radio }).check();
  const form = page.getByRole('form', { name: 'Model settings' });
  await form.getByText('Advanced').click();
  await form.getByLabel('API base URL (for a gateway or proxy)').fill(baseUrl);
  return form;
}

describe.each(PROVIDERS)('the first run with $name', (provider) => {
  it('links to its key page, fills in its default model, and lists the models once a key is pasted', async () => {
    const stand = closeAfterTest(await provider.start());
    stand.setModels([provider.defaultModel, 'other-model']);
    const form = await choose(provider, stand.baseUrl);

    const link = form.getByRole('link', { name: provider.link });
    await expect(link.getAttribute('href')).resolves.toBe(provider.keyPage);
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    const model = form.getByLabel('Model', { exact: true });
    await expect(model.inputValue()).resolves.toBe(provider.defaultModel);
    // Nothing is asked of the provider before there is a key.
    expect(stand.listed()).toBe(0);

    await form.locator('input[aria-label="API key"]').fill('e2e-key-that-looks-whole');
    const picker = form.getByRole('combobox', { name: 'Model' });
    await form.getByText('2 models found.').waitFor();
    expect(stand.listed()).toBe(1);
    await expect(
      picker
        .locator('option')
        .evaluateAll((options) => options.map((option) => option.textContent)),
    ).resolves.toEqual([provider.defaultModel, 'other-model'].sort());
    // The default stays picked where the provider lists it.
    await expect(picker.inputValue()).resolves.toBe(provider.defaultModel);
    if (provider.name === 'OpenAI') {
      await page.evaluate(() => window.scrollTo(0, 0));
      await session.screenshot(page, 'chat-first-run');
    }

    await picker.selectOption('other-model');
    await form.getByRole('button', { name: 'Start chatting' }).click();
    await page.getByRole('combobox', { name: 'Message' }).waitFor();
  });

  it('says a refused key was not accepted, and links to the key page again', async () => {
    session.expectConsoleError(
      new RegExp(
        `Failed to load resource: the server responded with a status of ${provider.refused}`,
      ),
    );
    const stand = closeAfterTest(await provider.start());
    stand.requireKey('the-right-key-1234');
    const form = await choose(provider, stand.baseUrl);
    await form.locator('input[aria-label="API key"]').fill('a-wrong-key-5678');
    const alert = form.getByRole('alert');
    await alert
      .getByText(
        `${provider.name} did not accept this key (HTTP ${provider.refused}). Check that you copied all of it, or make a new one:`,
      )
      .waitFor();
    await expect(
      alert.getByRole('link', { name: provider.link }).getAttribute('href'),
    ).resolves.toBe(provider.keyPage);
    if (provider.name === 'Anthropic') {
      await page.evaluate(() => window.scrollTo(0, 0));
      await session.screenshot(page, 'first-run-key-refused');
    }
    // The model field stays a name to type: there is no list.
    await expect(form.getByRole('textbox', { name: 'Model' }).inputValue()).resolves.toBe(
      provider.defaultModel,
    );

    // The right key, typed in its place, lists them with no click.
    await form.locator('input[aria-label="API key"]').fill('the-right-key-1234');
    await form.getByRole('combobox', { name: 'Model' }).waitFor();
    await expect(alert.count()).resolves.toBe(0);
  });
});
