import { describe, expect, it } from 'vitest';
import { clientMetadataDocument, EXTENSION_REDIRECT_URL } from '../../../src/oauth/client-metadata';
import { stampIssuers } from '../../../src/oauth/issuer-stamps';
import { ExtensionOAuthProvider } from '../../../src/oauth/provider';
import { AuthSession } from '../../../src/oauth/session';
import { refreshTime } from '../../../src/oauth/revoke';
import { createMemoryStore } from '../../../src/platform/memory';

const OLD_AS = 'https://auth.old.example';
const NEW_AS = 'https://auth.new.example';

function provider(
  store = createMemoryStore(),
  preRegistered?: { clientId: string; clientSecret?: string },
) {
  return new ExtensionOAuthProvider({
    serverId: 'notes',
    store,
    redirectUrl: EXTENSION_REDIRECT_URL,
    onTokens: () => undefined,
    ...(preRegistered ? { preRegistered } : {}),
  });
}

describe('credentials bound to their authorization server', () => {
  it('offers a registration and tokens only to the issuer that gave them', async () => {
    const store = createMemoryStore({
      'oauth.notes.client': { client_id: 'dcr-1', issuer: OLD_AS },
      'oauth.notes.tokens': { access_token: 'old-token', token_type: 'Bearer', issuer: OLD_AS },
    });
    const oauth = provider(store);
    expect(await oauth.clientInformation({ issuer: OLD_AS })).toMatchObject({ client_id: 'dcr-1' });
    expect(await oauth.tokens({ issuer: OLD_AS })).toMatchObject({ access_token: 'old-token' });
    // The server moved: a fresh registration, and the old tokens never go to the new server.
    expect(await oauth.clientInformation({ issuer: NEW_AS })).toBeUndefined();
    expect(await oauth.tokens({ issuer: NEW_AS })).toBeUndefined();
    // Without an issuer (the bearer token for the MCP server itself) the latest tokens count.
    expect(await oauth.tokens()).toMatchObject({ access_token: 'old-token' });
  });

  it('binds a hand-registered client to the first issuer it signs in with, and refuses others', async () => {
    const store = createMemoryStore();
    const oauth = provider(store, { clientId: 'by-hand', clientSecret: 's3cret' });
    expect(await oauth.clientInformation({ issuer: OLD_AS })).toEqual({
      client_id: 'by-hand',
      client_secret: 's3cret',
    });
    await oauth.saveTokens({ access_token: 'a', token_type: 'Bearer' }, { issuer: OLD_AS });
    expect(store.snapshot()['oauth.notes.preregistered_issuer']).toBe(OLD_AS);
    await oauth.saveTokens({ access_token: 'b', token_type: 'Bearer' }, { issuer: NEW_AS });
    expect(store.snapshot()['oauth.notes.preregistered_issuer']).toBe(OLD_AS);
    await expect(oauth.clientInformation({ issuer: NEW_AS })).rejects.toThrow(
      /used with https:\/\/auth\.old\.example.*does not send it there/,
    );
  });

  it('asks to be a public web client, with its metadata document under its own URL', () => {
    expect(provider().clientMetadata).toMatchObject({
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      redirect_uris: [EXTENSION_REDIRECT_URL],
    });
    const url = 'https://patchbay.example/oauth/client-metadata.json';
    expect(clientMetadataDocument(url)).toMatchObject({
      client_id: url,
      client_name: 'Patchbay',
      redirect_uris: [EXTENSION_REDIRECT_URL],
    });
    expect(provider().clientMetadataUrl).toBeUndefined();
  });
});

describe('migrating sign-ins saved before issuer binding', () => {
  it('stamps the stored registration and tokens with the issuer of the stored discovery', async () => {
    const store = createMemoryStore({
      'oauth.notes.client': { client_id: 'dcr-1' },
      'oauth.notes.tokens': { access_token: 't', token_type: 'Bearer', refresh_token: 'r' },
      'mcp.notes.oauth.endpoints': {
        authorizationServerUrl: OLD_AS,
        authorizationServerMetadata: { issuer: OLD_AS, authorization_endpoint: `${OLD_AS}/a` },
      },
    });
    await stampIssuers(store, 'notes');
    const after = store.snapshot();
    expect(after['oauth.notes.client']).toEqual({ client_id: 'dcr-1', issuer: OLD_AS });
    expect(after['oauth.notes.tokens']).toEqual({
      access_token: 't',
      token_type: 'Bearer',
      refresh_token: 'r',
      issuer: OLD_AS,
    });
    // Idempotent, and never overwrites a stamp the SDK made.
    await store.set({ 'oauth.notes.client': { client_id: 'dcr-2', issuer: NEW_AS } });
    await stampIssuers(store, 'notes');
    expect(store.snapshot()['oauth.notes.client']).toEqual({ client_id: 'dcr-2', issuer: NEW_AS });
  });

  it('leaves entries alone when there is no discovery to take the issuer from', async () => {
    const initial = { 'oauth.notes.client': { client_id: 'dcr-1' } };
    const store = createMemoryStore(initial);
    await stampIssuers(store, 'notes');
    expect(store.snapshot()).toEqual(initial);
  });
});

