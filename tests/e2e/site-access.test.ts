/**
 * No site access at install, in Chromium: a new install holds no site, so a server added
 * reaches nothing until Chrome allows its site (the card says so, with Allow access, and no
 * request leaves); a profile that allowed one site reaches servers there and nothing else; the
 * browser's own tools and websites' tools say they need all sites before asking. Chrome's prompt
 * itself cannot be clicked from Playwright: a grant's effects (reconnecting at once, signing in)
 * are tested against the platform twin (tests/integration/mcp/site-access.test.ts).
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { WEBSITE_TOOLS } from '../../components/page-tools/BrowserToolsSection';
import { whatSiteAccessAllows } from '../../src/permissions/browser-permissions';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addServerThroughForm, serverCard } from './server-setup';
import { saveModelSettings } from './chat-setup';

interface PermissionsSpy {
  chrome: { permissions: { request(query: unknown): Promise<boolean> } };
}

interface ChromePermissions {
  chrome: { permissions: { getAll(): Promise<{ origins?: string[] }> } };
}

const sitesHeld = (page: Page) =>
  page.evaluate(async () =>
    (
      await (globalThis as unknown as ChromePermissions).chrome.permissions.getAll()
    ).origins?.sort(),
  );

/**
 * Records what the page asks Chrome's prompt for (which Playwright cannot answer): each
 * request is then left open, as an unanswered prompt, or granted.
 */
const recordRequests = (page: Page, answer: 'left open' | 'granted') =>
  page.evaluate((granted) => {
    const chrome = (globalThis as unknown as PermissionsSpy).chrome;
    const asked: unknown[] = [];
    (globalThis as unknown as { asked: unknown[] }).asked = asked;
    chrome.permissions.request = (query: unknown) => {
      asked.push(query);
      return granted ? Promise.resolve(true) : new Promise(() => undefined);
    };
  }, answer === 'granted');

let fixture: FixtureServer;
beforeEach(async () => {
  fixture = closeAfterTest(await startFixtureServer());
});

describe('a new install (no site allowed)', () => {
  const session = freshExtensionPerTest({ sites: 'none' });

  it('holds no site, and a server added waits for its site to be allowed, sending nothing', async () => {
    const page = await session.openServers();
    expect(await sitesHeld(page)).toEqual([]);
    // The Add click asks Chrome for 127.0.0.1 (its prompt stays open here, unanswered).
    const card = await addServerThroughForm(page, { name: 'Local tools', url: fixture.mcpUrl });
    const allow = card.getByRole('button', { name: 'Allow access' });
    await allow.waitFor();
    expect(await card.textContent()).toContain('Patchbay may not reach 127.0.0.1 yet');
    expect(fixture.requests).toEqual([]);
    await session.screenshot(page, 'site-access-needed');
  });

  it('asks for a suggested server’s site when the empty chat switches it on, and says what waits', async () => {
    const page = await session.openSidePanel();
    await saveModelSettings(page, {
      provider: 'compatible',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    await page.reload();
    // Chrome's prompt cannot be answered here: record what the click asks it for.
    await recordRequests(page, 'left open');
    const servers = page.getByRole('region', { name: 'Suggested servers' });
    await servers.getByRole('button', { name: 'Enable DeepWiki' }).click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { asked: unknown[] }).asked))
      .toEqual([{ origins: ['https://mcp.deepwiki.com/*'] }]);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const card = serverCard(page, 'DeepWiki');
    await card.getByRole('button', { name: 'Allow access' }).waitFor();
    expect(await card.getByRole('status').textContent()).toBe('Site access needed');
  });

  it('says what websites’ tools need before asking for all sites', async () => {
    const page = await session.openServers();
    const note = page.getByLabel(`${WEBSITE_TOOLS}: browser permission`);
    await note.waitFor();
    expect(await note.textContent()).toContain(whatSiteAccessAllows(WEBSITE_TOOLS));
    expect(await note.getAttribute('data-state')).toBe('asking');
    await note.getByRole('button', { name: 'Not now' }).click();
    await note.waitFor({ state: 'detached' });
  });
});

describe('a profile that allowed one site (127.0.0.1)', () => {
  const session = freshExtensionPerTest({ sites: ['http://127.0.0.1/*'] });

  it('connects to a server there at once, on any port, and still asks before all sites', async () => {
    const page = await session.openServers();
    expect(await sitesHeld(page)).toEqual(['http://127.0.0.1/*']);
    const card = await addServerThroughForm(page, {
      name: 'Local tools',
      url: fixture.mcpUrl,
      enable: true,
    });
    expect(await card.getByRole('button', { name: 'Allow access' }).count()).toBe(0);
    expect(fixture.requests.length).toBeGreaterThan(0);
    // All sites are not held: websites' tools still say what they need.
    const note = page.getByLabel(`${WEBSITE_TOOLS}: browser permission`);
    await note.waitFor();
    expect(await serverCard(page, 'Local tools').locator('[data-state="connected"]').count()).toBe(
      1,
    );
  });
});

describe('an install from before site access was asked for (all sites kept)', () => {
  const session = freshExtensionPerTest();

  it('keeps all sites, asks Chrome nothing more, and websites’ tools say nothing', async () => {
    const page = await session.openServers();
    expect(await sitesHeld(page)).toEqual(['<all_urls>']);
    // Chrome would prompt for a site even with all sites held: Patchbay must not ask.
    await recordRequests(page, 'granted');
    await addServerThroughForm(page, { name: 'Local tools', url: fixture.mcpUrl, enable: true });
    expect(
      await page.evaluate(() => (globalThis as unknown as { asked: unknown[] }).asked),
    ).toEqual([]);
    expect(await page.getByLabel(`${WEBSITE_TOOLS}: browser permission`).count()).toBe(0);
  });
});
