/**
 * Anthropic and Gemini in the real extension: set up in Settings with the key and an endpoint
 * override pointing at the scripted provider server, models loaded from it, a question whose
 * answer needs a real MCP fixture server's tool, approved. Each key is sent only in its own
 * provider's header, and never to the other provider.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { anthropicError, startScriptedAnthropic } from '../fixtures/scripted-anthropic';
import { startScriptedGemini } from '../fixtures/scripted-gemini';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import type { ProviderRequest, ScriptedProvider } from '../fixtures/scripted-http';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { chooseScriptedModel } from './chat-setup';
import { addEnabledServer } from './server-setup';
import { fillProvider, openSettings } from './settings-setup';

const session = freshExtensionPerTest();
let anthropic: ScriptedProvider;
let gemini: ScriptedProvider;
let fixture: FixtureServer;
let page: Page;
let serverId: string;

const ANTHROPIC_KEY = 'sk-ant-e2e-key';
const GEMINI_KEY = 'AIza-e2e-key';

beforeEach(async () => {
  [anthropic, gemini, fixture] = await Promise.all([
    startScriptedAnthropic().then(closeAfterTest),
    startScriptedGemini().then(closeAfterTest),
    startFixtureServer().then(closeAfterTest),
  ]);
  anthropic.requiredApiKey = ANTHROPIC_KEY;
  gemini.requiredApiKey = GEMINI_KEY;
  page = await session.openSidePanel();
  serverId = await addEnabledServer(session, page, { name: 'Fixture', url: fixture.mcpUrl });
});

/**
 * Sets a provider up as a person does: its key pasted lists its models (no click). The first
 * run then starts chatting; Settings has saved it by itself once they were listed.
 */
async function setUp(
  label: RegExp,
  options: { baseUrl: string; apiKey: string; models: string; in: 'first run' | 'Settings' },
) {
  await fillProvider(page, {
    provider: label,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    model: options.models,
  });
  const form = page.getByRole('form', { name: 'Model settings' });
  if (options.in === 'Settings') await form.getByText('2 models found. Saved.').waitFor();
  else await form.getByRole('button', { name: 'Start chatting' }).click();
}

async function askAndApprove(question: string, answer: string) {
  await page.getByRole('combobox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const card = page.locator('.tool-card[data-tool-name="create_event"]');
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(answer).waitFor();
  await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
}

const scriptEvent = (provider: ScriptedProvider, answer: string, thoughtSignature?: string) =>
  provider.script(
    {
      type: 'tool-call',
      toolName: `${serverId}__create_event`,
      input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
      ...(thoughtSignature ? { thoughtSignature } : {}),
    },
    { type: 'text', text: answer },
  );

/** Every request carried exactly this key, in this header, and no other provider's header. */
function expectOnlyKey(requests: ProviderRequest[], header: string, key: string) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(request.headers[header]).toBe(key);
    for (const other of ['authorization', 'x-api-key', 'x-goog-api-key']) {
      if (other !== header) expect(request.headers).not.toHaveProperty(other);
    }
    expect(JSON.stringify(request)).not.toContain(
      header === 'x-api-key' ? GEMINI_KEY : ANTHROPIC_KEY,
    );
  }
}

