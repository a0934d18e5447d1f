import { describe, expect, it } from 'vitest';
import { EXTENSION_REDIRECT_URL } from '../../../src/oauth/client-metadata';
import { LOOPBACK_REDIRECT_URL } from '../../../src/oauth/loopback-redirect';
import {
  ExtensionOAuthProvider,
  tokenLifetimeSeconds,
  type ExtensionOAuthProviderOptions,
  type StoredTokens,
} from '../../../src/oauth/provider';
import { createMemoryStore } from '../../../src/platform/memory';

const NOW = 1_700_000_000_000;
const ISSUER = 'https://auth.example';

function setup(
  options: Partial<ExtensionOAuthProviderOptions> = {},
  initial: Record<string, unknown> = {},
) {
  const store = createMemoryStore(initial);
  const saved: (StoredTokens | undefined)[] = [];
  const oauth = new ExtensionOAuthProvider({
    serverId: 'notes',
    store,
    redirectUrl: EXTENSION_REDIRECT_URL,
    onTokens: (tokens) => saved.push(tokens),
    now: () => NOW,
    ...options,
  });
  return { store, saved, oauth };
}

const EVERY_KEY = {
  'oauth.notes.tokens': { access_token: 'a', token_type: 'Bearer' },
  'oauth.notes.granted_scopes': ['read'],
  'oauth.notes.client': { client_id: 'dcr-1' },
  'mcp.notes.oauth.endpoints': { authorizationServerUrl: ISSUER },
  'oauth.notes.pending': { state: 's', startedAt: 1 },
  'mcp.notes.enabled': true,
};

