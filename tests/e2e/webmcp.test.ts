/**
 * Websites' tools offered through the WebMCP API (`document.modelContext`), in Chromium: a
 * fixture site registers tools with MCP-B's polyfill, Patchbay's bridge in the page's world
 * hears them, and the chat runs one in the page after the person approves. Then the same page
 * on Chromium's own WebMCP (behind its feature switch), where the polyfill stands aside.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureSites, type FixtureSites } from '../fixtures/page-tools/site-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, freshExtensionPerTest, requestFrom } from './harness';

let sites: FixtureSites;
let model: ScriptedOpenAI;

/** The fixture sites are stateless: one server for the file. */
beforeAll(async () => {
  sites = await startFixtureSites();
});
afterAll(async () => {
  await sites?.close();
});

/**
 * For each test of the block: a browser with Patchbay (and Chromium switches `args`), its own
 * model, the side panel open, recipes.localhost always allowed.
 */
function browserWith(args: string[] = []) {
  const session = freshExtensionPerTest({ args });
  const state = { session } as { session: typeof session; panel: Page };
  const request = <T>(type: string, payload?: unknown) =>
    requestFrom<T>(session, state.panel, type, payload);
  const toolNames = async () =>
    (await request<{ tools: { name: string; serverId: string }[] }>('mcp/tools/list')).tools
      .filter((tool) => tool.serverId === 'page-tools')
      .map((tool) => tool.name)
      .sort();
  const openRecipes = async () => {
    const tab = await session.context.newPage();
    await tab.goto(sites.url('recipes.localhost'));
    await tab.locator('body[data-ready="true"]').waitFor();
    return tab;
  };
  beforeEach(async () => {
    model = closeAfterTest(await startScriptedOpenAI());
    state.panel = await session.openSidePanel();
    await chooseScriptedModel(state.panel, model.baseUrl);
    await state.panel.reload();
    await request('page-tools/allow', { domain: 'recipes.localhost', always: true });
  });
  return { state, request, toolNames, openRecipes };
}

describe('a site’s WebMCP tools, polyfilled', () => {
  const { state, toolNames, openRecipes } = browserWith();

  it('are in the chat, and one runs in the page after the person approves', async () => {
    const page = await openRecipes();
    expect(await page.locator('body').getAttribute('data-native')).toBe('false');
    await expect
      .poll(toolNames)
      .toEqual([
        'website_tool_recipes_localhost_tab1_find_recipe',
        'website_tool_recipes_localhost_tab1_plan_meal',
      ]);
    model.script(
      {
        type: 'tool-call',
        toolName: 'website_tool_recipes_localhost_tab1_plan_meal',
        input: { dish: 'lentil soup' },
      },
      { type: 'text', text: 'Lentil soup is on your plan.' },
    );
    const { panel } = state;
    await panel.getByRole('combobox', { name: 'Message' }).fill('Plan lentil soup for this week');
    await panel.getByRole('button', { name: 'Send' }).click();
    const card = panel.locator('.tool-card[data-tool-name="plan_meal"]').last();
    await expect(card.locator('.tool-card-server').textContent()).resolves.toBe(
      'recipes.localhost · tab 1',
    );
    await card.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('Lentil soup is on your plan.').waitFor();
    // It ran in the page: the page shows it, and the model got the page's answer.
    await expect(page.locator('#plan').textContent()).resolves.toBe('lentil soup');
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('Planned: lentil soup');
    await state.session.screenshot(panel, 'webmcp-answer');
  });

  it('follows the page’s tools as they change, and drops them when the tab closes', async () => {
    const page = await openRecipes();
    await expect.poll(toolNames).toContain('website_tool_recipes_localhost_tab1_find_recipe');
    await page.getByRole('button', { name: 'Add shopping list' }).click();
    await expect.poll(toolNames).toContain('website_tool_recipes_localhost_tab1_shopping_list');
    await page.close();
    await expect.poll(toolNames).toEqual([]);
  });
});

describe('a site’s WebMCP tools, on Chromium’s own WebMCP', () => {
  const { request, toolNames, openRecipes } = browserWith(['--enable-features=WebMCP']);

  it('are found and run the same way', async () => {
    const page = await openRecipes();
    expect(await page.locator('body').getAttribute('data-native')).toBe('true');
    await expect
      .poll(toolNames)
      .toEqual([
        'website_tool_recipes_localhost_tab1_find_recipe',
        'website_tool_recipes_localhost_tab1_plan_meal',
      ]);
    await expect(
      request('mcp/page-tools/tool/call', {
        name: 'website_tool_recipes_localhost_tab1_find_recipe',
        arguments: { dish: 'ratatouille' },
      }),
    ).resolves.toMatchObject({
      content: [{ type: 'text', text: 'Recipe for ratatouille: simmer for 20 minutes.' }],
    });
  });
});
