/**
 * Page tools in the background, end to end with in-memory ports: site permissions (once lasts
 * the session, always is stored), the tools as the chat lists them, the broadcasts, and the
 * router's requests for them.
 */
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../src/messaging/router';
import { ALLOWED_ONCE_KEY, ALLOWED_SITES_KEY } from '../../../src/page-tools/site-permissions';
import { createPageToolsService } from '../../../src/page-tools/page-tools-service';
import { createMemoryStore, createRecordingBroadcaster } from '../../../src/platform/memory';
import { createHarness } from '../../helpers/manager-harness';
import {
  createFakeTabs,
  createFakeTransport,
  registerTools,
  textResult,
} from '../../helpers/page-tool-fakes';

const EXTENSION_ID = 'ochopgbekfckekcfildinaeciimoahkb';
const ownPage = {
  id: EXTENSION_ID,
  url: `chrome-extension://${EXTENSION_ID}/sidepanel.html`,
  origin: `chrome-extension://${EXTENSION_ID}`,
};
const SHOP = 'https://shop.example/';
const tools = [
  {
    name: 'get_cart',
    description: 'The cart.',
    annotations: { readOnlyHint: true, title: 'Cart' },
  },
  { name: 'list_orders', description: 'Orders.', annotations: { cache: true } },
];

async function setUp(local = createMemoryStore(), options: { init?: boolean } = {}) {
  const fake = createFakeTransport();
  const session = createMemoryStore();
  const broadcaster = createRecordingBroadcaster();
  const service = createPageToolsService({
    transport: fake.transport,
    tabs: createFakeTabs().tabs,
    store: local,
    sessionStore: session,
    broadcaster,
  });
  if (options.init !== false) await service.init();
  const router = createRouter({
    manager: createHarness().manager,
    extensionId: EXTENSION_ID,
    pageTools: service,
  });
  const ask = (type: string, payload?: unknown) =>
    router.handle(payload === undefined ? { type } : { type, payload }, ownPage);
  return { fake, local, session, broadcaster, service, ask };
}

