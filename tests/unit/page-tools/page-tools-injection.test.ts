/**
 * Where page tools run, decided in the background: the proxy is registered for exactly the
 * allowed sites (always across restarts, once for the session), injected into the tabs that
 * offered tools when their site is allowed, and a detector's count of a site not allowed becomes
 * the panel's offer. In-memory twins of the browser's scripting and the detectors' ports.
 */
import { describe, expect, it } from 'vitest';
import { createPageToolsService } from '../../../src/page-tools/page-tools-service';
import { ALLOWED_ONCE_KEY, ALLOWED_SITES_KEY } from '../../../src/page-tools/site-permissions';
import { sitePatterns } from '../../../src/page-tools/site-patterns';
import { createMemoryStore, createRecordingBroadcaster } from '../../../src/platform/memory';
import {
  createMemoryOfferTransport,
  createMemoryPageInjector,
} from '../../../src/platform/memory-page-injection';
import { createFakeTabs, createFakeTransport, registerTools } from '../../helpers/page-tool-fakes';

async function setUp(stored: Record<string, unknown> = {}, session: Record<string, unknown> = {}) {
  const fake = createFakeTransport();
  const injector = createMemoryPageInjector();
  const detectors = createMemoryOfferTransport();
  const broadcaster = createRecordingBroadcaster();
  const logged: string[] = [];
  const fakeTabs = createFakeTabs();
  const service = createPageToolsService({
    transport: fake.transport,
    tabs: fakeTabs.tabs,
    store: createMemoryStore(stored),
    sessionStore: createMemoryStore(session),
    broadcaster,
    injector,
    offerTransport: detectors,
    log: (message) => logged.push(message),
  });
  return { fake, fakeTabs, injector, detectors, broadcaster, service, logged };
}

const offersBroadcast = (broadcaster: ReturnType<typeof createRecordingBroadcaster>) =>
  broadcaster.messages.filter((message) => message.type === 'page-tools/offers/changed');

describe('where page tools run', () => {
  it('registers the proxy on start for the sites allowed before, always and once apart', async () => {
    const { injector, service } = await setUp(
      { [ALLOWED_SITES_KEY]: ['shop.example'] },
      { [ALLOWED_ONCE_KEY]: ['docs.example', 'shop.example'] },
    );
    expect(injector.registered).toEqual({ always: [], once: [] });
    await service.init();
    expect(injector.registered).toEqual({ always: ['shop.example'], once: ['docs.example'] });
  });

  it('turns a detector’s count into an offer, and allowing the site injects the proxy into its tabs', async () => {
    const { injector, detectors, broadcaster, service } = await setUp();
    injector.pages.set(4, { url: 'https://shop.example/cart?x=1', webmcpTools: 0 });
    injector.pages.set(5, { url: 'https://shop.example/', webmcpTools: 0 });
    detectors.offer(4, 'https://shop.example/cart?x=1', 3);
    detectors.offer(5, 'https://shop.example/', 2);
    await expect(service.offers()).resolves.toEqual([
      { domain: 'shop.example', toolCount: 3, tabIds: [4, 5] },
    ]);
    expect(offersBroadcast(broadcaster).at(-1)).toEqual({
      type: 'page-tools/offers/changed',
      payload: { offers: [{ domain: 'shop.example', toolCount: 3, tabIds: [4, 5] }] },
    });
    expect(injector.injected).toEqual([]);

    await service.allow('shop.example', true);
    expect(injector.registered).toEqual({ always: ['shop.example'], once: [] });
    expect(injector.injected).toEqual([4, 5]);
    await expect(service.offers()).resolves.toEqual([]);
    expect(offersBroadcast(broadcaster).at(-1)?.payload).toEqual({ offers: [] });
  });

  it('registers a site allowed once apart from those always allowed', async () => {
    const { injector, service } = await setUp({ [ALLOWED_SITES_KEY]: ['shop.example'] });
    await service.allow('docs.example', false);
    expect(injector.registered).toEqual({ always: ['shop.example'], once: ['docs.example'] });
  });

  it('withdraws an offer when its tab goes or counts no tools', async () => {
    const { detectors, service } = await setUp();
    detectors.offer(4, 'https://shop.example/', 3);
    detectors.offer(6, 'https://news.example/', 1);
    await expect(service.offers()).resolves.toHaveLength(2);
    detectors.gone(4);
    detectors.offer(6, 'https://news.example/', 0);
    await expect(service.offers()).resolves.toEqual([]);
  });

  it('ignores counts from pages that are not https (or http on this machine)', async () => {
    const { detectors, service } = await setUp();
    detectors.offer(4, 'http://shop.example/', 3);
    detectors.offer(5, 'file:///tmp/page.html', 3);
    await expect(service.offers()).resolves.toEqual([]);
  });

  it('injects the proxy into a page of an allowed site that has none, instead of offering it', async () => {
    const { injector, detectors, service } = await setUp({ [ALLOWED_SITES_KEY]: ['shop.example'] });
    detectors.offer(9, 'https://shop.example/', 2);
    await expect(service.offers()).resolves.toEqual([]);
    expect(injector.injected).toEqual([9]);
  });

  it('stops registering a site the person no longer allows; its open tabs are asked again', async () => {
    const { fake, injector, service } = await setUp({ [ALLOWED_SITES_KEY]: ['shop.example'] });
    await service.init();
    fake.post(2, 'https://shop.example/', registerTools([{ name: 'get_cart', description: '' }]));
    await service.forget('shop.example');
    expect(injector.registered).toEqual({ always: [], once: [] });
    await expect(service.offers()).resolves.toEqual([
      { domain: 'shop.example', toolCount: 1, tabIds: [2] },
    ]);
  });

  it('says so when the browser refuses to register or inject, and keeps the permission', async () => {
    const { injector, detectors, service, logged } = await setUp();
    await service.init();
    detectors.offer(4, 'https://shop.example/', 3);
    await service.offers();
    injector.failNext();
    await service.allow('shop.example', true);
    await expect(service.sites()).resolves.toEqual(['shop.example']);
    expect(logged).toEqual([expect.stringContaining('could not register the proxy')]);
  });
});

