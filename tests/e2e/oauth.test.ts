import { describe, expect, it } from 'vitest';
import { startOAuthFixture } from '../fixtures/oauth-server';
import { closeAfterTest, freshExtensionPerTest } from './harness';
import { addServerThroughForm, openDetails } from './server-setup';

const session = freshExtensionPerTest();

describe('OAuth sign-in in Chromium', () => {
  it('signs in through the consent page when a protected server is switched on, and keeps working after a worker restart', async () => {
    const fixture = closeAfterTest(await startOAuthFixture({ consent: 'page' }));
    const page = await session.openServers();
    // Added, the server switches itself on, and the sign-in window opens.
    const consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    const card = await addServerThroughForm(page, { name: 'Notion-like', url: fixture.mcpUrl });
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).waitFor();
    await card.locator('[data-state="authorizing"]').waitFor();
    await consent.getByRole('button', { name: 'Approve' }).click();

    await card.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
    const details = await openDetails(card);
    await details.locator('[data-tool="whoami"]').waitFor();
    await details.getByText('Signed in with your account (OAuth)').waitFor();
    await expect(details.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
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
    const fixture = closeAfterTest(await startOAuthFixture({ consent: 'page', transport: 'sse' }));
    const page = await session.openServers();
    let consentOpened = session.context.waitForEvent('page', { timeout: 15_000 });
    const card = await addServerThroughForm(page, { name: 'Linear-like', url: fixture.mcpUrl });
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
    await (await openDetails(card)).locator('[data-tool="echo"]').waitFor();
  });

  it('refreshes tokens when their chrome.alarms alarm fires', async () => {
    // An hour-long token: nothing but the alarm makes Patchbay refresh it during this test.
    const fixture = closeAfterTest(
      await startOAuthFixture({ consent: 'auto', accessTokenTtl: 3600 }),
    );
    const page = await session.openServers();
    const card = await addServerThroughForm(page, {
      name: 'Short-lived',
      url: fixture.mcpUrl,
      enable: true,
    });
    const alarms = () =>
      session.worker.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: { alarms: { getAll(): Promise<{ name: string; scheduledTime: number }[]> } };
          }
        ).chrome.alarms.getAll(),
      );
    const refresh = (await alarms()).find((alarm) =>
      alarm.name.startsWith('mcp-token-refresh-custom-'),
    );
    expect(refresh, 'a refresh alarm for the server').toBeDefined();
    // Due a minute before the token expires, not now.
    expect(refresh!.scheduledTime).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(fixture.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
    ]);

    // The alarm goes off now instead of in an hour: the worker refreshes, and schedules the next.
    await session.worker.evaluate(
      (name) =>
        (
          globalThis as unknown as {
            chrome: { alarms: { create(name: string, info: { when: number }): Promise<void> } };
          }
        ).chrome.alarms.create(name, { when: Date.now() }),
      refresh!.name,
    );
    await expect
      .poll(
        () =>
          fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token').length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await card.locator('[data-state="connected"]').waitFor();
    await expect
      .poll(async () => (await alarms()).find((alarm) => alarm.name === refresh!.name))
      .toMatchObject({ scheduledTime: expect.any(Number) });
    const next = (await alarms()).find((alarm) => alarm.name === refresh!.name)!;
    expect(next.scheduledTime).toBeGreaterThan(Date.now() + 30 * 60_000);
  });
});