describe('page tools in the background', () => {
  it('tells the panel a site offers tools, and lists them once allowed, as the chat lists tools', async () => {
    const { fake, broadcaster, ask } = await setUp();
    fake.post(1, SHOP, registerTools(tools));
    expect(broadcaster.messages).toContainEqual({
      type: 'page-tools/offers/changed',
      payload: { offers: [{ domain: 'shop.example', toolCount: 2, tabIds: [1] }] },
    });
    await expect(ask('mcp/tools/list')).resolves.toEqual({ ok: true, result: { tools: [] } });
    // Nothing the chat lists changed: its tools are not reloaded for a site it does not use.
    const toolsChanged = () =>
      broadcaster.messages.filter((message) => message.type === 'mcp/tools/changed').length;
    expect(toolsChanged()).toBe(0);
    await expect(
      ask('page-tools/allow', { domain: 'shop.example', always: false }),
    ).resolves.toMatchObject({ ok: true });
    const listed = await ask('mcp/tools/list');
    expect(listed).toMatchObject({
      ok: true,
      result: {
        tools: [
          {
            serverId: 'page-tools',
            name: 'website_tool_shop_example_tab1_get_cart',
            title: 'Cart',
            annotations: { readOnlyHint: true, title: 'Cart' },
            page: { site: 'shop.example', tabIndex: 1, tool: 'get_cart' },
          },
          { name: 'website_tool_shop_example_tab1_list_orders', page: { tool: 'list_orders' } },
        ],
      },
    });
    expect(toolsChanged()).toBe(1);
    // The site's cache mark is the hub's business; the chat sees MCP's hints only.
    const second = (listed as { result: { tools: { annotations?: object }[] } }).result.tools[1];
    expect(second?.annotations).toBeUndefined();
    expect(broadcaster.messages).toContainEqual({
      type: 'page-tools/offers/changed',
      payload: { offers: [] },
    });
  });

  it('keeps "allow once" for the session and "always" in local storage, and forgets on request', async () => {
    const { local, session, ask, service } = await setUp();
    await ask('page-tools/allow', { domain: 'once.example', always: false });
    await ask('page-tools/allow', { domain: 'shop.example', always: true });
    expect(await session.get(ALLOWED_ONCE_KEY)).toEqual(['once.example']);
    expect(await local.get(ALLOWED_SITES_KEY)).toEqual(['shop.example']);
    await expect(ask('page-tools/sites')).resolves.toEqual({
      ok: true,
      result: { sites: ['shop.example'] },
    });
    await ask('page-tools/forget', { domain: 'shop.example' });
    expect(await local.get(ALLOWED_SITES_KEY)).toEqual([]);
    await expect(service.sites()).resolves.toEqual([]);
  });

  it('takes a site’s tools away when its permission goes, and asks again', async () => {
    const { fake, ask, service } = await setUp();
    await ask('page-tools/allow', { domain: 'shop.example', always: true });
    fake.post(1, SHOP, registerTools(tools));
    await expect(service.views()).resolves.toHaveLength(2);
    await ask('page-tools/forget', { domain: 'shop.example' });
    await expect(service.views()).resolves.toEqual([]);
    await expect(service.offers()).resolves.toEqual([
      { domain: 'shop.example', toolCount: 2, tabIds: [1] },
    ]);
  });

  it('lists allowed sites’ tools by site and tab, and keeps switched-off ones from the model', async () => {
    const { fake, ask, local } = await setUp();
    await ask('page-tools/allow', { domain: 'shop.example', always: true });
    fake.post(1, SHOP, registerTools(tools));
    fake.post(2, SHOP, registerTools([tools[0]]));
    await expect(ask('page-tools/list')).resolves.toEqual({
      ok: true,
      result: {
        sites: [
          {
            domain: 'shop.example',
            tools: [
              {
                name: 'get_cart',
                description: 'The cart.',
                annotations: { readOnlyHint: true, title: 'Cart' },
                tabs: [1, 2],
                kept: false,
              },
              {
                name: 'list_orders',
                description: 'Orders.',
                annotations: { cache: true },
                tabs: [1],
                kept: false,
              },
            ],
            disabled: [],
          },
        ],
      },
    });
    await ask('page-tools/disabled/set', { domain: 'shop.example', names: ['get_cart'] });
    expect(await local.get('pageTools.disabled')).toEqual({ 'shop.example': ['get_cart'] });
    const listed = (await ask('mcp/tools/list')) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((tool) => tool.name)).toEqual([
      'website_tool_shop_example_tab1_list_orders',
    ]);
    await expect(
      ask('mcp/page-tools/tool/call', { name: 'website_tool_shop_example_tab2_get_cart' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-request', message: expect.stringMatching(/switched off/) },
    });
  });

  it('lists a tool’s tabs in order past tab 9', async () => {
    const { fake, ask } = await setUp();
    await ask('page-tools/allow', { domain: 'shop.example', always: true });
    for (let tab = 1; tab <= 11; tab += 1) fake.post(tab, SHOP, registerTools([tools[0]]));
    const listed = (await ask('page-tools/list')) as {
      result: { sites: { tools: { tabs: number[] }[] }[] };
    };
    expect(listed.result.sites[0]?.tools[0]?.tabs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('answers a panel that wakes the worker with what storage holds, not an empty start', async () => {
    const local = createMemoryStore();
    await local.set({
      [ALLOWED_SITES_KEY]: ['shop.example'],
      'pageTools.disabled': { 'shop.example': ['get_cart'] },
    });
    const { ask } = await setUp(local, { init: false });
    await expect(ask('page-tools/sites')).resolves.toEqual({
      ok: true,
      result: { sites: ['shop.example'] },
    });
    await expect(ask('page-tools/list')).resolves.toEqual({ ok: true, result: { sites: [] } });
    await expect(ask('page-tools/offers')).resolves.toEqual({ ok: true, result: { offers: [] } });
  });

  it('routes calls to the page, and refuses what page tools do not have', async () => {
    const { fake, ask } = await setUp();
    await ask('page-tools/allow', { domain: 'shop.example', always: true });
    fake.post(1, SHOP, registerTools(tools));
    fake.answerWith(1, () => textResult('2 apples'));
    await expect(
      ask('mcp/page-tools/tool/call', { name: 'website_tool_shop_example_tab1_get_cart' }),
    ).resolves.toEqual({ ok: true, result: { content: [{ type: 'text', text: '2 apples' }] } });
    await expect(
      ask('mcp/page-tools/tool/call', {
        name: 'website_tool_shop_example_tab1_get_cart',
        caller: 'app',
      }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    await expect(ask('mcp/page-tools/resources/list', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    await expect(ask('mcp/page-tools/tool/cancel', { callId: 'x' })).resolves.toEqual({
      ok: true,
      result: { cancelled: false },
    });
  });
});
