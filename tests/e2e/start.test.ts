/**
 * `npm start`'s setup (scripts/start/start-patchbay.ts), run headless on the production build:
 * the fixture server is there and on, and the demo model, or one named by the environment,
 * is the chat's model; a demo turn asks, waits for approval and answers with the tool's result.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_MODEL } from '../../scripts/start/demo-model';
import {
  FIXTURE_SERVER_NAME,
  startPatchbay,
  type StartedPatchbay,
} from '../../scripts/start/start-patchbay';
import { startScriptedOpenAI } from '../fixtures/scripted-openai';
import { closeAfterTest } from './harness';
import { openSettings } from './settings-setup';

let started: StartedPatchbay | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

interface Servers {
  ok: true;
  result: {
    servers: { name: string; url: string; isEnabled: boolean; status: { state: string } }[];
  };
}

async function servers(patchbay: StartedPatchbay) {
  const response = (await patchbay.page.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
      }
    ).chrome.runtime.sendMessage({ type: 'mcp/servers/get' }),
  )) as Servers;
  return response.result.servers.filter((server) => server.name === FIXTURE_SERVER_NAME);
}

describe('npm start', () => {
  it('with --demo: the fixture server is on, the panel names the demo model, and a demo turn asks, is approved and answers', async () => {
    started = await startPatchbay({ demo: true, env: {}, headless: true, port: 0 });
    const { page } = started;
    expect(await servers(started)).toEqual([
      expect.objectContaining({
        url: started.fixture.mcpUrl,
        isEnabled: true,
        status: expect.objectContaining({ state: 'connected' }),
      }),
    ]);
    expect(started.modelLabel).toBe(DEMO_MODEL);

    const card = page.locator('.tool-card[data-tool-name="echo"]');
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByText('The echo tool answered: “What does the fixture server’s echo tool say back?”')
      .waitFor();
    await expect(card.getAttribute('data-tool-state')).resolves.toBe('done');
    await page.getByText('demo model', { exact: true }).first().waitFor();

    const model = await openSettings(page, 'Model');
    await model
      .getByRole('status')
      .filter({ hasText: 'New chats use' })
      .getByText(DEMO_MODEL)
      .waitFor();
  });

  it('with PATCHBAY_BASE_URL: the chat uses that endpoint and the first model it lists', async () => {
    const endpoint = closeAfterTest(await startScriptedOpenAI({ models: ['local-llama'] }));
    started = await startPatchbay({
      demo: false,
      env: { PATCHBAY_BASE_URL: endpoint.baseUrl },
      headless: true,
      port: 0,
    });
    expect(started.modelLabel).toBe('OpenAI-compatible local-llama');
    expect(await servers(started)).toHaveLength(1);

    endpoint.script({ type: 'text', text: 'Hello from the local model.' });
    await started.page.getByRole('combobox', { name: 'Message' }).fill('Hello?');
    await started.page.getByRole('button', { name: 'Send' }).click();
    await started.page.getByText('Hello from the local model.').waitFor();
    const chat = endpoint.requests.filter((request) => request.api === 'chat');
    expect(chat).toHaveLength(1);
    expect((chat[0]!.body as { model: string }).model).toBe('local-llama');
  });
});