describe('the stored sign-in of a server', () => {
  it.each([
    {
      scope: 'all',
      preRegistered: false,
      kept: ['mcp.notes.enabled'],
      tokensCleared: true,
    },
    {
      scope: 'all',
      preRegistered: true,
      kept: ['oauth.notes.client', 'mcp.notes.enabled'],
      tokensCleared: true,
    },
    {
      scope: 'tokens',
      preRegistered: false,
      kept: [
        'oauth.notes.client',
        'mcp.notes.oauth.endpoints',
        'oauth.notes.pending',
        'mcp.notes.enabled',
      ],
      tokensCleared: true,
    },
    {
      scope: 'client',
      preRegistered: false,
      kept: [
        'oauth.notes.tokens',
        'oauth.notes.granted_scopes',
        'mcp.notes.oauth.endpoints',
        'oauth.notes.pending',
        'mcp.notes.enabled',
      ],
      tokensCleared: false,
    },
    {
      scope: 'client',
      preRegistered: true,
      kept: Object.keys(EVERY_KEY),
      tokensCleared: false,
    },
    {
      scope: 'discovery',
      preRegistered: false,
      kept: [
        'oauth.notes.tokens',
        'oauth.notes.granted_scopes',
        'oauth.notes.client',
        'oauth.notes.pending',
        'mcp.notes.enabled',
      ],
      tokensCleared: false,
    },
    {
      scope: 'verifier',
      preRegistered: false,
      kept: [
        'oauth.notes.tokens',
        'oauth.notes.granted_scopes',
        'oauth.notes.client',
        'mcp.notes.oauth.endpoints',
        'mcp.notes.enabled',
      ],
      tokensCleared: false,
    },
  ] as const)(
    'forgets exactly what invalidating $scope names (pre-registered: $preRegistered)',
    async ({ scope, preRegistered, kept, tokensCleared }) => {
      const { store, saved, oauth } = setup(
        preRegistered ? { preRegistered: { clientId: 'by-hand' } } : {},
        EVERY_KEY,
      );
      await oauth.invalidateCredentials(scope);
      expect(Object.keys(store.snapshot()).sort()).toEqual([...kept].sort());
      expect(saved).toEqual(tokensCleared ? [undefined] : []);
    },
  );

  it('starts an authorization with a url-safe random state and remembers when it began', async () => {
    const { store, oauth } = setup();
    const states = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      const state = await oauth.state();
      // 24 random bytes are 32 base64 characters, with + and / made url-safe and no padding.
      expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(store.snapshot()['oauth.notes.pending']).toEqual({ state, startedAt: NOW });
      states.add(state);
    }
    expect(states.size).toBe(40);
  });

  it('keeps the scope of the authorization URL with the authorization in progress', async () => {
    const { store, oauth } = setup();
    const state = await oauth.state();
    const url = new URL('https://auth.example/authorize?scope=read+write&state=x');
    await oauth.redirectToAuthorization(url);
    expect(oauth.authorizationUrl).toBe(url);
    expect(await oauth.pending()).toEqual({ state, startedAt: NOW, scope: 'read write' });
    // A later URL without a scope leaves the remembered one.
    await oauth.redirectToAuthorization(new URL('https://auth.example/authorize?state=x'));
    expect(store.snapshot()['oauth.notes.pending']).toEqual({
      state,
      startedAt: NOW,
      scope: 'read write',
    });
  });

  it('stores nothing for an authorization URL when no authorization is in progress', async () => {
    const { store, oauth } = setup();
    await oauth.redirectToAuthorization(new URL('https://auth.example/authorize?scope=read'));
    expect(store.snapshot()).toEqual({});
  });

  it('keeps the PKCE verifier with the authorization in progress and gives it back', async () => {
    const { oauth } = setup();
    const state = await oauth.state();
    await oauth.saveCodeVerifier('verifier-1');
    expect(await oauth.pending()).toEqual({ state, startedAt: NOW, codeVerifier: 'verifier-1' });
    expect(await oauth.codeVerifier()).toBe('verifier-1');
    await oauth.clearPending();
    expect(await oauth.pending()).toBeUndefined();
  });

  it('refuses a PKCE verifier with no authorization in progress, and a lost one', async () => {
    const { oauth } = setup();
    await expect(oauth.saveCodeVerifier('v')).rejects.toThrow(
      'No authorization in progress to attach a PKCE verifier to.',
    );
    await expect(oauth.codeVerifier()).rejects.toThrow(
      'The PKCE verifier of this sign-in was lost; start the sign-in again.',
    );
    await oauth.state();
    await expect(oauth.codeVerifier()).rejects.toThrow(
      'The PKCE verifier of this sign-in was lost',
    );
  });

  it('saves tokens with their expiry, resource and granted scopes, and reports them', async () => {
    const { store, saved, oauth } = setup({ resource: 'https://notes.example/mcp' });
    await oauth.saveTokens({
      access_token: 'a1',
      token_type: 'Bearer',
      expires_in: 90,
      refresh_token: 'r1',
      scope: 'read  write',
    });
    const stored = {
      access_token: 'a1',
      token_type: 'Bearer',
      expires_in: 90,
      refresh_token: 'r1',
      scope: 'read  write',
      expires_at: NOW + 90_000,
      resource: 'https://notes.example/mcp',
    };
    expect(store.snapshot()).toEqual({
      'oauth.notes.tokens': stored,
      'oauth.notes.granted_scopes': ['read', 'write'],
    });
    expect(saved).toEqual([stored]);
  });

  it('takes the granted scopes from the authorization when the token answer names none', async () => {
    const { store, oauth } = setup();
    await oauth.state();
    await oauth.redirectToAuthorization(new URL('https://auth.example/authorize?scope=read'));
    await oauth.saveTokens({ access_token: 'a1', token_type: 'Bearer' });
    expect(store.snapshot()['oauth.notes.granted_scopes']).toEqual(['read']);
    expect(store.snapshot()['oauth.notes.tokens']).toEqual({
      access_token: 'a1',
      token_type: 'Bearer',
    });
  });

  it('records no granted scope when neither the token answer nor the authorization names one', async () => {
    const { store, oauth } = setup();
    await oauth.saveTokens({ access_token: 'a1', token_type: 'Bearer' });
    expect(store.snapshot()['oauth.notes.granted_scopes']).toEqual([]);
  });

  it.each([
    { replacingGrant: false, refresh: undefined, kept: 'old-refresh' },
    { replacingGrant: false, refresh: 'new-refresh', kept: 'new-refresh' },
    { replacingGrant: true, refresh: undefined, kept: undefined },
  ])(
    'keeps the refresh token a refresh did not replace (replacing the grant: $replacingGrant, new: $refresh)',
    async ({ replacingGrant, refresh, kept }) => {
      const { store, oauth } = setup(
        {},
        {
          'oauth.notes.tokens': {
            access_token: 'a0',
            token_type: 'Bearer',
            refresh_token: 'old-refresh',
          },
        },
      );
      oauth.replacingGrant = replacingGrant;
      await oauth.saveTokens({
        access_token: 'a1',
        token_type: 'Bearer',
        ...(refresh ? { refresh_token: refresh } : {}),
      });
      const stored = store.snapshot()['oauth.notes.tokens'] as StoredTokens;
      expect(stored.access_token).toBe('a1');
      expect(stored.refresh_token).toBe(kept);
    },
  );

  it('does not replace the grant unless told to', async () => {
    expect(setup().oauth.replacingGrant).toBe(false);
  });

  it.each([
    { preRegistered: true, issuer: ISSUER, bound: ISSUER },
    { preRegistered: true, issuer: undefined, bound: undefined },
    { preRegistered: false, issuer: ISSUER, bound: undefined },
  ])(
    'binds only a hand-registered client to the issuer of its tokens (pre-registered: $preRegistered, issuer: $issuer)',
    async ({ preRegistered, issuer, bound }) => {
      const { store, oauth } = setup(
        preRegistered ? { preRegistered: { clientId: 'by-hand' } } : {},
      );
      await oauth.saveTokens(
        { access_token: 'a1', token_type: 'Bearer' },
        issuer ? { issuer } : undefined,
      );
      expect(store.snapshot()['oauth.notes.preregistered_issuer']).toBe(bound);
    },
  );

  it('gives a hand-registered client to its own issuer and when no issuer is named', async () => {
    const { oauth } = setup(
      { preRegistered: { clientId: 'by-hand' } },
      { 'oauth.notes.preregistered_issuer': ISSUER },
    );
    expect(await oauth.clientInformation({ issuer: ISSUER })).toEqual({ client_id: 'by-hand' });
    expect(await oauth.clientInformation()).toEqual({ client_id: 'by-hand' });
  });

  it('never overwrites a hand-registered client with a registration', async () => {
    const { store, oauth } = setup({ preRegistered: { clientId: 'by-hand' } });
    await oauth.saveClientInformation({ client_id: 'dcr-1' });
    expect(store.snapshot()).toEqual({});
    const dynamic = setup();
    await dynamic.oauth.saveClientInformation({ client_id: 'dcr-1' });
    expect(dynamic.store.snapshot()).toEqual({
      'oauth.notes.client': { client_id: 'dcr-1', redirect_uris: [EXTENSION_REDIRECT_URL] },
    });
  });

  it('asks for its default scopes and offers its metadata document URL only without a hand-registered client', () => {
    const url = 'https://patchbay.example/oauth/client-metadata.json';
    const { oauth } = setup({ defaultScopes: ['read', 'write'], clientMetadataUrl: url });
    expect(oauth.redirectUrl).toBe(EXTENSION_REDIRECT_URL);
    expect(oauth.clientMetadata.scope).toBe('read write');
    expect(oauth.clientMetadataUrl).toBe(url);
    expect(
      setup({ clientMetadataUrl: url, preRegistered: { clientId: 'by-hand' } }).oauth
        .clientMetadataUrl,
    ).toBeUndefined();
    expect(setup().oauth.clientMetadata.scope).toBeUndefined();
  });

  it('stores the discovery it was given under the server', async () => {
    const { store, oauth } = setup();
    const state = { authorizationServerUrl: ISSUER, resourceMetadataUrl: `${ISSUER}/prm` };
    await oauth.saveDiscoveryState(state);
    expect(Object.keys(store.snapshot())).toEqual(['mcp.notes.oauth.endpoints']);
    expect(await oauth.discoveryState()).toMatchObject(state);
  });
});