describe('token lifetimes an authorization server gets wrong', () => {
  it.each([
    ['zero', 0, undefined],
    ['negative', -30, undefined],
    ['not a number', Number.NaN, undefined],
    ['absurdly long', 1e300, 365 * 24 * 60 * 60],
    ['ordinary', 3600, 3600],
  ])('stores a sane expiry for an expires_in that is %s', async (_name, expiresIn, lifetime) => {
    const store = createMemoryStore();
    const now = 1_000_000;
    const oauth = new ExtensionOAuthProvider({
      serverId: 'notes',
      store,
      redirectUrl: EXTENSION_REDIRECT_URL,
      onTokens: () => undefined,
      now: () => now,
    });
    await oauth.saveTokens({
      access_token: 'a',
      token_type: 'Bearer',
      refresh_token: 'r',
      expires_in: expiresIn,
    });
    const saved = store.snapshot()['oauth.notes.tokens'] as { expires_at?: number };
    expect(saved.expires_at).toBe(lifetime === undefined ? undefined : now + lifetime * 1000);
    // No expiry means no refresh timer: nothing that could fire again and again.
    const refreshAt = refreshTime(saved as never, now);
    if (lifetime === undefined) expect(refreshAt).toBeUndefined();
    else expect(refreshAt).toBeGreaterThan(now);
  });
});

describe('discovered metadata', () => {
  it('keeps only the fields Patchbay and the SDK read', async () => {
    const store = createMemoryStore();
    await provider(store).saveDiscoveryState({
      authorizationServerUrl: OLD_AS,
      resourceMetadataUrl: 'https://mcp.example/.well-known/oauth-protected-resource',
      authorizationServerMetadata: {
        issuer: OLD_AS,
        authorization_endpoint: `${OLD_AS}/authorize`,
        token_endpoint: `${OLD_AS}/token`,
        response_types_supported: ['code'],
        revocation_endpoint: `${OLD_AS}/revoke`,
        x_tracking_blob: 'y'.repeat(10_000),
      } as never,
      resourceMetadata: {
        resource: 'https://mcp.example/mcp',
        authorization_servers: [OLD_AS],
        x_extra: { nested: true },
      } as never,
    });
    expect(store.snapshot()['mcp.notes.oauth.endpoints']).toEqual({
      authorizationServerUrl: OLD_AS,
      resourceMetadataUrl: 'https://mcp.example/.well-known/oauth-protected-resource',
      authorizationServerMetadata: {
        issuer: OLD_AS,
        authorization_endpoint: `${OLD_AS}/authorize`,
        token_endpoint: `${OLD_AS}/token`,
        response_types_supported: ['code'],
        revocation_endpoint: `${OLD_AS}/revoke`,
      },
      resourceMetadata: {
        resource: 'https://mcp.example/mcp',
        authorization_servers: [OLD_AS],
      },
    });
  });
});

describe('tokens and the resource they were issued for', () => {
  const identity = {
    redirectUrl: () => EXTENSION_REDIRECT_URL,
    launchWebAuthFlow: () => Promise.reject(new Error('no sign-in in this test')),
    captureRedirect: () => Promise.reject(new Error('no sign-in in this test')),
  };
  const alarms = {
    schedule: async () => undefined,
    clear: async () => undefined,
    onAlarm: () => undefined,
  };

  async function sessionFor(serverUrl: string, stored: Record<string, unknown>) {
    const session = new AuthSession({
      serverId: 'notes',
      serverUrl,
      store: createMemoryStore(stored),
      identity,
      alarms,
      fetch: () => Promise.reject(new Error('offline')),
    });
    await session.load();
    return session;
  }

  it('stamps saved tokens with their resource and attaches them only to it', async () => {
    const store = createMemoryStore();
    const oauth = new ExtensionOAuthProvider({
      serverId: 'notes',
      store,
      redirectUrl: EXTENSION_REDIRECT_URL,
      resource: 'https://mcp.example/mcp',
      onTokens: () => undefined,
    });
    await oauth.saveTokens({ access_token: 'a', token_type: 'Bearer' });
    const stored = store.snapshot();
    expect(stored['oauth.notes.tokens']).toMatchObject({ resource: 'https://mcp.example/mcp' });
    expect((await sessionFor('https://mcp.example/mcp', stored)).accessToken()).toBe('a');
    expect(
      (await sessionFor('https://elsewhere.example/mcp', stored)).accessToken(),
    ).toBeUndefined();
  });

  it('keeps using tokens saved before they carried a resource', async () => {
    const session = await sessionFor('https://mcp.example/mcp', {
      'oauth.notes.tokens': { access_token: 'old', token_type: 'Bearer' },
    });
    expect(session.accessToken()).toBe('old');
  });
});
