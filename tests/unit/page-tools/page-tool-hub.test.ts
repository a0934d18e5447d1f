/**
 * The page-tools hub with in-memory ports: registration and updates, names and descriptions,
 * routing order, retries, tabs closing mid-call, cleanup, cached tools, persistence and pruning,
 * site permissions, and malformed input.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DomainToolStorage,
  PAGE_TOOLS_STORAGE_KEY,
  STALE_AFTER_MS,
} from '../../../src/page-tools/domain-tool-storage';
import { createPageToolHub, siteOf, type PageToolHub } from '../../../src/page-tools/page-tool-hub';
import { TOOL_NAME_PATTERN } from '../../../src/model-tools/tool-names';
import { createMemoryStore } from '../../../src/platform/memory';
import {
  createFakeTabs,
  createFakeTransport,
  registerTools,
  textResult,
  updateTools,
} from '../../helpers/page-tool-fakes';

const SHOP = 'https://shop.example/cart';
const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `Does ${name}.`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

type Stored = { tabs: { tabId: number }[]; cached: Record<string, unknown> } | undefined;
/** The tabs the hub has stored, by id. */
const tabsIn = async (store: ReturnType<typeof createMemoryStore>) =>
  ((await store.get(PAGE_TOOLS_STORAGE_KEY)) as Stored)?.tabs.map((entry) => entry.tabId);
/** The sites whose tools the hub has stored as kept. */
const cachedIn = async (store: ReturnType<typeof createMemoryStore>) =>
  Object.keys(((await store.get(PAGE_TOOLS_STORAGE_KEY)) as Stored)?.cached ?? {});

/** A site Patchbay opens again offers the kept tool `listOrders`, answering with `text`. */
function reopenedPageOffers(
  fake: ReturnType<typeof createFakeTransport>,
  browser: ReturnType<typeof createFakeTabs>,
  text: string,
) {
  browser.whenOpened((tabId, url) => {
    fake.answerWith(tabId, () => textResult(text));
    setTimeout(() =>
      fake.post(tabId, url, registerTools([tool('listOrders', { annotations: { cache: true } })])),
    );
  });
}