describe('chat with Anthropic', () => {
  it('is set up in Settings, lists its models, runs an approved tool and answers', async () => {
    await page.getByRole('heading', { name: 'Welcome to Patchbay' }).waitFor();
    // Without Chrome's built-in model (this test browser has none), it is not offered.
    await expect(
      page.getByRole('radio', { name: 'On this device (Chrome)' }).count(),
    ).resolves.toBe(0);
    await setUp(/^Anthropic/, {
      baseUrl: anthropic.baseUrl,
      apiKey: ANTHROPIC_KEY,
      models: 'claude-scripted',
      in: 'first run',
    });
    scriptEvent(anthropic, 'Claude put Standup on the calendar.');
    await askAndApprove('Put a standup on my calendar', 'Claude put Standup on the calendar.');
    await session.screenshot(page, 'chat-anthropic');

    const messages = anthropic.requests.filter((request) => request.path === '/v1/messages');
    expect(messages).toHaveLength(2);
    expect(JSON.stringify(messages[0]?.body)).toContain(`${serverId}__create_event`);
    expect(JSON.stringify(messages[1]?.body)).toContain('with 0 attendee(s)');
    // The browser's Origin went with the opt-in header Anthropic asks for.
    for (const request of anthropic.requests) {
      expect(request.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    }
    expectOnlyKey(anthropic.requests, 'x-api-key', ANTHROPIC_KEY);
  });

  it('explains a rejected key inline, with a retry', async () => {
    session.expectConsoleError(
      /Failed to load resource: the server responded with a status of 401/,
    );
    await setUp(/^Anthropic/, {
      baseUrl: anthropic.baseUrl,
      apiKey: ANTHROPIC_KEY,
      models: 'claude-scripted',
      in: 'first run',
    });
    anthropic.script({
      type: 'error',
      status: 401,
      body: anthropicError('authentication_error', 'invalid x-api-key'),
    });
    await page.getByRole('combobox', { name: 'Message' }).fill('Hello?');
    await page.getByRole('button', { name: 'Send' }).click();
    const error = page.locator('.chat-error');
    await error
      .getByText('The provider rejected the API key (HTTP 401). Check it in Settings.')
      .waitFor();
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('(no scripted turn left)').waitFor();
  });
});

describe('chat with Gemini', () => {
  it('is set up in Settings, runs an approved tool, and sends the thought signature back', async () => {
    await setUp(/^Google \(Gemini API\)/, {
      baseUrl: gemini.baseUrl,
      apiKey: GEMINI_KEY,
      models: 'gemini-scripted',
      in: 'first run',
    });
    scriptEvent(gemini, 'Gemini put Standup on the calendar.', 'sig-e2e');
    await askAndApprove('Put a standup on my calendar', 'Gemini put Standup on the calendar.');
    await session.screenshot(page, 'chat-gemini');

    const generations = gemini.requests.filter((request) => request.method === 'POST');
    expect(generations).toHaveLength(2);
    expect(generations[0]?.path).toBe('/v1beta/models/gemini-scripted:streamGenerateContent');
    const replayed = JSON.stringify(generations[1]?.body);
    expect(replayed).toContain('"thoughtSignature":"sig-e2e"');
    expect(replayed).toContain('"functionResponse"');
    expectOnlyKey(gemini.requests, 'x-goog-api-key', GEMINI_KEY);
  });
});

describe('several providers set up', () => {
  it('switches between them without sending one provider’s key to the other', async () => {
    await setUp(/^Anthropic/, {
      baseUrl: anthropic.baseUrl,
      apiKey: ANTHROPIC_KEY,
      models: 'claude-scripted',
      in: 'first run',
    });
    // The first run hands over to the chat once saved: Settings only after it has.
    await page.getByRole('combobox', { name: 'Message' }).waitFor();
    await openSettings(page, 'Model');
    await page.getByRole('radio', { name: /^Google \(Gemini API\)/ }).check();
    // Another provider's form starts without a key: Anthropic's is not offered to Google.
    await expect(page.locator('input[aria-label="API key"]').inputValue()).resolves.toBe('');
    await setUp(/^Google \(Gemini API\)/, {
      baseUrl: gemini.baseUrl,
      apiKey: GEMINI_KEY,
      models: 'gemini-scripted',
      in: 'Settings',
    });
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    gemini.script({ type: 'text', text: 'Gemini here.' });
    await page.getByRole('combobox', { name: 'Message' }).fill('Who is this?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Gemini here.').waitFor();

    const model = await openSettings(page, 'Model');
    // One picker: the provider chosen is the one in use; the others set up say so.
    const radio = (name: RegExp) => model.getByRole('radio', { name });
    await expect(
      radio(/^Anthropic/)
        .locator('..')
        .innerText(),
    ).resolves.toBe('Anthropic (set up)');
    await expect(
      radio(/^Google \(Gemini API\)/)
        .locator('..')
        .innerText(),
    ).resolves.toBe('Google (Gemini API) (in use)');
    await expect(model.getByLabel('Active model').count()).resolves.toBe(0);
    await session.screenshot(page, 'settings-providers');
    await radio(/^Anthropic/).check();
    await model.getByRole('status').getByText('claude-scripted').waitFor();
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    anthropic.script({ type: 'text', text: 'Claude here.' });
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await page.getByRole('combobox', { name: 'Message' }).fill('And now?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Claude here.').waitFor();
    await session.screenshot(page, 'chat-providers-switched');

    expectOnlyKey(anthropic.requests, 'x-api-key', ANTHROPIC_KEY);
    expectOnlyKey(gemini.requests, 'x-goog-api-key', GEMINI_KEY);
    expect(anthropic.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(gemini.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('settings saved by an earlier version', () => {
  it('move into the new layout and keep working', async () => {
    const openai = closeAfterTest(await startScriptedOpenAI());
    const old = {
      provider: 'openai',
      apiKey: 'sk-old',
      model: 'scripted-model',
      baseUrl: openai.baseUrl,
    };
    await page.evaluate(
      ({ value }) =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { set(items: unknown): Promise<void> } } };
          }
        ).chrome.storage.local.set({ 'chat.model': value }),
      { value: old },
    );
    await page.reload();
    openai.script({ type: 'text', text: 'Still here after the update.' });
    await page.getByRole('combobox', { name: 'Message' }).fill('Hello?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Still here after the update.').waitFor();
    expect(openai.requests.at(-1)?.headers.authorization).toBe('Bearer sk-old');
    const stored = await page.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { get(keys: string[]): Promise<unknown> } } };
        }
      ).chrome.storage.local.get(['chat.model', 'chat.models']),
    );
    expect(stored).toEqual({ 'chat.models': { active: 'openai', providers: { openai: old } } });
  });
});

