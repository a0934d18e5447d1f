/**
 * Websites' own tools in Chromium: fixture sites on `*.localhost` run MCP servers in their pages
 * (MCP-B's tab transport); Patchbay's content script finds them, the person allows the site,
 * and the chat calls a tool that runs in the page. Tabs get their own tools, a closed tab's
 * tools go (cached ones stay), and a page adding a tool updates the chat's tools.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureSites, type FixtureSites } from '../fixtures/page-tools/site-server';
import { startScriptedOpenAI, type ScriptedOpenAI } from '../fixtures/scripted-openai';
import { chooseScriptedModel } from './chat-setup';
import { closeAfterTest, requestFrom, freshExtensionPerTest } from './harness';
import { openSettings } from './settings-setup';

const session = freshExtensionPerTest();
let model: ScriptedOpenAI;
let sites: FixtureSites;
let panel: Page;

const request = <T>(type: string, payload?: unknown) =>
  requestFrom<T>(session, panel, type, payload);

interface Listed {
  name: string;
  serverId: string;
  description: string;
  page?: { site: string; tabIndex?: number };
}
const pageTools = async () =>
  (await request<{ tools: Listed[] }>('mcp/tools/list')).tools.filter(
    (tool) => tool.serverId === 'page-tools',
  );
const toolNames = async () => (await pageTools()).map((tool) => tool.name).sort();

/** The person always allows the shop (as the offer's button does). */
const allowShop = () => request('page-tools/allow', { domain: 'shop.localhost', always: true });

/** Opens a site's page in a tab of its own and waits for its MCP server to start. */
async function openSite(host: string, query = '') {
  const tab = await session.context.newPage();
  await tab.goto(sites.url(host, `/${query}`));
  await tab.locator('body[data-ready="true"]').waitFor();
  return tab;
}

/** The fixture sites are stateless: one server for the file. */
beforeAll(async () => {
  sites = await startFixtureSites();
});

afterAll(async () => {
  await sites?.close();
});

/** Every test: its own model, chosen in a fresh panel; no site allowed yet. */
beforeEach(async () => {
  model = closeAfterTest(await startScriptedOpenAI());
  panel = await session.openSidePanel();
  await chooseScriptedModel(panel, model.baseUrl);
  await panel.reload();
});