let hub: PageToolHub | undefined;
afterEach(() => {
  hub?.dispose();
  hub = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function setUp(
  options: {
    allowed?: string[];
    store?: ReturnType<typeof createMemoryStore>;
    now?: () => number;
    openTimeoutMs?: number;
    /** The tab active in the browser before the hub starts. */
    activeTab?: number;
    /** Only the ports and permissions: the hub's own defaults for everything else. */
    defaults?: boolean;
  } = {},
) {
  const fake = createFakeTransport();
  const browser = createFakeTabs(100);
  if (options.activeTab !== undefined) browser.activate(options.activeTab);
  const store = options.store ?? createMemoryStore();
  const onChange = vi.fn();
  const log = vi.fn();
  const allowed = new Set(options.allowed ?? ['shop.example', 'docs.example']);
  hub = createPageToolHub({
    transport: fake.transport,
    tabs: browser.tabs,
    store,
    isAllowed: (domain) => allowed.has(domain),
    ...(options.defaults ? {} : { onChange, log, retryDelayMs: 5 }),
    ...(options.openTimeoutMs ? { openTimeoutMs: options.openTimeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await hub.init();
  return { hub, fake, browser, store, onChange, log, allowed };
}

describe('registering a tab’s tools', () => {
  it('names them per site and tab, provider-safe, and says where they run', async () => {
    const { hub, fake } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart'), tool('add to cart!')]));
    const tools = hub.listTools();
    expect(tools.map((entry) => entry.name)).toEqual([
      'website_tool_shop_example_tab1_getCart',
      expect.stringMatching(/^website_tool_shop_example_tab1_add_to_cart_[a-z0-9]{7}$/),
    ]);
    for (const entry of tools) expect(entry.name).toMatch(TOOL_NAME_PATTERN);
    expect(tools[0]?.description).toBe(
      'A tool of shop.example, in its tab 1. It runs in that page, signed in as the person is there.\n\nDoes getCart.',
    );
  });

  it('keeps names within 64 characters for long sites and tools, and apart', async () => {
    const { hub, fake } = await setUp({
      allowed: ['a-very-long-subdomain.of-a-long-site.example'],
    });
    fake.post(
      1,
      'https://a-very-long-subdomain.of-a-long-site.example/',
      registerTools([tool(`search_${'x'.repeat(40)}_one`), tool(`search_${'x'.repeat(40)}_two`)]),
    );
    const names = hub.listTools().map((entry) => entry.name);
    for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(new Set(names).size).toBe(2);
  });

  it('numbers a site’s tabs with the lowest free number, kept for the tab’s life', async () => {
    const { hub, fake } = await setUp();
    fake.post(7, SHOP, registerTools([tool('getCart')]));
    fake.post(9, SHOP, registerTools([tool('getCart')]));
    expect(hub.listTools().map((entry) => [entry.tabId, entry.tabIndex])).toEqual([
      [7, 1],
      [9, 2],
    ]);
    fake.close(7);
    fake.post(11, SHOP, registerTools([tool('getCart')]));
    fake.post(9, SHOP, updateTools([tool('getCart'), tool('checkout')]));
    const byTab = hub.listTools().map((entry) => `${entry.tabId}:${entry.name}`);
    expect(byTab).toEqual([
      '9:website_tool_shop_example_tab2_getCart',
      '9:website_tool_shop_example_tab2_checkout',
      '11:website_tool_shop_example_tab1_getCart',
    ]);
  });

  it('is idempotent: the same list again changes nothing', async () => {
    const { fake, onChange } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(1, SHOP, updateTools([tool('getCart')]));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('takes the page’s new address when a tab offers the same tools from another page', async () => {
    const { hub, fake, onChange } = await setUp();
    const listOrders = tool('listOrders', { annotations: { cache: true } });
    fake.post(1, SHOP, registerTools([listOrders]));
    fake.post(1, 'https://shop.example/orders', updateTools([listOrders]));
    expect(onChange).toHaveBeenCalledTimes(2);
    fake.close(1);
    expect(hub.listTools()[0]?.description).toContain(
      'Patchbay opens https://shop.example/orders in a new tab',
    );
  });

  it('takes the site from the browser’s address for the tab, not from the page', async () => {
    const { hub, fake } = await setUp();
    fake.post(1, 'https://evil.example/', {
      ...registerTools([tool('getCart')]),
      params: { tools: [tool('getCart')], url: SHOP },
    });
    expect(hub.listTools()).toEqual([]);
    expect(hub.offers()).toEqual([{ domain: 'evil.example', toolCount: 1, tabIds: [1] }]);
  });

  it('marks the active tab, and says so again when another becomes active', async () => {
    const { hub, fake, browser, onChange } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(2, SHOP, registerTools([tool('getCart')]));
    browser.activate(2);
    const active = () =>
      hub
        .listTools()
        .filter((entry) => entry.description.includes('the active tab'))
        .map((entry) => entry.tabId);
    expect(active()).toEqual([2]);
    const calls = onChange.mock.calls.length;
    browser.activate(1);
    expect(active()).toEqual([1]);
    expect(onChange.mock.calls.length).toBe(calls + 1);
  });

  it('says a change only when a tab with tools is the one left or the one come to', async () => {
    const { fake, browser, onChange } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    onChange.mockClear();
    // Tabs 5 and 6 offer nothing: no description changes.
    browser.activate(5);
    browser.activate(6);
    expect(onChange).not.toHaveBeenCalled();
    browser.activate(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    // The same tab again is no change.
    browser.activate(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    browser.activate(6);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('knows the tab that was active before it started', async () => {
    const { hub, fake } = await setUp({ activeTab: 3 });
    fake.post(3, SHOP, registerTools([tool('getCart')]));
    fake.post(4, SHOP, registerTools([tool('getCart')]));
    expect(
      hub
        .listTools()
        .filter((entry) => entry.description.includes('the active tab'))
        .map((entry) => entry.tabId),
    ).toEqual([3]);
  });

  it('works without a listener, and warns on the console about malformed messages', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { hub, fake } = await setUp({ defaults: true });
    fake.post(2, SHOP, registerTools([tool('big', { inputSchema: { blob: 'x'.repeat(70_000) } })]));
    expect(warn).toHaveBeenCalledWith(
      'Patchbay page tools: ignored a malformed message from tab 2 (The input schema is too large.).',
    );
    fake.post(2, SHOP, registerTools([tool('getCart')]));
    fake.close(2);
    fake.post(3, SHOP, registerTools([tool('getCart')]));
    expect(hub.listTools().map((entry) => entry.tabId)).toEqual([3]);
  });

  it.each<[string, unknown]>([
    ['not JSON-RPC', { method: 'browser/registerTools', params: { tools: [] } }],
    ['an unknown method', { jsonrpc: '2.0', method: 'browser/deleteEverything', params: {} }],
    ['tools that are not a list', registerTools('getCart' as never)],
    ['a tool without a name', registerTools([{ description: 'x' }])],
    ['too many tools', registerTools(Array.from({ length: 129 }, (_, index) => tool(`t${index}`)))],
    ['a huge schema', registerTools([tool('big', { inputSchema: { blob: 'x'.repeat(70_000) } })])],
    ['nothing at all', undefined],
  ])('ignores %s, and logs it without its content', async (_, message) => {
    const { hub, fake, log, onChange } = await setUp();
    fake.post(1, SHOP, message);
    expect(hub.listTools()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]?.[0])).not.toContain('xxxx');
  });

  it.each<[string, unknown, string]>([
    [
      'a huge schema',
      registerTools([tool('big', { inputSchema: { blob: 'x'.repeat(70_000) } })]),
      'The input schema is too large.',
    ],
    [
      'a list too large',
      registerTools(
        Array.from({ length: 100 }, (_, index) =>
          tool(`t${index}`, { description: 'y'.repeat(8_000) }),
        ),
      ),
      'The tools take more than 512 KB.',
    ],
  ])('says what was wrong with %s, and from which tab', async (_, message, reason) => {
    const { fake, log } = await setUp();
    fake.post(3, SHOP, message);
    expect(log).toHaveBeenCalledWith(`ignored a malformed message from tab 3 (${reason}).`);
  });

  it('ignores tabs that are not web pages', async () => {
    const { hub, fake, log } = await setUp();
    fake.post(1, 'chrome://settings', registerTools([tool('getCart')]));
    expect(hub.listTools()).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/not an https page/));
    // Plain http only on this machine: on the network anyone could answer for the site.
    fake.post(2, 'http://shop.example/', registerTools([tool('getCart')]));
    fake.post(3, 'http://app.localhost:8080/', registerTools([tool('getCart')]));
    expect(hub.offers().map((offer) => offer.domain)).toEqual(['app.localhost']);
  });

  it('keeps a tab’s address without its query or fragment', async () => {
    const { hub, fake } = await setUp();
    fake.post(
      1,
      'https://shop.example/orders?code=secret#access_token=t',
      registerTools([tool('listOrders', { annotations: { cache: true } })]),
    );
    fake.close(1);
    const [kept] = hub.listTools();
    expect(kept?.description).toContain('https://shop.example/orders ');
    expect(kept?.description).not.toMatch(/secret|access_token/);
  });
});

describe('sites the person has not allowed', () => {
  it('list nothing once their permission is gone, open tabs and kept tools alike', async () => {
    const { hub, fake, allowed } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(2, SHOP, registerTools([tool('listOrders', { annotations: { cache: true } })]));
    fake.close(2);
    expect(hub.listTools()).toHaveLength(2);
    allowed.delete('shop.example');
    expect(hub.listTools()).toEqual([]);
    await expect(hub.callTool('website_tool_shop_example_tab1_getCart', {})).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('offer nothing until allowed, then their waiting tools register', async () => {
    const { hub, fake, allowed } = await setUp({ allowed: [] });
    fake.post(1, SHOP, registerTools([tool('getCart'), tool('checkout')]));
    fake.post(2, SHOP, registerTools([tool('getCart')]));
    expect(hub.listTools()).toEqual([]);
    expect(hub.offers()).toEqual([{ domain: 'shop.example', toolCount: 2, tabIds: [1, 2] }]);
    allowed.add('shop.example');
    hub.allowSite('shop.example');
    expect(hub.offers()).toEqual([]);
    expect(hub.listTools()).toHaveLength(3);
  });

  it('forget a waiting offer when its tab closes', async () => {
    const { hub, fake } = await setUp({ allowed: [] });
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.close(1);
    expect(hub.offers()).toEqual([]);
  });

  it('say nothing when the same tools come again from the same page', async () => {
    const { hub, fake, onChange } = await setUp({ allowed: [] });
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(1, SHOP, updateTools([tool('getCart')]));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(hub.offers()).toEqual([{ domain: 'shop.example', toolCount: 1, tabIds: [1] }]);
  });

  it('follow a waiting tab’s new page and new tools, and keep them when allowed', async () => {
    const { hub, fake, onChange, allowed } = await setUp({ allowed: [] });
    const listOrders = tool('listOrders', { annotations: { cache: true } });
    fake.post(1, SHOP, registerTools([listOrders]));
    fake.post(1, 'https://shop.example/orders', updateTools([listOrders]));
    fake.post(1, 'https://shop.example/orders', updateTools([listOrders, tool('checkout')]));
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(hub.offers()).toEqual([{ domain: 'shop.example', toolCount: 2, tabIds: [1] }]);
    allowed.add('shop.example');
    hub.allowSite('shop.example');
    fake.close(1);
    expect(hub.listTools()[0]?.description).toContain(
      'Patchbay opens https://shop.example/orders in a new tab',
    );
  });

  it('withdraw a waiting offer when its tab drops all its tools', async () => {
    const { hub, fake, onChange } = await setUp({ allowed: [] });
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(1, SHOP, updateTools([]));
    expect(hub.offers()).toEqual([]);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('withdraw a waiting offer when its tab goes on to a site the person allows', async () => {
    const { hub, fake } = await setUp({ allowed: ['shop.example'] });
    fake.post(1, 'https://evil.example/', registerTools([tool('getCart')]));
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    expect(hub.offers()).toEqual([]);
    expect(hub.listTools().map((entry) => entry.name)).toEqual([
      'website_tool_shop_example_tab1_getCart',
    ]);
  });

  it('register only the allowed site’s tools, and keep the others waiting', async () => {
    const { hub, fake, allowed } = await setUp({ allowed: [] });
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(2, 'https://docs.example/', registerTools([tool('search')]));
    allowed.add('shop.example');
    hub.allowSite('shop.example');
    expect(hub.offers()).toEqual([{ domain: 'docs.example', toolCount: 1, tabIds: [2] }]);
    expect(hub.listTools().map((entry) => entry.tabId)).toEqual([1]);
  });

  it('list a site’s kept tools again when allowed again, and say so', async () => {
    const store = createMemoryStore();
    const first = await setUp({ store });
    first.fake.post(1, SHOP, registerTools([tool('listOrders', { annotations: { cache: true } })]));
    first.fake.close(1);
    await expect.poll(() => cachedIn(store)).toEqual(['shop.example']);
    first.hub.dispose();

    const { hub, onChange, allowed } = await setUp({ store, allowed: [] });
    expect(hub.listTools()).toEqual([]);
    allowed.add('shop.example');
    hub.allowSite('shop.example');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(hub.listTools().map((entry) => entry.name)).toEqual([
      'website_tool_shop_example__listOrders',
    ]);
  });

  it('lose their tabs, kept tools and stored addresses when the permission is taken back', async () => {
    const { hub, fake, store, onChange, allowed } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(2, SHOP, registerTools([tool('listOrders', { annotations: { cache: true } })]));
    fake.close(2);
    fake.post(3, 'https://docs.example/', registerTools([tool('search')]));
    // A tab of the site that offers nothing (any more).
    fake.post(4, SHOP, registerTools([]));
    onChange.mockClear();

    allowed.delete('shop.example');
    hub.revokeSite('shop.example');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(hub.listTools().map((entry) => entry.name)).toEqual([
      'website_tool_docs_example_tab1_search',
    ]);
    // Its open tab with tools waits for the person again.
    expect(hub.offers()).toEqual([{ domain: 'shop.example', toolCount: 1, tabIds: [1] }]);
    expect(hub.capabilities().browser.cacheSupported).toBe(false);
    await expect.poll(() => tabsIn(store)).toEqual([3]);
    expect(await cachedIn(store)).toEqual([]);

    allowed.add('shop.example');
    hub.allowSite('shop.example');
    expect(hub.listTools().map((entry) => entry.name)).toEqual([
      'website_tool_docs_example_tab1_search',
      'website_tool_shop_example_tab1_getCart',
    ]);
  });
});

describe('routing a call', () => {
  it('runs it in the tab its name names, with the page’s result', async () => {
    const { hub, fake, browser } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.post(2, SHOP, registerTools([tool('getCart')]));
    browser.activate(2);
    fake.answerWith(1, () => textResult('cart of tab 1'));
    fake.answerWith(2, () => textResult('cart of tab 2'));
    const result = await hub.callTool('website_tool_shop_example_tab1_getCart', { id: 3 });
    expect(result.content).toEqual([{ type: 'text', text: 'cart of tab 1' }]);
    expect(fake.sent).toEqual([
      {
        tabId: 1,
        request: {
          method: 'browser/executeTool',
          params: { toolName: 'getCart', args: { id: 3 } },
        },
      },
    ]);
  });

  it('falls back to the active tab, then the most recently updated, when its tab closes mid-call', async () => {
    let now = 1_000;
    const { hub, fake, browser } = await setUp({ now: () => now });
    // Read-only: running it again in another tab is harmless.
    const getCart = tool('getCart', { annotations: { readOnlyHint: true } });
    fake.post(1, SHOP, registerTools([getCart]));
    now += 1;
    fake.post(2, SHOP, registerTools([getCart]));
    now += 1;
    fake.post(3, SHOP, registerTools([getCart]));
    browser.activate(2);
    fake.answerWith(1, () => new Promise(() => undefined));
    fake.answerWith(2, () => {
      fake.close(2);
      return new Promise(() => undefined);
    });
    fake.answerWith(3, () => textResult('from tab 3'));
    const call = hub.callTool('website_tool_shop_example_tab1_getCart', {});
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1), { timeout: 4_000 });
    fake.close(1);
    await expect(call).resolves.toMatchObject({ content: [{ text: 'from tab 3' }] });
    expect(fake.sent.map((entry) => entry.tabId)).toEqual([1, 2, 3]);
  });

  it('never runs a tool that may change something twice when its tab closes mid-call', async () => {
    const { hub, fake } = await setUp();
    fake.post(1, SHOP, registerTools([tool('checkout')]));
    fake.post(2, SHOP, registerTools([tool('checkout')]));
    fake.answerWith(1, () => {
      fake.close(1);
      return new Promise(() => undefined);
    });
    fake.answerWith(2, () => textResult('ordered twice'));
    await expect(hub.callTool('website_tool_shop_example_tab1_checkout', {})).rejects.toMatchObject(
      {
        code: 'tool-failed',
        message: expect.stringMatching(/cannot tell whether it finished; it was not run again/),
      },
    );
    expect(fake.sent.map((entry) => entry.tabId)).toEqual([1]);
  });

  it('fails with a clear sentence when no other tab has the tool', async () => {
    const { hub, fake } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart', { annotations: { readOnlyHint: true } })]));
    fake.answerWith(1, () => {
      fake.close(1);
      return new Promise(() => undefined);
    });
    await expect(hub.callTool('website_tool_shop_example_tab1_getCart', {})).rejects.toMatchObject({
      code: 'tool-failed',
      message: expect.stringMatching(/No tab of shop\.example could run getCart/),
    });
  });

  it('retries a tab whose page is still loading, three times a second apart, then gives up on it', async () => {
    vi.useFakeTimers();
    const { hub, fake } = await setUp({ defaults: true });
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    const call = hub.callTool('website_tool_shop_example_tab1_getCart', {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.sent).toHaveLength(2);
    fake.answerWith(1, () => textResult('loaded'));
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(call).resolves.toMatchObject({ content: [{ text: 'loaded' }] });
    expect(fake.sent.map((entry) => entry.tabId)).toEqual([1, 1, 1]);

    fake.post(2, SHOP, registerTools([tool('search')]));
    const never = hub.callTool('website_tool_shop_example_tab2_search', {});
    const failed = expect(never).rejects.toMatchObject({ code: 'tool-failed' });
    await vi.advanceTimersByTimeAsync(3_000);
    await failed;
    expect(fake.sent.filter((entry) => entry.tabId === 2)).toHaveLength(4);
  });

  it('says when the page failed the tool, or answered nonsense, without retrying', async () => {
    const { hub, fake } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart'), tool('weird')]));
    fake.answerWith(1, (request) =>
      request.params.toolName === 'getCart' ? { success: false, payload: 'Sign in first.' } : 42,
    );
    await expect(hub.callTool('website_tool_shop_example_tab1_getCart', {})).rejects.toMatchObject({
      code: 'tool-failed',
      message: 'shop.example could not run getCart: Sign in first.',
    });
    await expect(hub.callTool('website_tool_shop_example_tab1_weird', {})).rejects.toMatchObject({
      message: expect.stringMatching(/something Patchbay cannot read/),
    });
    expect(fake.sent).toHaveLength(2);
  });

  it('times out after the request limit', async () => {
    vi.useFakeTimers();
    const { hub, fake } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    fake.answerWith(1, () => new Promise(() => undefined));
    const call = hub.callTool('website_tool_shop_example_tab1_getCart', {});
    const failed = expect(call).rejects.toMatchObject({
      code: 'timeout',
      message: 'shop.example did not answer getCart within 10 s.',
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
  });

  it('refuses a name it does not know, saying the tool is gone', async () => {
    const { hub } = await setUp();
    await expect(hub.callTool('website_tool_shop_example_tab1_nothing', {})).rejects.toMatchObject({
      code: 'not-found',
      message:
        'There is no website tool website_tool_shop_example_tab1_nothing now: its tab may have closed or the site changed its tools.',
    });
  });
});

describe('closing tabs and cached tools', () => {
  it('removes a closed tab’s tools, keeps cached ones under the site’s name, and reopens the site to run them', async () => {
    const { hub, fake, browser, onChange } = await setUp();
    fake.post(
      4,
      'https://shop.example/orders?page=2',
      registerTools([tool('getCart'), tool('listOrders', { annotations: { cache: true } })]),
    );
    fake.close(4);
    expect(onChange).toHaveBeenCalledTimes(2);
    const tools = hub.listTools();
    expect(tools.map((entry) => entry.name)).toEqual(['website_tool_shop_example__listOrders']);
    expect(tools[0]?.description).toMatch(
      /kept from an earlier visit; Patchbay opens https:\/\/shop\.example\/orders in a new tab/,
    );

    reopenedPageOffers(fake, browser, 'orders');
    const result = await hub.callTool('website_tool_shop_example__listOrders', {});
    expect(result.content).toEqual([{ type: 'text', text: 'orders' }]);
    // Its address without the query: nothing of what the page was showing is kept.
    expect(browser.opened).toEqual([{ tabId: 100, url: 'https://shop.example/orders' }]);
    // Re-homed: the tool lives in the new tab now, under its tab name.
    expect(hub.listTools().map((entry) => entry.name)).toEqual([
      'website_tool_shop_example_tab1_listOrders',
    ]);
  });

  it('forgets a closed tab in storage, and says nothing when a tab without tools closes', async () => {
    const { fake, store, onChange } = await setUp();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    await expect.poll(() => tabsIn(store)).toEqual([1]);
    fake.close(1);
    await expect.poll(() => tabsIn(store)).toEqual([]);
    onChange.mockClear();
    fake.close(2);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps a cached tool’s annotations', async () => {
    const { hub, fake } = await setUp();
    const annotations = { cache: true, readOnlyHint: true, title: 'Orders' };
    fake.post(4, SHOP, registerTools([tool('listOrders', { annotations })]));
    fake.close(4);
    expect(hub.listTools()).toMatchObject([
      { name: 'website_tool_shop_example__listOrders', annotations },
    ]);
  });

  it('opens the site once for calls made at the same time', async () => {
    const { hub, fake, browser } = await setUp();
    fake.post(4, SHOP, registerTools([tool('listOrders', { annotations: { cache: true } })]));
    fake.close(4);
    reopenedPageOffers(fake, browser, 'orders');
    const results = await Promise.all([
      hub.callTool('website_tool_shop_example__listOrders', {}),
      hub.callTool('website_tool_shop_example__listOrders', {}),
    ]);
    expect(results.map((result) => result.content)).toEqual([
      [{ type: 'text', text: 'orders' }],
      [{ type: 'text', text: 'orders' }],
    ]);
    expect(browser.opened).toHaveLength(1);
  });

  it('says so when an opened site does not offer the tool in time, and closes that tab', async () => {
    const { hub, fake, browser } = await setUp({ openTimeoutMs: 20 });
    fake.post(4, SHOP, registerTools([tool('listOrders', { annotations: { cache: true } })]));
    fake.close(4);
    await expect(hub.callTool('website_tool_shop_example__listOrders', {})).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(
        /opened https:\/\/shop\.example\/cart to run listOrders, but the page did not offer it/,
      ),
    });
    expect(browser.closed).toEqual([100]);
  });

  it('forgets a cached tool the site no longer marks cached', async () => {
    const { hub, fake } = await setUp();
    fake.post(4, SHOP, registerTools([tool('listOrders', { annotations: { cache: true } })]));
    fake.post(4, SHOP, updateTools([tool('listOrders')]));
    fake.close(4);
    expect(hub.listTools()).toEqual([]);
    expect(hub.capabilities()).toEqual({
      browser: { multiTabSupport: true, cacheSupported: false },
    });
  });
});

describe('what the hub keeps across restarts', () => {
  it('keeps cached tools and recent tabs, and drops tabs older than an hour', async () => {
    let now = 10 * STALE_AFTER_MS;
    const store = createMemoryStore();
    const first = await setUp({ store, now: () => now });
    first.fake.post(1, SHOP, registerTools([tool('getCart')]));
    first.fake.post(
      2,
      'https://docs.example/',
      registerTools([tool('search', { annotations: { cache: true } })]),
    );
    await vi.waitFor(async () => expect(await store.get(PAGE_TOOLS_STORAGE_KEY)).toBeDefined(), {
      timeout: 4_000,
    });
    first.hub.dispose();

    now += STALE_AFTER_MS / 2;
    const second = await setUp({ store, now: () => now });
    // Tabs from before the restart are not offered until their proxies register again.
    expect(second.hub.listTools().map((entry) => entry.name)).toEqual([
      'website_tool_docs_example__search',
    ]);
    second.hub.dispose();

    // Half an hour on, both tabs are remembered (for their addresses); an hour and a half on,
    // neither is, while the kept tool stays.
    const stored = await store.get(PAGE_TOOLS_STORAGE_KEY);
    const halfHour = new DomainToolStorage();
    halfHour.restore(stored, now);
    expect([...halfHour.tabs.keys()]).toEqual([1, 2]);
    now += STALE_AFTER_MS;
    const later = new DomainToolStorage();
    later.restore(stored, now);
    expect([...later.tabs.keys()]).toEqual([]);
    expect([...later.cached.keys()]).toEqual(['docs.example']);
    const third = await setUp({ store, now: () => now });
    expect(third.hub.capabilities().browser.cacheSupported).toBe(true);
  });

  it('keeps no tab’s tool list (its proxy offers it again), only the tools a site keeps', async () => {
    const store = createMemoryStore();
    const { fake, hub } = await setUp({ store });
    fake.post(
      1,
      SHOP,
      registerTools([tool('getCart'), tool('orders', { annotations: { cache: true } })]),
    );
    await vi.waitFor(async () => expect(await store.get(PAGE_TOOLS_STORAGE_KEY)).toBeDefined(), {
      timeout: 4_000,
    });
    const stored = (await store.get(PAGE_TOOLS_STORAGE_KEY)) as {
      tabs: Record<string, unknown>[];
      cached: Record<string, Record<string, unknown>>;
    };
    expect(stored.tabs).toEqual([
      {
        tabId: 1,
        domain: 'shop.example',
        url: SHOP,
        index: 1,
        updatedAt: expect.any(Number),
      },
    ]);
    expect(Object.keys(stored.cached['shop.example'] ?? {})).toEqual(['orders']);
    hub.dispose();
  });

  it('reads storage written when tabs’ tool lists were kept, and keeps their numbers', () => {
    const now = 10 * STALE_AFTER_MS;
    const restored = new DomainToolStorage();
    restored.restore(
      {
        version: 1,
        tabs: [
          {
            tabId: 4,
            domain: 'shop.example',
            url: 'https://shop.example/',
            index: 2,
            tools: [tool('getCart')],
            updatedAt: now - 1_000,
          },
        ],
        cached: {},
      },
      now,
    );
    expect([...restored.tabs.values()]).toEqual([
      {
        tabId: 4,
        domain: 'shop.example',
        url: 'https://shop.example/',
        index: 2,
        tools: [],
        updatedAt: now - 1_000,
        connected: false,
      },
    ]);
  });

  it('forgets tabs from before the restart that do not register again within 15 s', async () => {
    vi.useFakeTimers();
    const now = 10 * STALE_AFTER_MS;
    const remembered = (tabId: number, index: number) => ({
      tabId,
      domain: 'shop.example',
      url: SHOP,
      index,
      updatedAt: now - 1_000,
    });
    const store = createMemoryStore({
      [PAGE_TOOLS_STORAGE_KEY]: {
        version: 1,
        tabs: [remembered(4, 1), remembered(5, 2)],
        cached: {},
      },
    });
    const { hub, fake } = await setUp({ store, now: () => now });
    // Tab 5 comes back with its number; a new tab gets the next free one, as tab 4 holds 1.
    fake.post(5, SHOP, registerTools([tool('getCart')]));
    fake.post(7, SHOP, registerTools([tool('getCart')]));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await tabsIn(store)).toEqual([5, 7]);
    // Tab 4's number is free again.
    fake.post(8, SHOP, registerTools([tool('getCart')]));
    expect(hub.listTools().map((entry) => `${entry.tabId}:${entry.name}`)).toEqual([
      '5:website_tool_shop_example_tab2_getCart',
      '7:website_tool_shop_example_tab3_getCart',
      '8:website_tool_shop_example_tab1_getCart',
    ]);
  });

  it('stops listening to tabs, and leaves storage alone, once disposed', async () => {
    vi.useFakeTimers();
    const now = 10 * STALE_AFTER_MS;
    const stored = {
      version: 1,
      tabs: [{ tabId: 4, domain: 'shop.example', url: SHOP, index: 1, updatedAt: now - 1_000 }],
      cached: {},
    };
    const store = createMemoryStore({ [PAGE_TOOLS_STORAGE_KEY]: stored });
    const { hub, fake, browser, onChange } = await setUp({ store, now: () => now });
    hub.dispose();
    fake.post(1, SHOP, registerTools([tool('getCart')]));
    browser.activate(1);
    fake.close(4);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(hub.listTools()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
    expect(await store.get(PAGE_TOOLS_STORAGE_KEY)).toEqual(stored);
  });

  it('ignores a stored layout it does not know', async () => {
    const store = createMemoryStore({ [PAGE_TOOLS_STORAGE_KEY]: { version: 9, tabs: 'x' } });
    const { hub } = await setUp({ store });
    expect(hub.listTools()).toEqual([]);
  });
});

describe('the site of an address', () => {
  it.each<[string, string | undefined]>([
    ['https://Shop.Example/cart', 'shop.example'],
    ['http://app.localhost:5173/', 'app.localhost'],
    ['http://localhost:3000/', 'localhost'],
    ['http://127.0.0.1:8080/', '127.0.0.1'],
    // Plain http from the network: anyone on the way could answer for the site.
    ['http://shop.example/', undefined],
    ['http://localhost.shop.example/', undefined],
    ['ftp://localhost/', undefined],
    ['chrome://settings', undefined],
    ['file:///tmp/x.html', undefined],
    ['not a url', undefined],
  ])('%s', (url, expected) => {
    expect(siteOf(url)).toBe(expected);
  });
});