describe('the lifetime of an access token', () => {
  it.each([
    { expiresIn: 3600, lifetime: 3600 },
    { expiresIn: 1, lifetime: 1 },
    { expiresIn: 10 ** 12, lifetime: 365 * 24 * 60 * 60 },
    { expiresIn: 0, lifetime: undefined },
    { expiresIn: -30, lifetime: undefined },
    { expiresIn: Number.NaN, lifetime: undefined },
    { expiresIn: Number.POSITIVE_INFINITY, lifetime: undefined },
    { expiresIn: '3600', lifetime: undefined },
    { expiresIn: undefined, lifetime: undefined },
  ])('reads expires_in $expiresIn as $lifetime seconds', ({ expiresIn, lifetime }) => {
    expect(tokenLifetimeSeconds(expiresIn)).toBe(lifetime);
  });

  it('stores no expiry for a token whose lifetime says nothing usable', async () => {
    const { store, oauth } = setup();
    await oauth.saveTokens({ access_token: 'a1', token_type: 'Bearer', expires_in: -5 });
    expect(store.snapshot()['oauth.notes.tokens']).not.toHaveProperty('expires_at');
  });
});

describe('the loopback redirect', () => {
  it('registers as a native app with it, and keeps the redirect a registration was made with', async () => {
    const { oauth, store } = setup();
    expect(oauth.clientMetadata).toMatchObject({
      redirect_uris: [EXTENSION_REDIRECT_URL],
      application_type: 'web',
    });
    oauth.useLoopback();
    expect(oauth.redirectUrl).toBe(LOOPBACK_REDIRECT_URL);
    expect(oauth.clientMetadata).toMatchObject({
      redirect_uris: [LOOPBACK_REDIRECT_URL],
      application_type: 'native',
    });
    // A server that answers the registration without its redirect_uris: the one sent is kept.
    await oauth.saveClientInformation({ client_id: 'c1' });
    expect(await store.get('oauth.notes.client')).toEqual({
      client_id: 'c1',
      redirect_uris: [LOOPBACK_REDIRECT_URL],
    });

    const later = setup({}, store.snapshot()).oauth;
    expect(later.redirectUrl).toBe(EXTENSION_REDIRECT_URL);
    await later.adoptRegisteredRedirect();
    expect(later.redirectUrl).toBe(LOOPBACK_REDIRECT_URL);
    const browsers = setup({}, { 'oauth.notes.client': { client_id: 'c2' } }).oauth;
    await browsers.adoptRegisteredRedirect();
    expect(browsers.redirectUrl).toBe(EXTENSION_REDIRECT_URL);
  });
});
