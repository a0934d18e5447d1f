/**
 * No page tax: in Chromium, a page of a site nobody allowed gets nothing. Once it is the tab the
 * open panel is on, it is looked at in its own world, which leaves nothing behind, and gets the
 * detector (no proxy in Patchbay's world, no bridge in the page's) only when an MCP-B server
 * answered that look; allowing a site registers the proxy and bridge for
 * its pages (kept across worker restarts, and made from storage for sites allowed before this
 * version), and forgetting it unregisters them.
 */
import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startFixtureSites, type FixtureSites } from '../fixtures/page-tools/site-server';
import {
  freshExtensionPerTest,
  launchExtension,
  requestFrom,
  type ExtensionSession,
} from './harness';

const session = freshExtensionPerTest();
let sites: FixtureSites;
let panel: Page;

beforeAll(async () => {
  sites = await startFixtureSites();
});
afterAll(async () => {
  await sites?.close();
});
beforeEach(async () => {
  panel = await session.openSidePanel();
});

/** What of Patchbay runs in a page: the detector's world, the proxy in it, the bridge. */
async function patchbayIn(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const contexts: { id: number; name: string; auxData?: { type?: string; frameId?: string } }[] =
    [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
  await cdp.send('Runtime.enable');
  const isolated = contexts.find(
    (context) => context.auxData?.type === 'isolated' && context.name === 'Patchbay',
  );
  const proxy = isolated
    ? (
        await cdp.send('Runtime.evaluate', {
          contextId: isolated.id,
          returnByValue: true,
          expression: `globalThis['patchbay.pageTools.proxy'] === true`,
        })
      ).result.value
    : false;
  await cdp.detach();
  const bridge = await page.evaluate(() => Symbol.for('patchbay.webmcpBridge') in window);
  return { detector: Boolean(isolated), proxy, bridge };
}

/** The scripts Patchbay registered at run time, with the pages they match. */
const registered = (on: Page = panel) =>
  on.evaluate(async () => {
    const { scripting } = (
      globalThis as unknown as {
        chrome: {
          scripting: {
            getRegisteredContentScripts(): Promise<
              { id: string; matches?: string[]; world?: string; persistAcrossSessions?: boolean }[]
            >;
          };
        };
      }
    ).chrome;
    return (await scripting.getRegisteredContentScripts())
      .map(({ id, matches, world, persistAcrossSessions }) => ({
        id,
        // Chrome keeps no order of patterns.
        matches: matches?.sort(),
        world,
        persistAcrossSessions,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  });

async function open(host: string, ready = true, query = '') {
  const tab = await session.context.newPage();
  await tab.goto(sites.url(host, `/${query}`));
  if (ready) await tab.locator('body[data-ready="true"]').waitFor();
  return tab;
}

const SHOP_SCRIPTS = [
  {
    id: 'page-tools-always',
    matches: ['http://shop.localhost/*', 'https://shop.localhost/*'],
    world: 'ISOLATED',
    persistAcrossSessions: true,
  },
  {
    id: 'webmcp-bridge-always',
    matches: ['http://shop.localhost/*', 'https://shop.localhost/*'],
    world: 'MAIN',
    persistAcrossSessions: true,
  },
];

describe('what of Patchbay runs in web pages', () => {
  it('is nothing on sites nobody allowed, and the detector only where the open panel heard an MCP-B server', async () => {
    expect(await registered()).toEqual([]);
    await panel.close();
    const plain = await open('plain.localhost', false);
    const shop = await open('shop.localhost');
    // With the panel closed, no page gets anything of Patchbay, tools or not.
    expect(await patchbayIn(plain)).toEqual({ detector: false, proxy: false, bridge: false });
    expect(await patchbayIn(shop)).toEqual({ detector: false, proxy: false, bridge: false });
    // The panel open (a tab of its own here, so it is in front), then the person goes to the shop.
    panel = await session.openSidePanel();
    await shop.bringToFront();
    await panel.getByText('shop.localhost offers 2 tools').waitFor();
    expect(await patchbayIn(shop)).toEqual({ detector: true, proxy: false, bridge: false });
    expect(await patchbayIn(plain)).toEqual({ detector: false, proxy: false, bridge: false });
    // The panel looks at the plain page too, in the page's own world: no MCP-B server answers,
    // so nothing of Patchbay is left there (the same look, asked for and awaited, says when).
    await plain.bringToFront();
    await requestFrom(session, panel, 'page-tools/look');
    expect(await patchbayIn(plain)).toEqual({ detector: false, proxy: false, bridge: false });
    // Asked about the tab, Patchbay leaves the detector there, for a server that starts later.
    await panel.getByRole('tab', { name: 'Servers' }).click();
    await panel.getByRole('button', { name: 'Look for tools in the active tab' }).click();
    await expect.poll(() => patchbayIn(plain)).toMatchObject({ detector: true });
    expect(await patchbayIn(plain)).toEqual({ detector: true, proxy: false, bridge: false });
  });

  it('adds the proxy and bridge to an allowed site’s pages, and takes them away when forgotten', async () => {
    const shop = await open('shop.localhost');
    await panel.getByText('shop.localhost offers 2 tools').waitFor();
    await requestFrom(session, panel, 'page-tools/allow', {
      domain: 'shop.localhost',
      always: true,
    });
    expect(await registered()).toEqual(SHOP_SCRIPTS);
    // The open tab that offered its tools got them injected; new pages get them from the start.
    await expect.poll(() => patchbayIn(shop)).toMatchObject({ proxy: true, bridge: true });
    const again = await open('shop.localhost');
    expect(await patchbayIn(again)).toEqual({ detector: true, proxy: true, bridge: true });
    const other = await open('other.localhost');
    expect(await patchbayIn(other)).toMatchObject({ proxy: false, bridge: false });

    await requestFrom(session, panel, 'page-tools/forget', { domain: 'shop.localhost' });
    expect(await registered()).toEqual([]);
    await again.reload();
    await again.locator('body[data-ready="true"]').waitFor();
    // No proxy any more; the open panel's detector goes in once the page has loaded.
    await expect
      .poll(() => patchbayIn(again))
      .toEqual({ detector: true, proxy: false, bridge: false });
  });

  it('offers a site with WebMCP tools only as soon as the open panel looks at its tab', async () => {
    await panel.getByRole('tab', { name: 'Servers' }).click();
    const recipes = await open('recipes.localhost');
    // The open panel is on it: once it has loaded, a look in the page's world counts its WebMCP
    // tools (no click); no MCP-B server answers, so nothing of Patchbay is left in the page.
    const offer = panel.getByRole('group', { name: 'recipes.localhost offers tools' });
    await offer.getByText('recipes.localhost offers 2 tools').waitFor();
    expect(await patchbayIn(recipes)).toEqual({ detector: false, proxy: false, bridge: false });
    // Looking again (the button) finds the same, and leaves the detector for a later server;
    // the looks left nothing in the page's own world.
    await recipes.bringToFront();
    await panel.getByRole('button', { name: 'Look for tools in the active tab' }).click();
    await panel.getByText('Sites waiting for you are listed at the top.').waitFor();
    await expect.poll(() => patchbayIn(recipes)).toMatchObject({ detector: true });
    expect(await patchbayIn(recipes)).toMatchObject({ proxy: false, bridge: false });
    await offer.getByRole('button', { name: 'Allow once' }).click();
    await expect
      .poll(async () =>
        (
          await requestFrom<{ tools: { name: string; serverId: string }[] }>(
            session,
            panel,
            'mcp/tools/list',
          )
        ).tools
          .filter((tool) => tool.serverId === 'page-tools')
          .map((tool) => tool.name)
          .sort(),
      )
      .toEqual([
        'website_tool_recipes_localhost_tab1_find_recipe',
        'website_tool_recipes_localhost_tab1_plan_meal',
      ]);
  });

  it('offers a site whose page registers its tools or starts its server a while after it loaded', async () => {
    await panel.getByRole('tab', { name: 'Servers' }).click();
    // The look when the page has loaded finds no tools yet; the panel's later look does.
    const recipes = await open('recipes.localhost', false, '?late=1000');
    await recipes.locator('body[data-ready="true"]').waitFor();
    const offer = panel.getByRole('group', { name: 'recipes.localhost offers tools' });
    await offer.getByText('recipes.localhost offers 2 tools').waitFor();
    await session.screenshot(panel, 'page-tools-late-offer');
    expect(await patchbayIn(recipes)).toEqual({ detector: false, proxy: false, bridge: false });
    // An MCP-B server that starts late: no answer at the first look, so no detector until a
    // later look hears the server.
    const shop = await open('shop.localhost', false, '?late=1000');
    await shop.locator('body[data-ready="true"]').waitFor();
    await panel.getByText('shop.localhost offers 2 tools').waitFor();
    expect(await patchbayIn(shop)).toEqual({ detector: true, proxy: false, bridge: false });
  });

  it('registers sites allowed before this version when the worker starts', async () => {
    // As an earlier version left the profile: the site in storage, nothing registered. The
    // browser then starts again on it (as after an update), and its new worker registers.
    const profile = mkdtempSync(join(tmpdir(), 'patchbay-e2e-profile-'));
    onTestFinished(() => rmSync(profile, { recursive: true, force: true }));
    const launches: ExtensionSession[] = [];
    onTestFinished(async () => {
      for (const launched of launches) await launched.close().catch(() => undefined);
    });
    const before = await launchExtension({ userDataDir: profile });
    launches.push(before);
    // An extension page that runs no script of its own: an open panel's messages would start
    // the stopped worker again, which would register the site before the check below.
    const beforePanel = await before.context.newPage();
    await beforePanel.goto(`chrome-extension://${before.extensionId}/manifest.json`);
    await beforePanel.evaluate(async () => {
      const { storage } = (
        globalThis as unknown as {
          chrome: { storage: { local: { set(items: object): Promise<void> } } };
        }
      ).chrome;
      await storage.local.set({ 'pageTools.allowedSites': ['shop.localhost'] });
    });
    // This worker, still starting, may have read the site and registered it; the earlier
    // version did not. Stopped, it registers nothing more, and what it did is taken back.
    await before.stopWorker(beforePanel);
    await beforePanel.evaluate(async () => {
      const { scripting } = (
        globalThis as unknown as {
          chrome: { scripting: { unregisterContentScripts(): Promise<void> } };
        }
      ).chrome;
      await scripting.unregisterContentScripts();
    });
    expect(await registered(beforePanel)).toEqual([]);
    await before.close();

    const after = await launchExtension({ userDataDir: profile });
    launches.push(after);
    const afterPanel = await after.openSidePanel();
    await expect.poll(() => registered(afterPanel), { timeout: 10_000 }).toEqual(SHOP_SCRIPTS);
    const shop = await after.context.newPage();
    await shop.goto(sites.url('shop.localhost'));
    await shop.locator('body[data-ready="true"]').waitFor();
    expect(await patchbayIn(shop)).toMatchObject({ proxy: true, bridge: true });
    expect(after.errors).toEqual([]);
  });
});