describe('websites’ own tools', () => {
  it('offers nothing from a site until the person allows it, then its tools are in the chat', async () => {
    await openSite('shop.localhost', '?tab=A');
    const offer = panel.getByRole('group', { name: 'shop.localhost offers tools' });
    await offer.getByText('shop.localhost offers 2 tools').waitFor();
    expect(await toolNames()).toEqual([]);
    await session.screenshot(panel, 'page-tools-offer');
    await offer.getByRole('button', { name: 'Always allow' }).click();
    await expect
      .poll(toolNames)
      .toEqual([
        'website_tool_shop_localhost_tab1_get_cart',
        'website_tool_shop_localhost_tab1_list_orders',
      ]);
    await offer.waitFor({ state: 'detached' });
    await expect(request<{ sites: string[] }>('page-tools/sites')).resolves.toEqual({
      sites: ['shop.localhost'],
    });

    model.script(
      { type: 'tool-call', toolName: 'website_tool_shop_localhost_tab1_get_cart', input: {} },
      { type: 'text', text: 'You have apples and a pear.' },
    );
    await panel.getByRole('combobox', { name: 'Message' }).fill('What is in my cart?');
    await panel.getByRole('button', { name: 'Send' }).click();
    const card = panel.locator('.tool-card[data-tool-name="get_cart"]').last();
    await expect(card.locator('.tool-card-server').textContent()).resolves.toBe(
      'shop.localhost · tab 1',
    );
    await card.getByRole('button', { name: 'Approve' }).click();
    await panel.getByText('You have apples and a pear.').waitFor();
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain(
      'Cart of tab A: 2 apples, 1 pear',
    );
    await session.screenshot(panel, 'page-tools-answer');
  });

  it('gives each tab its own tools, and a closed tab’s go while cached ones stay', async () => {
    await allowShop();
    const first = await openSite('shop.localhost', '?tab=A');
    const second = await openSite('shop.localhost', '?tab=B');
    await expect
      .poll(toolNames)
      .toEqual([
        'website_tool_shop_localhost_tab1_get_cart',
        'website_tool_shop_localhost_tab1_list_orders',
        'website_tool_shop_localhost_tab2_get_cart',
        'website_tool_shop_localhost_tab2_list_orders',
      ]);
    await second.close();
    await expect
      .poll(toolNames)
      .toEqual([
        'website_tool_shop_localhost_tab1_get_cart',
        'website_tool_shop_localhost_tab1_list_orders',
      ]);
    await first.close();
    // list_orders is marked cache: true; it stays, and runs by opening the shop again.
    await expect.poll(toolNames).toEqual(['website_tool_shop_localhost__list_orders']);
  });

  it('marks the tab the person is looking at, and runs a tool in the tab it belongs to', async () => {
    await allowShop();
    const first = await openSite('shop.localhost', '?tab=A');
    const second = await openSite('shop.localhost', '?tab=B');
    const described = async (name: string) =>
      (await pageTools()).find((tool) => tool.name === name)?.description ?? '';
    await second.bringToFront();
    await expect
      .poll(() => described('website_tool_shop_localhost_tab2_get_cart'))
      .toContain('• the active tab');
    await expect(described('website_tool_shop_localhost_tab1_get_cart')).resolves.not.toContain(
      'the active tab',
    );
    const call = (name: string) =>
      request<{ content: { text: string }[] }>('mcp/page-tools/tool/call', { name, arguments: {} });
    await expect(call('website_tool_shop_localhost_tab2_get_cart')).resolves.toMatchObject({
      content: [{ text: 'Cart of tab B: 2 apples, 1 pear' }],
    });
    await expect(call('website_tool_shop_localhost_tab1_get_cart')).resolves.toMatchObject({
      content: [{ text: 'Cart of tab A: 2 apples, 1 pear' }],
    });
    await first.bringToFront();
    await expect
      .poll(() => described('website_tool_shop_localhost_tab1_get_cart'))
      .toContain('• the active tab');
  });

  it('opens the site again to run a tool it keeps after its tabs closed', async () => {
    await allowShop();
    const shop = await openSite('shop.localhost', '?tab=K');
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_list_orders');
    await shop.close();
    await expect.poll(toolNames).toEqual(['website_tool_shop_localhost__list_orders']);
    const result = await request<{ content: { text: string }[] }>('mcp/page-tools/tool/call', {
      name: 'website_tool_shop_localhost__list_orders',
      arguments: {},
    });
    // The page opened at the address the tool came from (without its query), and ran it there.
    expect(result.content[0]?.text).toBe('Orders seen from tab main: #1001, #1002');
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_list_orders');
    // The tab Patchbay opened (not one of Playwright's pages): closed through the tabs API.
    await panel.evaluate(
      async (origin) => {
        const { tabs } = (
          globalThis as unknown as {
            chrome: {
              tabs: {
                query(filter: object): Promise<{ id: number; url?: string; pendingUrl?: string }[]>;
                remove(ids: number[]): Promise<void>;
              };
            };
          }
        ).chrome;
        const opened = (await tabs.query({})).filter((tab) =>
          (tab.url ?? tab.pendingUrl ?? '').startsWith(origin),
        );
        await tabs.remove(opened.map((tab) => tab.id));
      },
      sites.url('shop.localhost', ''),
    );
    await expect.poll(toolNames).toEqual(['website_tool_shop_localhost__list_orders']);
  });

  it('keeps a page’s tools when the worker stops and starts again', async () => {
    await allowShop();
    await openSite('shop.localhost', '?tab=W');
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_get_cart');
    await session.stopWorker(panel);
    // The proxy reconnects and registers again; the waking worker hears it before its hub has
    // read its storage.
    await expect
      .poll(toolNames, { timeout: 10_000 })
      .toContain('website_tool_shop_localhost_tab1_get_cart');
  });

  it('lists the site’s tools under This browser, each with a switch the chat obeys', async () => {
    await allowShop();
    await openSite('shop.localhost', '?tab=V');
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_get_cart');
    await panel.getByRole('tab', { name: 'Servers' }).click();
    const section = panel.getByRole('region', { name: 'This browser' });
    const tools = section.getByRole('list', { name: 'Tools of shop.localhost' });
    await tools.locator('[data-tool="get_cart"]').getByText('tab 1').waitFor();
    await session.screenshot(panel, 'page-tools-servers');
    await section.getByRole('switch', { name: 'Use get_cart of shop.localhost' }).click();
    await expect.poll(toolNames).not.toContain('website_tool_shop_localhost_tab1_get_cart');
    expect(await toolNames()).toContain('website_tool_shop_localhost_tab1_list_orders');
    await section.getByRole('switch', { name: 'Use get_cart of shop.localhost' }).click();
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_get_cart');
  });

  it('hears when a page adds a tool', async () => {
    await allowShop();
    const shop = await openSite('shop.localhost', '?tab=C');
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_get_cart');
    await shop.getByRole('button', { name: 'Add order tracking' }).click();
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_track_order');
  });

  it('lists always-allowed sites in Settings, and removing one takes its tools away', async () => {
    await allowShop();
    const shop = await openSite('shop.localhost', '?tab=D');
    await expect.poll(toolNames).toContain('website_tool_shop_localhost_tab1_get_cart');
    await openSettings(panel, 'Permissions');
    const allowed = panel.getByRole('list', { name: 'Sites always allowed' });
    await allowed.getByText('shop.localhost').waitFor();
    await panel.getByRole('button', { name: 'Stop allowing shop.localhost' }).click();
    await expect.poll(toolNames).toEqual([]);
    await panel.getByText('You have not always allowed any website.').waitFor();
    // The tab still offers its tools: the person is asked again.
    await panel.getByText('shop.localhost offers 2 tools').waitFor();
    await panel.getByRole('tab', { name: 'Chat', exact: true }).click();
    await shop.close();
    await panel.getByText('shop.localhost offers 2 tools').waitFor({ state: 'detached' });
  });

  it('keeps Patchbay’s storage from its content script in web pages', async () => {
    const shop = await openSite('shop.localhost', '?tab=S');
    const cdp = await session.context.newCDPSession(shop);
    // The open panel has Patchbay's detector injected once it hears of the tab, which may be
    // after the page is ready: its world is awaited (Runtime.enable reports the worlds there
    // already, then each new one).
    const isolated = new Promise<{ id: number }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('Patchbay’s content script world is missing after 10 s.')),
        10_000,
      );
      cdp.on('Runtime.executionContextCreated', ({ context }) => {
        if (context.auxData?.type !== 'isolated' || context.name !== 'Patchbay') return;
        clearTimeout(timer);
        resolve(context);
      });
    });
    await cdp.send('Runtime.enable');
    const { result } = await cdp.send('Runtime.evaluate', {
      contextId: (await isolated).id,
      awaitPromise: true,
      returnByValue: true,
      expression: `chrome.storage.local.get(null).then(
        (items) => 'read ' + Object.keys(items).length + ' keys',
        (error) => 'refused: ' + error.message)`,
    });
    expect(result.value).toMatch(/^refused: /);
    await cdp.detach();
  });

  it('registers nothing from a page without tools, or a site the person has not allowed', async () => {
    const plain = await session.context.newPage();
    await plain.goto(sites.url('plain.localhost'));
    const other = await openSite('other.localhost');
    await panel.getByText('other.localhost offers 2 tools').waitFor();
    expect(await toolNames()).toEqual([]);
    const { offers } = await request<{ offers: { domain: string }[] }>('page-tools/offers');
    expect(offers.map((offer) => offer.domain)).toEqual(['other.localhost']);
    await other.close();
    await panel.getByText('other.localhost offers 2 tools').waitFor({ state: 'detached' });
  });
});
