/**
 * Finding a server in an MCP Registry and using it, end to end: a fixture registry (the
 * published API) lists a server that needs a secret header; Settings names the registry;
 * Servers › Browse finds the server, the install form asks for the header (a password field),
 * the server is added and switched on, and its tool answers in the chat. A package-only entry
 * says it runs on the person's computer instead of offering a broken install.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import {
  defaultRows,
  startFixtureRegistry,
  type FixtureRegistry,
} from '../fixtures/registry-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';
import { serverCard } from './server-setup';
import { openSettings } from './settings-setup';

const session = freshExtensionPerTest();
let server: FixtureServer;
let registry: FixtureRegistry;
let model: ScriptedOpenAI;
let page: Page;

beforeEach(async () => {
  server = closeAfterTest(
    await startFixtureServer({ requiredHeaders: { 'X-Weather-Key': 'k-123' } }),
  );
  const rows = defaultRows();
  // The weather entry's remote is the fixture server: its path is a variable, its key a header.
  const weather = rows.find((row) => row.server.name === 'com.example/weather' && row.isLatest)!;
  weather.server.remotes = [
    {
      type: 'streamable-http',
      url: `${server.url}/{endpoint}`,
      variables: { endpoint: { isRequired: true, choices: ['mcp'], default: 'mcp' } },
      headers: [
        {
          name: 'X-Weather-Key',
          description: 'Your API key, from weather.example.com/keys',
          isRequired: true,
          isSecret: true,
        },
      ],
    },
  ];
  registry = closeAfterTest(await startFixtureRegistry({ rows }));
  model = closeAfterTest(await startScriptedOpenAI());
  page = await session.openSidePanel();
  await chooseScriptedModel(page, model.baseUrl);
  await page.reload();
});

describe('the MCP Registry in Servers › Browse', () => {
  it('finds a server, asks for its secret header, adds it, and its tool answers in the chat', async () => {
    const setting = (await openSettings(page, 'Advanced')).getByRole('group', {
      name: 'Server registry',
    });
    await setting.getByLabel('Registry address').fill(registry.url);
    await setting.getByLabel('Registry address').press('Enter');
    await setting.getByRole('status').getByText('Saved.').waitFor();

    await page.getByRole('tab', { name: 'Servers' }).click();
    // Nothing asks the registry before Browse opens.
    expect(registry.requests).toEqual([]);
    await page.getByRole('button', { name: 'Browse' }).click();
    const browse = page.getByRole('region', { name: 'Browse the registry' });
    await browse.getByRole('searchbox').fill('weather');
    const entry = browse.locator('li[data-registry-name="com.example/weather"]');
    await entry.getByText('Forecasts and alerts for any city.').waitFor();
    await expect(entry.textContent()).resolves.toContain('by example.com');
    await session.screenshot(page, 'servers-browse');

    await entry.getByRole('button', { name: 'Add Weather…' }).click();
    const form = entry.getByRole('form', { name: 'Add Weather' });
    const key = form.getByLabel('X-Weather-Key (required)');
    await expect(key.getAttribute('type')).resolves.toBe('password');
    await form.getByText('Your API key, from weather.example.com/keys').waitFor();
    // Without the key it says which field wants it.
    await form.getByRole('button', { name: 'Add server' }).click();
    await form.getByText('Enter X-Weather-Key.').waitFor();
    await key.fill('k-123');
    await session.screenshot(page, 'servers-browse-install');
    await form.getByRole('button', { name: 'Add server' }).click();

    const card = serverCard(page, 'Weather');
    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    const { servers } = await requestFrom<{ servers: { id: string; name: string; url: string }[] }>(
      session,
      page,
      'mcp/servers/get',
    );
    const added = servers.find((each) => each.name === 'Weather')!;
    expect(added.url).toBe(`${server.url}/mcp`);
    // The key went with the requests, and is not shown anywhere in the panel.
    expect(server.requests.some((request) => request.headers['x-weather-key'] === 'k-123')).toBe(
      true,
    );
    await expect(page.getByText('k-123').count()).resolves.toBe(0);

    await page.reload();
    model.script(
      { type: 'tool-call', toolName: `${added.id}__echo`, input: { text: 'sunny in Oslo' } },
      { type: 'text', text: 'The weather server says: sunny in Oslo.' },
    );
    await page.getByRole('combobox', { name: 'Message' }).fill('Ask the weather server to echo');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.tool-card[data-tool-name="echo"]')
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText('The weather server says: sunny in Oslo.').waitFor();
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('sunny in Oslo');
  });

  it('shows a package-only server as one that runs on the computer, and pages through results', async () => {
    await page.evaluate(
      (url) =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { set(items: object): Promise<void> } } };
          }
        ).chrome.storage.local.set({ registryUrl: url }),
      registry.url,
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Servers' }).click();
    await page.getByRole('button', { name: 'Browse' }).click();
    const browse = page.getByRole('region', { name: 'Browse the registry' });
    await browse.getByRole('searchbox').fill('notes');
    const notes = browse.locator('li[data-registry-name="io.github.ada/notes"]');
    await notes.getByText(/Runs on your computer \(npx @ada\/notes-mcp\)/).waitFor();
    await expect(notes.getByRole('button').count()).resolves.toBe(0);

    await browse.getByRole('searchbox').fill('fixture');
    await expect.poll(() => browse.locator('li.registry-entry').count()).toBe(30);
    await browse.getByRole('button', { name: 'More servers' }).click();
    await expect.poll(() => browse.locator('li.registry-entry').count()).toBe(35);
    await expect(browse.getByRole('button', { name: 'More servers' }).count()).resolves.toBe(0);
  });
});
