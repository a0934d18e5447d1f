import { describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixtureOptions } from '../../fixtures/oauth-server';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity } from '../../helpers/node-identity';
import { refreshAlarmName } from '../../../src/oauth/session';
import type { StoredTokens } from '../../../src/oauth/provider';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

type Harness = ReturnType<typeof createHarness>;

/** A server behind the real authorization server, signed in and connected. */
async function signedIn(fixtureOptions: OAuthFixtureOptions = {}) {
  const fixture = await startOAuthFixture({ consent: 'page', ...fixtureOptions });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
  const harness = createHarness({ identity });
  cleanups.push(() => harness.dispose());
  const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
  await harness.manager.enable(id);
  await harness.waitForState(id, 'connected');
  return { fixture, identity, harness, id };
}

function statesSince(harness: Harness, from: number, serverId: string): string[] {
  return harness.broadcaster.messages
    .slice(from)
    .flatMap((message) =>
      message.type === 'mcp/status/changed' && message.payload.serverId === serverId
        ? [message.payload.status.state]
        : [],
    );
}

function storedTokens(harness: Harness, id: string): StoredTokens | undefined {
  return harness.store.snapshot()[`oauth.${id}.tokens`] as StoredTokens | undefined;
}

function refreshGrants(fixture: { tokenRequests: { grantType: string }[] }): number {
  return fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token').length;
}

/**
 * Fires the server's refresh alarm, as the browser does when its time comes, and resolves with
 * the states the server moved through once the refresh is over.
 */
async function fireRefreshAlarm(harness: Harness, id: string): Promise<string[]> {
  const from = harness.broadcaster.messages.length;
  harness.alarms.fire(refreshAlarmName(id));
  await expect
    .poll(
      () => {
        const states = statesSince(harness, from, id);
        return states.includes('token-refresh') && states.at(-1) !== 'token-refresh';
      },
      { timeout: 10_000, message: 'the refresh the alarm started never ended' },
    )
    .toBe(true);
  await expect.poll(() => harness.keepAlive.active, { timeout: 10_000 }).toBe(0);
  return statesSince(harness, from, id);
}

describe('refresh while the authorization server is down', () => {
  it('keeps the sign-in, tries again on a new alarm, and uses the new token once the server is back', async () => {
    const { fixture, identity, harness, id } = await signedIn();
    const alarm = refreshAlarmName(id);
    const before = storedTokens(harness, id)!;
    expect(harness.alarms.scheduled().has(alarm)).toBe(true);

    await fixture.stopAuthorizationServer();
    const firedAt = Date.now();
    expect(await fireRefreshAlarm(harness, id)).toEqual(['token-refresh', 'connected']);

    // The server could not be reached: nothing was rejected, so nothing is forgotten.
    expect(storedTokens(harness, id)).toEqual(before);
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
    expect((await harness.manager.viewOf(id)).isSignedIn).toBe(true);
    expect(refreshGrants(fixture)).toBe(0);
    // A new alarm tries again, later.
    expect(harness.alarms.scheduled().get(alarm)).toBeGreaterThan(firedAt);
    // The access token is still good, so the tools keep working meanwhile.
    const during = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'still signed in' },
    });
    expect(during.content).toEqual([{ type: 'text', text: 'still signed in' }]);

    await fixture.startAuthorizationServer();
    expect(await fireRefreshAlarm(harness, id)).toEqual(['token-refresh', 'connected']);
    expect(refreshGrants(fixture)).toBe(1);
    const after = storedTokens(harness, id)!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(harness.alarms.scheduled().get(alarm)).toBeLessThan(after.expires_at!);

    const sentFrom = fixture.requests.length;
    const result = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'fresh' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'fresh' }]);
    const bearers = fixture.requests
      .slice(sentFrom)
      .filter((request) => request.app === 'mcp')
      .map((request) => request.headers.authorization);
    expect(bearers.length).toBeGreaterThan(0);
    expect(new Set(bearers)).toEqual(new Set([`Bearer ${after.access_token}`]));
    expect(identity.opened).toHaveLength(1);
  });
});

