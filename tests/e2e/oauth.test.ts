import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-server';
import { launchExtension, type ExtensionSession } from './harness';

let session: ExtensionSession;
const fixtures: OAuthFixture[] = [];

beforeAll(async () => {
  session = await launchExtension();
});

afterEach(() => {
  expect(session.errors).toEqual([]);
});

afterAll(async () => {
  await session?.close();
  await Promise.all(fixtures.map((fixture) => fixture.close()));
});

async function addServer(page: Page, name: string, url: string) {
  await page.getByRole('button', { name: 'Add server' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('URL').fill(url);
  await page
    .getByRole('form', { name: 'Add a server' })
    .getByRole('button', { name: 'Add server' })
    .click();
  const card = page.locator('li.server', { hasText: name });
  await card.waitFor();
  return card;
}

describe('OAuth sign-in in Chromium', () => {
  it('signs in through the consent page when a protected server is switched on, and keeps working after a worker restart', async () => {
    const fixture = await startOAuthFixture({ consent: 'page' });
    fixtures.push(fixture);
    const page = await session.openServers();
    const card = await addServer(page, 'Notion-like', fixture.mcpUrl);

    const consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    await card.getByRole('switch', { name: 'Enable Notion-like' }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).waitFor();
    await card.locator('[data-state="authorizing"]').waitFor();
    await consent.getByRole('button', { name: 'Approve' }).click();

    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    await card.locator('[data-tool="whoami"]').waitFor();
    await expect(card.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
    await session.screenshot(page, 'servers-oauth-connected');

    const servers = (await session.send(page, 'mcp/servers/get')) as {
      result: { servers: { id: string; name: string }[] };
    };
    const id = servers.result.servers.find((server) => server.name === 'Notion-like')!.id;
    // Nothing a page can read carries a token.
    expect(JSON.stringify(servers)).not.toMatch(/access_token|refresh_token/);

    await session.stopWorker(page);
    const result = await session.send(page, `mcp/${id}/tool/call`, {
      name: 'whoami',
      arguments: {},
    });
    expect(result).toEqual({
      ok: true,
      result: { content: [{ type: 'text', text: 'user: user-1 scopes: read' }] },
    });
    expect(
      fixture.tokenRequests.filter((request) => request.grantType === 'authorization_code'),
    ).toHaveLength(1);
  });

  it('says the sign-in was cancelled when the consent window is closed, and signs in with one click later', async () => {
    const fixture = await startOAuthFixture({ consent: 'page', transport: 'sse' });
    fixtures.push(fixture);
    const page = await session.openServers();
    const card = await addServer(page, 'Linear-like', fixture.mcpUrl);

    let consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    await card.getByRole('switch', { name: 'Enable Linear-like' }).click();
    await (await consentOpened).close();
    await card
      .getByText('Sign-in to Linear-like was cancelled: the window was closed.')
      .waitFor({ timeout: 15_000 });
    await card.locator('[data-state="needs-auth"]').waitFor();
    expect(fixture.tokenRequests).toEqual([]);

    consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    await card.getByRole('button', { name: 'Sign in' }).click();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).click();
    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    await card.locator('[data-tool="echo"]').waitFor();
  });

  it('refreshes short-lived tokens on a chrome.alarms alarm', async () => {
    const fixture = await startOAuthFixture({ consent: 'auto', accessTokenTtl: 4 });
    fixtures.push(fixture);
    const page = await session.openServers();
    const card = await addServer(page, 'Short-lived', fixture.mcpUrl);
    await card.getByRole('switch', { name: 'Enable Short-lived' }).click();
    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    const alarms = await session.worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { alarms: { getAll(): Promise<{ name: string }[]> } } }
      ).chrome.alarms.getAll(),
    );
    expect(alarms.map((alarm) => alarm.name)).toContainEqual(
      expect.stringMatching(/^mcp-token-refresh-custom-/),
    );
    await expect
      .poll(
        () =>
          fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token').length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThanOrEqual(1);
    await card.locator('[data-state="connected"]').waitFor();
  });
});
