import { describe, expect, it } from 'vitest';
import { issuerStamps } from '../../../src/oauth/issuer-stamps';
import type { StoredTokens } from '../../../src/oauth/provider';
import { refreshTime } from '../../../src/oauth/revoke';
import { AuthSession, refreshAlarmName } from '../../../src/oauth/session';
import { createMemoryStore, createTimerAlarms } from '../../../src/platform/memory';
import { createNodeIdentity } from '../../helpers/node-identity';

/** The session's clock, which its timer alarms read too: any date works. */
const NOW = Date.parse('2031-03-09T12:00:00Z');
const ISSUER = 'https://auth.example';
const SERVER_URL = 'https://notes.example/mcp';
const ENDPOINTS = {
  authorizationServerUrl: ISSUER,
  authorizationServerMetadata: { issuer: ISSUER, authorization_endpoint: `${ISSUER}/a` },
};

function session(initial: Record<string, unknown> = {}, now = NOW) {
  const store = createMemoryStore(initial);
  const alarms = createTimerAlarms(() => now);
  const auth = new AuthSession({
    serverId: 'notes',
    serverUrl: SERVER_URL,
    store,
    identity: createNodeIdentity(),
    alarms,
    fetch,
    now: () => now,
  });
  return { store, alarms, auth };
}

const tokens = (extra: Partial<StoredTokens> = {}): StoredTokens => ({
  access_token: 'a1',
  token_type: 'Bearer',
  ...extra,
});

describe('when to refresh an access token', () => {
  it.each([
    { case: 'a long lifetime', expiresIn: 3_600_000, at: NOW + 3_600_000 - 60_000 },
    { case: 'a short lifetime', expiresIn: 100_000, at: NOW + 80_000 },
    { case: 'an expired token', expiresIn: -5_000, at: NOW - 5_000 },
  ])('refreshes a token with $case a little before it expires', ({ expiresIn, at }) => {
    expect(refreshTime(tokens({ refresh_token: 'r', expires_at: NOW + expiresIn }), NOW)).toBe(at);
  });

  it('never schedules a refresh without a refresh token or an expiry', () => {
    expect(refreshTime(tokens({ expires_at: NOW + 1000 }), NOW)).toBeUndefined();
    expect(refreshTime(tokens({ refresh_token: 'r' }), NOW)).toBeUndefined();
  });
});