describe('looking at the tab the person is on', () => {
  it('offers a site not allowed yet whose page has WebMCP tools, and injects the proxy on allow', async () => {
    const { fakeTabs, injector, service } = await setUp();
    injector.pages.set(7, { url: 'https://recipes.example/soup', webmcpTools: 2 });
    fakeTabs.activate(7);
    await expect(service.checkActiveTab()).resolves.toEqual([
      { domain: 'recipes.example', toolCount: 2, tabIds: [7] },
    ]);
    await service.allow('recipes.example', false);
    expect(injector.injected).toEqual([7]);
  });

  it('offers nothing for a page without tools, an allowed site, or a page that is not https', async () => {
    const { fakeTabs, injector, service } = await setUp({ [ALLOWED_SITES_KEY]: ['shop.example'] });
    injector.pages.set(1, { url: 'https://news.example/', webmcpTools: 0 });
    injector.pages.set(2, { url: 'https://shop.example/', webmcpTools: 3 });
    injector.pages.set(3, { url: 'http://plain.example/', webmcpTools: 3 });
    for (const tabId of [1, 2, 3]) {
      fakeTabs.activate(tabId);
      await expect(service.checkActiveTab()).resolves.toEqual([]);
    }
    // A tab the browser will not look into (chrome://, the store) offers nothing either.
    fakeTabs.activate(4);
    await expect(service.checkActiveTab()).resolves.toEqual([]);
  });
});

