/**
 * Thousands of tools, end to end: twelve real MCP servers of 100 tools each switched on in the
 * extension, the scripted OpenAI-format model. The composer stays open; the model searches the
 * tools, the one it needs is loaded and called (after the person approves it), and no request
 * to the model carries more than 200 tool definitions.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDomainServers, type DomainServer } from '../fixtures/domain-tools-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addEnabledServer } from './server-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let servers: DomainServer[];
let page: Page;
const ids = new Map<string, string>();

beforeEach(async () => {
  [model, servers] = await Promise.all([
    startScriptedOpenAI().then(closeAfterTest),
    startDomainServers(12, 100),
  ]);
  for (const server of servers) closeAfterTest(server);
  page = await session.openSidePanel();
  await chooseScriptedModel(page, model.baseUrl);
  for (const { name, mcpUrl } of servers)
    ids.set(name, await addEnabledServer(session, page, { name, url: mcpUrl }));
  await page.reload();
});

describe('a chat with 1,200 tools switched on', () => {
  it('searches them, loads and calls the one it needs, and never sends 200 definitions', async () => {
    const forecast = `${ids.get('Weather')}__get_forecast`;
    model.script(
      { type: 'tool-call', toolName: 'search_tools', input: { query: 'weather forecast' } },
      {
        // A model that calls what the search gave it, by the name it read in the result.
        type: 'decide',
        decide: (request) => {
          const found = JSON.stringify(request.body).match(/[\w-]+__get_forecast/)?.[0];
          return found
            ? { type: 'tool-call', toolName: found, input: { id: 'Oslo' } }
            : { type: 'text', text: 'The search found no forecast.' };
        },
      },
      { type: 'text', text: 'Tomorrow in **Oslo**: sunny, 21 °C.' },
    );
    const composer = page.getByRole('combobox', { name: 'Message' });
    await composer.and(page.locator(':enabled')).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    // The header says why the model will search.
    await page.getByRole('button', { name: /^Tools: 1200 tools · 12 servers/ }).click();
    await page.getByText('1,200 tools are switched on, more than the 128 a request can').waitFor();
    await session.screenshot(page, 'chat-tool-search-header');
    await page.keyboard.press('Escape');
    await composer.fill('What is the weather forecast for Oslo tomorrow?');
    await page.getByRole('button', { name: 'Send' }).click();

    const search = page.locator('.tool-search-card[data-tool-state="done"]');
    await search.waitFor();
    const found = search.getByRole('list', { name: 'Tools found' });
    await found.getByText('get_forecast').waitFor();
    await expect(found.getByRole('listitem').count()).resolves.toBe(5);
    const card = page.locator('.tool-card[data-tool-name="get_forecast"]');
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    await expect(card.textContent()).resolves.toContain('Weather');
    await session.screenshot(page, 'chat-tool-search');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('sunny, 21 °C.').waitFor();

    const weather = servers.find((server) => server.name === 'Weather')!;
    expect(weather.calls).toEqual([{ name: 'get_forecast', arguments: { id: 'Oslo' } }]);
    expect(servers.flatMap((server) => server.calls)).toHaveLength(1);
    const offered = model.requests
      .filter((request) => request.api === 'chat')
      .map((request) => request.toolNames);
    // Asked: search. Then: the search found the forecast, the model called it, the card asked.
    // After the approval: the forecast ran, and the model answered with it still loaded.
    expect(offered).toHaveLength(3);
    expect(offered[0]).toEqual(['search_tools']);
    expect(offered[1]).toContain(forecast);
    expect(offered[2]).toContain(forecast);
    for (const names of offered) expect(names.length).toBeLessThanOrEqual(200);
  });
});