describe('a server session restored from storage', () => {
  it('stamps sign-ins saved before issuer binding with the stored issuer, in storage too', async () => {
    const { store, auth } = session({
      'oauth.notes.tokens': tokens(),
      'mcp.notes.oauth.endpoints': ENDPOINTS,
    });
    await auth.load();
    expect(auth.tokens).toEqual({ ...tokens(), issuer: ISSUER });
    expect(store.snapshot()['oauth.notes.tokens']).toEqual({ ...tokens(), issuer: ISSUER });
  });

  it.each([
    { case: 'a discovery without metadata', endpoints: { authorizationServerUrl: ISSUER } },
    {
      case: 'metadata without an issuer',
      endpoints: { authorizationServerUrl: ISSUER, authorizationServerMetadata: {} },
    },
  ])('stamps nothing from $case', ({ endpoints }) => {
    expect(
      issuerStamps(
        { 'oauth.notes.tokens': tokens(), 'mcp.notes.oauth.endpoints': endpoints },
        'notes',
      ),
    ).toEqual({});
  });

  it.each([
    { case: 'nothing', entry: null },
    { case: 'a list', entry: ['a1'] },
    { case: 'a bare string', entry: 'a1' },
    {
      case: 'an already stamped entry',
      entry: { client_id: 'c', issuer: 'https://other.example' },
    },
  ])('leaves $case stored as a registration alone', ({ entry }) => {
    expect(
      issuerStamps(
        { 'oauth.notes.client': entry, 'mcp.notes.oauth.endpoints': ENDPOINTS },
        'notes',
      ),
    ).toEqual({});
  });

  it.each([
    { case: 'no tokens', stored: undefined, expired: false },
    { case: 'no expiry', stored: tokens(), expired: false },
    { case: 'an expiry later', stored: tokens({ expires_at: NOW + 1 }), expired: false },
    { case: 'an expiry now', stored: tokens({ expires_at: NOW }), expired: true },
    { case: 'an expiry past', stored: tokens({ expires_at: NOW - 1 }), expired: true },
  ])('knows whether the access token expired with $case', async ({ stored, expired }) => {
    const { auth } = session(stored ? { 'oauth.notes.tokens': stored } : {});
    await auth.load();
    expect(auth.isExpired()).toBe(expired);
  });

  it.each([
    {
      case: 'a token expiring in an hour',
      stored: tokens({ refresh_token: 'r', expires_at: NOW + 3_600_000 }),
      at: NOW + 3_600_000 - 60_000,
    },
    {
      case: 'an expired token',
      stored: tokens({ refresh_token: 'r', expires_at: NOW - 10_000 }),
      at: NOW + 1000,
    },
    {
      case: 'a token without a refresh token',
      stored: tokens({ expires_at: NOW + 60_000 }),
      at: undefined,
    },
    { case: 'no tokens', stored: undefined, at: undefined },
  ])('schedules the refresh alarm of $case', async ({ stored, at }) => {
    const { auth, alarms } = session(stored ? { 'oauth.notes.tokens': stored } : {});
    await alarms.schedule(refreshAlarmName('notes'), NOW + 7_200_000);
    await auth.load();
    expect(alarms.scheduled().get(refreshAlarmName('notes'))).toBe(at);
    await alarms.clear(refreshAlarmName('notes'));
  });

  it.each([
    { case: 'no tokens', stored: {} },
    { case: 'tokens without a refresh token', stored: { 'oauth.notes.tokens': tokens() } },
  ])('cannot refresh with $case', async ({ stored }) => {
    const { auth } = session(stored);
    await auth.load();
    expect(await auth.refresh()).toBe('no-refresh-token');
  });

  it('tells the granted scopes, none when nothing was granted', async () => {
    expect(await session().auth.grantedScopes()).toEqual([]);
    expect(await session({ 'oauth.notes.granted_scopes': ['read'] }).auth.grantedScopes()).toEqual([
      'read',
    ]);
  });
});

describe('forgetting a sign-in', () => {
  const SIGNED_IN = {
    'oauth.notes.tokens': tokens({ issuer: ISSUER }),
    'oauth.notes.granted_scopes': ['read'],
    'oauth.notes.challenged_scopes': ['write'],
    'oauth.notes.pending': { state: 's', startedAt: NOW },
    'oauth.notes.client': { client_id: 'dcr-1', issuer: ISSUER },
    'mcp.notes.oauth.endpoints': ENDPOINTS,
    'oauth.notes.preregistered_issuer': ISSUER,
    'mcp.notes.enabled': true,
  };

  it.each([
    {
      registration: false,
      kept: [
        'oauth.notes.client',
        'mcp.notes.oauth.endpoints',
        'oauth.notes.preregistered_issuer',
        'mcp.notes.enabled',
      ],
    },
    { registration: true, kept: ['mcp.notes.enabled'] },
  ])(
    'forgets the tokens and what the sign-in asked for (registration too: $registration)',
    async ({ registration, kept }) => {
      const { store, auth } = session(SIGNED_IN);
      await auth.load();
      await auth.forget({ registration });
      expect(auth.tokens).toBeUndefined();
      expect(Object.keys(store.snapshot()).sort()).toEqual([...kept].sort());
    },
  );

  it('signs out even when the authorization server cannot be reached to revoke', async () => {
    const { store, auth } = session({
      ...SIGNED_IN,
      'mcp.notes.oauth.endpoints': {
        ...ENDPOINTS,
        authorizationServerMetadata: {
          ...ENDPOINTS.authorizationServerMetadata,
          revocation_endpoint: 'http://127.0.0.1:1/revoke',
        },
      },
    });
    await auth.load();
    await auth.signOut();
    expect(auth.tokens).toBeUndefined();
    expect(store.snapshot()['oauth.notes.tokens']).toBeUndefined();
  });
});