describe('a token the server refuses while the authorization server is down', () => {
  it('says the sign-in server is unreachable, not that the sign-in was refused, and reconnects once a later refresh works', async () => {
    const { fixture, identity, harness, id } = await signedIn();
    await fixture.expireAccessTokens();
    await fixture.stopAuthorizationServer();
    const unreachable =
      "Couldn't reach Notes's sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.";

    const firedAt = Date.now();
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'refused' } }),
    ).rejects.toMatchObject({ code: 'connection-failed', message: unreachable, retryable: true });
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'error', error: unreachable });
    expect((await harness.manager.viewOf(id)).isSignedIn).toBe(true);
    expect(harness.alarms.scheduled().get(refreshAlarmName(id))).toBeGreaterThan(firedAt);

    await fixture.startAuthorizationServer();
    expect(await fireRefreshAlarm(harness, id)).toEqual([
      'token-refresh',
      'connecting',
      'connected',
    ]);
    expect(refreshGrants(fixture)).toBe(1);
    const result = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'renewed' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'renewed' }]);
    // No window: the sign-in itself was never in doubt.
    expect(identity.opened).toHaveLength(1);
  });

  it('forgets the outage once the person signs in again: a later refusal is about the new sign-in', async () => {
    const { fixture, harness, id } = await signedIn();
    await fixture.expireAccessTokens();
    await fixture.stopAuthorizationServer();
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'refused' } }),
    ).rejects.toMatchObject({ code: 'connection-failed' });
    await fixture.startAuthorizationServer();
    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });

    // Refused with a 403, which no refresh is tried for.
    const grants = refreshGrants(fixture);
    fixture.refuseTokens(403);
    await harness.manager.disable(id);
    await harness.manager.enable(id);
    await harness.waitForState(id, 'invalid-token');
    expect(await harness.manager.getStatus(id)).toEqual({
      state: 'invalid-token',
      error: 'Notes no longer accepts your sign-in (HTTP 403). Sign in again.',
    });
    expect(refreshGrants(fixture)).toBe(grants);
  });
});

describe('refresh during a sign-in', () => {
  it('waits for the sign-in in progress and keeps its tokens, sending no refresh of its own', async () => {
    const { fixture, identity, harness, id } = await signedIn();
    const before = storedTokens(harness, id)!;
    const tokenRequestsBefore = fixture.tokenRequests.length;

    // A call needing wider access starts a step-up sign-in; its window stays open for now.
    let answer!: () => void;
    identity.hold = new Promise<void>((resolve) => (answer = resolve));
    const writing = harness.manager.callTool(id, {
      name: 'write_note',
      arguments: { text: 'hello' },
    });
    await expect.poll(() => identity.opened.length, { timeout: 10_000 }).toBe(2);

    // The refresh alarm comes while the window is open.
    const from = harness.broadcaster.messages.length;
    harness.alarms.fire(refreshAlarmName(id));
    await expect
      .poll(() => statesSince(harness, from, id), { timeout: 10_000 })
      .toContain('token-refresh');
    expect(fixture.tokenRequests.length).toBe(tokenRequestsBefore);

    identity.hold = undefined;
    answer();
    const written = await writing;
    expect(written.content).toEqual([{ type: 'text', text: 'Saved note: hello' }]);
    await expect.poll(() => harness.keepAlive.active, { timeout: 10_000 }).toBe(0);

    // One flow talked to the token endpoint: the sign-in's code exchange, no refresh grant.
    expect(fixture.tokenRequests.slice(tokenRequestsBefore)).toEqual([
      expect.objectContaining({ grantType: 'authorization_code' }),
    ]);
    const after = storedTokens(harness, id)!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.scope?.split(' ')).toEqual(expect.arrayContaining(['read', 'write']));
    expect(statesSince(harness, from, id)).not.toContain('invalid-token');
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
    const whoami = await harness.manager.callTool(id, { name: 'whoami', arguments: {} });
    expect(whoami.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^user: user-1 scopes: .*\bwrite\b/) },
    ]);
  });
});
