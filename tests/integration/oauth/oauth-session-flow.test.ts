/**
 * A server's OAuth session (`AuthSession`) against the real authorization server: signing in,
 * and what a refresh comes to, alone or while a sign-in is under way.
 */
import { describe, expect, it } from 'vitest';
import {
  startOAuthFixture,
  type OAuthFixture,
  type OAuthFixtureOptions,
} from '../../fixtures/oauth-server';
import { createNodeIdentity, type ConsentBehaviour } from '../../helpers/node-identity';
import { AuthSession, refreshAlarmName, type RefreshOutcome } from '../../../src/oauth/session';
import { createMemoryStore, createTimerAlarms } from '../../../src/platform/memory';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function sessionParts(
  initial: Record<string, unknown> = {},
  fixtureOptions: OAuthFixtureOptions = {},
) {
  const fixture = await startOAuthFixture({ resourceMetadata: 'path-aware', ...fixtureOptions });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
  const store = createMemoryStore(initial);
  const alarms = createTimerAlarms();
  const session = new AuthSession({
    serverId: 'notes',
    serverUrl: fixture.mcpUrl,
    store,
    identity,
    alarms,
    fetch,
  });
  cleanups.push(() => alarms.clear(refreshAlarmName('notes')));
  return { fixture, identity, store, alarms, session };
}

const refreshGrants = (fixture: OAuthFixture) =>
  fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token');

describe('a server session signing in', () => {
  it('discovers the authorization server afresh instead of trusting a stored one', async () => {
    const { identity, session, fixture } = await sessionParts({
      'mcp.notes.oauth.endpoints': { authorizationServerUrl: 'http://127.0.0.1:1/gone' },
    });
    await session.signIn({});
    expect(session.tokens?.access_token).toEqual(expect.any(String));
    expect(identity.opened[0]?.origin).toBe(new URL(fixture.issuer).origin);
  });

  it('signs in again over held tokens without opening a window', async () => {
    const { identity, session } = await sessionParts();
    await session.signIn({});
    const first = session.tokens;
    expect(identity.opened).toHaveLength(1);
    await session.signIn({});
    expect(identity.opened).toHaveLength(1);
    expect(session.tokens?.access_token).not.toBe(first?.access_token);
    expect(session.tokens?.refresh_token).toEqual(expect.any(String));
  });
});

describe('a server session refreshing its tokens', () => {
  it.each<[string, (fixture: OAuthFixture) => Promise<void>, RefreshOutcome]>([
    ['a new access token', async () => undefined, 'refreshed'],
    [
      'the sign-in kept when the authorization server is down',
      (fixture) => fixture.stopAuthorizationServer(),
      'unreachable',
    ],
    [
      'the sign-in forgotten when the authorization server revoked it',
      (fixture) => fixture.revokeAll(),
      'rejected',
    ],
  ])('comes to %s, opening no window', async (_name, meanwhile, outcome) => {
    const { fixture, identity, store, alarms, session } = await sessionParts();
    await session.signIn({});
    const held = session.tokens;
    await meanwhile(fixture);

    expect(await session.refresh()).toBe(outcome);

    expect(identity.opened).toHaveLength(1);
    // Whatever auth() prepared for a new sign-in is dropped: nothing opens without the person.
    expect(store.snapshot()['oauth.notes.pending']).toBeUndefined();
    const stored = store.snapshot()['oauth.notes.tokens'];
    if (outcome === 'refreshed') {
      expect(session.tokens?.access_token).not.toBe(held?.access_token);
      expect(stored).toEqual(session.tokens);
      expect(alarms.scheduled().get(refreshAlarmName('notes'))).toBeLessThan(
        session.tokens?.expires_at ?? 0,
      );
    } else if (outcome === 'unreachable') {
      expect(session.tokens).toEqual(held);
      expect(stored).toEqual(held);
    } else {
      expect(session.tokens).toBeUndefined();
      expect(stored).toBeUndefined();
    }
  });

  it.each<[string, ConsentBehaviour, boolean, RefreshOutcome, number]>([
    ['refreshed once the sign-in’s tokens arrive', 'approve', false, 'refreshed', 1],
    ['rejected when a first sign-in is refused', 'close', false, 'rejected', 1],
    // The client registered for `read` may not ask for `write`: the authorization server
    // refuses the first window (invalid_scope), Patchbay registers again with the wider scopes
    // and opens a second, which the person closes.
    ['unreachable when a step-up over held tokens is refused', 'close', true, 'unreachable', 2],
  ])(
    'waits for a sign-in under way, and comes to %s',
    async (_name, behaviour, signedInBefore, outcome, windowsOpened) => {
      const { fixture, identity, session } = await sessionParts({}, { consent: 'page' });
      if (signedInBefore) await session.signIn({});
      const windows = identity.opened.length;

      let answer!: () => void;
      identity.hold = new Promise<void>((resolve) => (answer = resolve));
      identity.behaviour = behaviour;
      const signingIn = session
        .signIn(signedInBefore ? { stepUp: true, scope: 'read write' } : {})
        .then(
          () => 'signed in',
          () => 'refused',
        );
      await expect.poll(() => identity.opened.length, { timeout: 10_000 }).toBe(windows + 1);

      const refreshing = session.refresh();
      answer();
      expect(await refreshing).toBe(outcome);
      expect(await signingIn).toBe(behaviour === 'approve' ? 'signed in' : 'refused');
      // The sign-in owned the token endpoint: no refresh grant of its own.
      expect(refreshGrants(fixture)).toEqual([]);
      // A window the person closed is not opened again.
      expect(identity.opened).toHaveLength(windows + windowsOpened);
    },
  );

  it('registers again for a step-up the registered client may not ask for, and signs in', async () => {
    const { fixture, identity, session } = await sessionParts({}, { consent: 'page' });
    await session.signIn({});
    await session.signIn({ stepUp: true, scope: 'read write' });

    expect(identity.opened.map((url) => url.searchParams.get('scope'))).toEqual([
      'read offline_access',
      'read write offline_access',
      'read write offline_access',
    ]);
    const [first, refused, second] = identity.opened.map((url) =>
      url.searchParams.get('client_id'),
    );
    expect(refused).toBe(first);
    expect(second).not.toBe(first);
    expect(await fixture.registeredClients()).toHaveLength(2);
    expect(session.tokens?.scope?.split(' ')).toEqual(expect.arrayContaining(['read', 'write']));
  });
});