describe('the panel looking at the tab the person is on', () => {
  it('runs the detector only where an MCP-B server answered the look, on a site not allowed', async () => {
    const { fakeTabs, injector, service } = await setUp({ [ALLOWED_SITES_KEY]: ['shop.example'] });
    const server = { webmcpTools: 0, mcpB: true };
    injector.pages.set(1, { url: 'https://news.example/today', ...server });
    injector.pages.set(2, { url: 'https://shop.example/', ...server });
    injector.pages.set(3, { url: 'http://plain.example/', ...server });
    injector.pages.set(4, { url: 'chrome://settings/', ...server });
    injector.pages.set(5, { url: 'http://shop.localhost:8080/', ...server });
    // Most pages: no server of their own, and nothing of Patchbay is left in them.
    injector.pages.set(7, { url: 'https://blog.example/', webmcpTools: 0, mcpB: false });
    const lookAgain: boolean[] = [];
    for (const tabId of [1, 2, 3, 4, 5, 6, 7]) {
      fakeTabs.activate(tabId);
      lookAgain.push(await service.lookAtActiveTab());
    }
    // Tab 6 is one the browser says nothing about: nothing runs there either.
    expect(injector.detected).toEqual([1, 5]);
    // Only the page of a site not allowed that answered with nothing yet is worth another look.
    expect(lookAgain).toEqual([false, false, false, false, false, false, true]);
  });

  it('does not take a look to a tab brought to the front while it waited: that tab gets a look of its own', async () => {
    const { fakeTabs, injector, service } = await setUp();
    injector.pages.set(1, { url: 'chrome-extension://patchbay/sidepanel.html', webmcpTools: 0 });
    injector.pages.set(2, { url: 'https://shop.example/', webmcpTools: 0, mcpB: true });
    fakeTabs.activate(1);
    const look = service.lookAtActiveTab();
    // The panel's tab closed and the person went to the shop before the look ran.
    fakeTabs.activate(2);
    await expect(look).resolves.toBe(false);
    expect(injector.detected).toEqual([]);
    // The shop's own look, asked with the shop in front, runs the detector there.
    await service.lookAtActiveTab();
    expect(injector.detected).toEqual([2]);
  });

  it('offers a site whose page registered WebMCP tools without a click, and tells the panel', async () => {
    const { fakeTabs, injector, service, broadcaster } = await setUp();
    injector.pages.set(7, { url: 'https://recipes.example/soup', webmcpTools: 2 });
    fakeTabs.activate(7);
    await expect(service.lookAtActiveTab()).resolves.toBe(false);
    expect(offersBroadcast(broadcaster).at(-1)?.payload).toEqual({
      offers: [{ domain: 'recipes.example', toolCount: 2, tabIds: [7] }],
    });
    // No MCP-B server answered the look: no detector is left in the page.
    expect(injector.detected).toEqual([]);
  });

  it('keeps a detector’s offer when the page registered no WebMCP tools', async () => {
    const { fakeTabs, injector, detectors, service } = await setUp();
    injector.pages.set(4, { url: 'https://shop.example/cart', webmcpTools: 0 });
    detectors.offer(4, 'https://shop.example/cart', 3);
    fakeTabs.activate(4);
    await service.lookAtActiveTab();
    await expect(service.offers()).resolves.toEqual([
      { domain: 'shop.example', toolCount: 3, tabIds: [4] },
    ]);
  });

  it('drops a WebMCP offer once its tab is on another site, and injects nothing there', async () => {
    const { fakeTabs, injector, service } = await setUp();
    injector.pages.set(7, { url: 'https://recipes.example/soup', webmcpTools: 2 });
    fakeTabs.activate(7);
    await service.lookAtActiveTab();
    // The tab moves on before the person decides: the offer goes with the next look…
    injector.pages.set(7, { url: 'https://news.example/', webmcpTools: 0 });
    await service.lookAtActiveTab();
    await expect(service.offers()).resolves.toEqual([]);
    // …and an offer taken up after the tab left gets it nothing.
    injector.pages.set(8, { url: 'https://recipes.example/', webmcpTools: 2 });
    fakeTabs.activate(8);
    await service.lookAtActiveTab();
    injector.pages.set(8, { url: 'https://bank.example/', webmcpTools: 0 });
    await service.allow('recipes.example', false);
    expect(injector.injected).toEqual([]);
  });

  it('says so when the page does not answer the look, and leaves it alone', async () => {
    const { fakeTabs, injector, service, logged } = await setUp();
    injector.pages.set(1, { url: 'https://news.example/', webmcpTools: 0, mcpB: true });
    fakeTabs.activate(1);
    await service.init();
    injector.probe = async () => {
      throw new Error('The page did not answer the look in time.');
    };
    // A page that does not answer is not looked at again and again.
    await expect(service.lookAtActiveTab()).resolves.toBe(false);
    expect(logged).toEqual([
      'Tab 1 could not be looked at: The page did not answer the look in time.',
    ]);
    expect(injector.detected).toEqual([]);
    await expect(service.offers()).resolves.toEqual([]);
  });

  it('says so when the browser refuses the detector', async () => {
    const { fakeTabs, injector, service, logged } = await setUp();
    injector.pages.set(1, { url: 'https://news.example/', webmcpTools: 0, mcpB: true });
    fakeTabs.activate(1);
    await service.init();
    const original = injector.detect;
    injector.detect = async () => {
      throw new Error('Cannot access contents of the page');
    };
    await service.lookAtActiveTab();
    injector.detect = original;
    expect(logged).toEqual([
      'The detector could not run in tab 1: Cannot access contents of the page',
    ]);
  });

  it('runs the detector anyway when the person asks what the tab offers (a server may start later)', async () => {
    const { fakeTabs, injector, service } = await setUp();
    injector.pages.set(7, { url: 'https://recipes.example/soup', webmcpTools: 0 });
    fakeTabs.activate(7);
    await service.checkActiveTab();
    expect(injector.detected).toEqual([7]);
  });
});

describe('the pages a site’s registration matches', () => {
  it('are its https pages, and plain http only on this machine', () => {
    expect(sitePatterns('Shop.Example')).toEqual(['https://shop.example/*']);
    expect(sitePatterns('shop.localhost')).toEqual([
      'https://shop.localhost/*',
      'http://shop.localhost/*',
    ]);
    expect(sitePatterns('127.0.0.1')).toEqual(['https://127.0.0.1/*', 'http://127.0.0.1/*']);
  });
});
