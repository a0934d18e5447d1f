/**
 * Local models in the real extension: the first-run form looks for model servers on this
 * machine when asked, finds a stand-in Ollama that follows Ollama's default origin rule (403 for
 * `Origin: chrome-extension://…`), offers its models with what each can do, and one click makes
 * one the chat's model. A model that cannot call tools is said so before the first question, with
 * the one that can; with that one, a real MCP fixture server's tool runs through the stand-in.
 * Without Patchbay's rule for the origin, the chat names the server and OLLAMA_ORIGINS.
 *
 * The stand-in listens on a free port typed into "Other port" (Ollama's own 11434 may be busy on
 * a shared machine); the usual ports are looked at as well.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { startStandInOllama, type StandInOllama } from '../fixtures/stand-in-ollama';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addEnabledServer } from './server-setup';

const session = freshExtensionPerTest();
let ollama: StandInOllama;
let fixture: FixtureServer;
let page: Page;
let serverId: string;

beforeEach(async () => {
  // Chrome logs every closed port looked at (the usual ones where nothing runs here).
  session.expectConsoleError(/ERR_CONNECTION_REFUSED/);
  [ollama, fixture] = await Promise.all([
    startStandInOllama().then(closeAfterTest),
    startFixtureServer().then(closeAfterTest),
  ]);
  page = await session.openSidePanel();
  serverId = await addEnabledServer(session, page, { name: 'Fixture', url: fixture.mcpUrl });
  await page.reload();
});

/** Looks for local servers from the first-run form, the stand-in's port typed in. */
async function findStandIn() {
  await page.getByRole('heading', { name: 'Welcome to Patchbay' }).waitFor();
  const local = page.getByRole('region', { name: 'Models on this computer' });
  await local.getByRole('heading', { name: 'Use a model running on this computer' }).waitFor();
  // Nothing is asked of any server before the click.
  expect(ollama.requests).toEqual([]);
  await local.getByLabel('Other port (optional)').fill(String(ollama.port));
  await local.getByRole('button', { name: 'Look for local models' }).click();
  const found = local.getByRole('group', { name: 'Ollama models' }).filter({
    hasText: `127.0.0.1:${ollama.port}`,
  });
  await found.waitFor();
  return found;
}

async function ask(question: string) {
  await page.getByRole('combobox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

describe('a model server on this machine', () => {
  it('is found, picked in one click, says which model can call tools, and runs a tool', async () => {
    const found = await findStandIn();
    await expect(found.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/qwen3:8b\s*tools · 40k context\s*Use/),
      expect.stringMatching(/gemma3:4b\s*no tools · vision · 128k context\s*Use/),
    ]);
    await session.screenshot(page, 'local-models-found');

    await found.getByRole('button', { name: 'Use gemma3:4b on Ollama' }).click();
    const notice = page.getByRole('status', { name: 'Model cannot use tools' });
    await notice.getByText('gemma3:4b cannot call tools').waitFor();
    await session.screenshot(page, 'local-models-no-tools');
    await notice.getByRole('button', { name: 'Use qwen3:8b' }).click();
    await notice.waitFor({ state: 'detached' });

    ollama.script(
      {
        type: 'tool-call',
        toolName: `${serverId}__create_event`,
        input: { title: 'Standup', schedule: { start: '2026-11-23T09:00:00Z' } },
      },
      { type: 'text', text: 'Ollama put Standup on the calendar.' },
    );
    await ask('Put a standup on my calendar');
    const card = page.locator('.tool-card[data-tool-name="create_event"]');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Ollama put Standup on the calendar.').waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
    await session.screenshot(page, 'local-models-tool-call');

    const chats = ollama.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(chats).toHaveLength(2);
    expect(JSON.stringify(chats[0]?.body)).toContain(`${serverId}__create_event`);
    expect(chats[0]?.body).toMatchObject({ model: 'qwen3:8b' });
    // Patchbay's requests reached Ollama without the extension's Origin, so none was refused.
    for (const request of ollama.requests) {
      expect(request.origin).toBeUndefined();
      expect(request.status).toBe(200);
    }
  });

  it('names the server and OLLAMA_ORIGINS when it still refuses the origin (HTTP 403)', async () => {
    session.expectConsoleError(/status of 403/);
    const found = await findStandIn();
    await found.getByRole('button', { name: 'Use qwen3:8b on Ollama' }).click();
    await page.getByRole('combobox', { name: 'Message' }).waitFor();
    // As if Chrome had not applied Patchbay's rule: the panel's POST carries its Origin.
    await page.evaluate(async () => {
      const dnr = (
        globalThis as unknown as {
          chrome: {
            declarativeNetRequest: {
              getDynamicRules(): Promise<{ id: number }[]>;
              updateDynamicRules(update: { removeRuleIds: number[] }): Promise<void>;
            };
          };
        }
      ).chrome.declarativeNetRequest;
      const rules = await dnr.getDynamicRules();
      await dnr.updateDynamicRules({ removeRuleIds: rules.map((rule) => rule.id) });
    });
    await ask('Hello?');
    const error = page.getByRole('alert').filter({ hasText: 'refused' });
    await error.waitFor();
    const text = await error.innerText();
    expect(text).toContain(`The model server at 127.0.0.1:${ollama.port} refused`);
    expect(text).toContain('OLLAMA_ORIGINS=chrome-extension://*');
    expect(text).not.toContain('API key (HTTP');
    await session.screenshot(page, 'local-models-refused');
    const refused = ollama.requests.find((request) => request.path === '/v1/chat/completions');
    expect(refused?.origin).toMatch(/^chrome-extension:\/\//);
    expect(refused?.status).toBe(403);
  });

  it("stays second to Chrome's built-in model where there is one", async () => {
    await session.context.addInitScript(() => {
      (globalThis as unknown as { LanguageModel: unknown }).LanguageModel = {
        availability: async () => 'available',
      };
    });
    await page.reload();
    const onDevice = page.getByRole('radio', { name: 'On this device (Chrome)' });
    await onDevice.waitFor();
    await expect(onDevice.isChecked()).resolves.toBe(true);
    const local = page.getByRole('region', { name: 'Models on this computer' });
    await local.getByRole('heading', { name: 'Models on this computer' }).waitFor();
    // Offered below the form, and still nothing asked of any server.
    const [form, section] = await Promise.all([
      page.getByRole('form', { name: 'Model settings' }).boundingBox(),
      local.boundingBox(),
    ]);
    expect(section!.y).toBeGreaterThan(form!.y);
    expect(ollama.requests).toEqual([]);
  });
});