describe('On this device (Chrome)', () => {
  it("is offered where Chrome's built-in model is, and answers without any server", async () => {
    // A stand-in for Chrome's Prompt API, installed before the panel's own code runs.
    await session.context.addInitScript(() => {
      const pieces = ['Answered ', 'on ', 'this ', 'device.'];
      (globalThis as unknown as { LanguageModel: unknown }).LanguageModel = {
        availability: async () => 'available',
        create: async () => ({
          prompt: async () => pieces.join(''),
          promptStreaming: () =>
            new ReadableStream<string>({
              start(controller) {
                for (const piece of pieces) controller.enqueue(piece);
                controller.close();
              },
            }),
          destroy: () => undefined,
        }),
      };
    });
    await page.reload();
    await page.getByRole('radio', { name: 'On this device (Chrome)' }).check();
    await page
      .getByRole('form', { name: 'Model settings' })
      .getByRole('button', { name: 'Start chatting' })
      .click();
    await page.getByRole('combobox', { name: 'Message' }).fill('Where do you run?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Answered on this device.').waitFor();
    await session.screenshot(page, 'chat-on-device');
    expect([...anthropic.requests, ...gemini.requests]).toEqual([]);
  });

  it('is asked about only once a settings form is on screen, not by every panel that opens', async () => {
    await session.context.addInitScript(() => {
      const counted = globalThis as unknown as { LanguageModel: unknown; asked: number };
      counted.asked = 0;
      counted.LanguageModel = {
        availability: async () => {
          counted.asked += 1;
          return 'available';
        },
      };
    });
    await chooseScriptedModel(page, (await startScriptedOpenAI().then(closeAfterTest)).baseUrl);
    await page.reload();
    await page.getByRole('combobox', { name: 'Message' }).waitFor();
    const asked = () => page.evaluate(() => (globalThis as unknown as { asked: number }).asked);
    await expect(asked()).resolves.toBe(0);

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'On this device (Chrome)' }).waitFor();
    await expect(asked()).resolves.toBe(1);
  });
});
