/**
 * Issue 60's second half in a real Chromium: Servers › Import from a file (the file chooser),
 * the servers switched on and connected; a server without a header's value saying what to
 * enter and leading to the Edit form's field; Settings › Sync writing chrome.storage.sync
 * without a secret; the first-run screen's way to Restore.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../fixtures/mcp-fixture-server';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addServerThroughForm, serverCard, storeServerWithoutHeaderValue } from './server-setup';
import { openSettings } from './settings-setup';

const session = freshExtensionPerTest();
const SECRET = 'blue-secret-7f3a';
let fixture: FixtureServer;
let keyed: FixtureServer;

beforeEach(async () => {
  [fixture, keyed] = await Promise.all([
    startFixtureServer().then(closeAfterTest),
    startFixtureServer({ requiredHeaders: { 'X-Team': SECRET } }).then(closeAfterTest),
  ]);
});

/** chrome.storage as an extension page sees it (the tests' types do not declare `chrome`). */
interface PageChrome {
  chrome: {
    storage: {
      local: { set(items: unknown): Promise<void> };
      sync: { get(keys: null): Promise<Record<string, unknown>> };
    };
  };
}
const syncItems = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageChrome).chrome.storage.sync.get(null));

const connected = (page: Page, name: string) =>
  serverCard(page, name).locator('[data-state="connected"]').waitFor({ timeout: 15_000 });

describe('Servers › Import, missing header values and Sync', () => {
  it('imports servers from a chosen file, switched on and connecting', async () => {
    const page = await session.openServers();
    await page.getByRole('button', { name: 'More server actions' }).click();
    await page.getByRole('menuitem', { name: 'Import servers' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel(/Or choose a file/).click();
    const file = JSON.stringify({
      mcpServers: {
        'Fixture docs': { url: fixture.mcpUrl },
        'Local tool': { command: 'npx', args: ['some-server'] },
      },
    });
    await (
      await chooser
    ).setFiles({
      name: 'claude_desktop_config.json',
      mimeType: 'application/json',
      buffer: Buffer.from(file),
    });
    const preview = page.getByRole('list', { name: 'Preview' });
    await preview.getByText(/runs a local program/).waitFor();
    await session.screenshot(page, 'servers-import-file');
    await page.getByRole('button', { name: 'Add 1 server' }).click();
    await preview.getByText('Added.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await connected(page, 'Fixture docs');
    expect(
      await serverCard(page, 'Fixture docs')
        .getByRole('switch', { name: 'Enable Fixture docs' })
        .isChecked(),
    ).toBe(true);
  });

  it('says which header value to enter and opens the Edit form at it', async () => {
    const page = await session.openServers();
    await storeServerWithoutHeaderValue(session, page, {
      id: 'custom-synced1',
      name: 'Team docs',
      url: keyed.mcpUrl,
      header: 'X-Team',
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Servers' }).click();
    const card = serverCard(page, 'Team docs');
    await card.getByText(/Enter the value of X-Team: secrets are not synced/).waitFor();
    await card.screenshot({ path: await session.screenshot(page, 'servers-missing-header') });
    await card.getByRole('button', { name: 'Enter X-Team' }).click();
    const edit = page.getByRole('form', { name: 'Edit Team docs' });
    const value = edit.getByLabel('Header 1 value');
    await expect.poll(() => value.evaluate((input) => input === document.activeElement)).toBe(true);
    await value.fill(SECRET);
    await edit.getByRole('button', { name: 'Save' }).click();
    await connected(page, 'Team docs');
    await card.getByText(/Enter the value of X-Team/).waitFor({ state: 'detached' });
  });

  it('writes servers and switches to chrome.storage.sync once switched on, never a secret', async () => {
    const page = await session.openServers();
    await addServerThroughForm(page, {
      name: 'Team docs',
      url: keyed.mcpUrl,
      headers: { 'X-Team': SECRET },
      enable: true,
    });
    const before = await syncItems(page);
    expect(before).toEqual({});
    await openSettings(page, 'Chats and data');
    const sync = page.getByRole('group', { name: 'Sync' });
    await sync.getByRole('switch').check();
    await sync
      .getByRole('status')
      .getByText(/^Synced at/)
      .waitFor();
    await sync.screenshot({ path: await session.screenshot(page, 'settings-sync') });
    const written = JSON.stringify(await syncItems(page));
    expect(written).toContain('Team docs');
    expect(written).toContain('X-Team');
    expect(written).toContain(keyed.mcpUrl);
    expect(written).not.toContain(SECRET);
  });

  it('leads from the first-run screen to Settings › Backup’s restore', async () => {
    const page = await session.openServers();
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    const welcome = page.getByRole('region', { name: 'Welcome' });
    await welcome.screenshot({ path: await session.screenshot(page, 'first-run-restore') });
    await welcome.getByRole('button', { name: 'Restore from a backup' }).click();
    // Settings opens on Chats and data, where backup and restore are.
    await page.getByRole('tabpanel', { name: 'Chats and data' }).waitFor();
    await expect(
      page.getByRole('tab', { name: 'Chats and data' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    const chooser = page.getByLabel('Restore from a backup file');
    await expect
      .poll(() => chooser.evaluate((input) => input === document.activeElement))
      .toBe(true);
  });
});
