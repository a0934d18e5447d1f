import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth-server';
import { createNodeIdentity, type ConsentBehaviour } from '../../helpers/node-identity';
import { AuthFlowError } from '../../../src/errors/auth-flow-error';
import { SignInWindowClosedError } from '../../../src/platform/ports';
import { EXTENSION_REDIRECT_URL } from '../../../src/oauth/client-metadata';
import { ExtensionOAuthProvider } from '../../../src/oauth/provider';
import { revokeTokens } from '../../../src/oauth/revoke';
import { signIn } from '../../../src/oauth/sign-in';
import { createMemoryStore } from '../../../src/platform/memory';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

const CLIENTS = [
  {
    client_id: 'basic-client',
    client_secret: 'basic-secret',
    token_endpoint_auth_method: 'client_secret_basic' as const,
    redirect_uris: [EXTENSION_REDIRECT_URL],
  },
  {
    client_id: 'post-client',
    client_secret: 'post-secret',
    token_endpoint_auth_method: 'client_secret_post' as const,
    redirect_uris: [EXTENSION_REDIRECT_URL],
  },
  {
    client_id: 'public-client',
    token_endpoint_auth_method: 'none' as const,
    redirect_uris: [EXTENSION_REDIRECT_URL],
  },
];

/** The real authorization server with hand-registered clients, and its discovered metadata. */
async function authorizationServer(): Promise<{
  fixture: OAuthFixture;
  discovery: OAuthDiscoveryState;
  metadata: Record<string, unknown>;
}> {
  const fixture = await startOAuthFixture({ clients: CLIENTS });
  cleanups.push(() => fixture.close());
  const response = await fetch(`${fixture.issuer}/.well-known/openid-configuration`);
  const metadata = (await response.json()) as Record<string, unknown>;
  return {
    fixture,
    metadata,
    discovery: {
      authorizationServerUrl: fixture.issuer,
      authorizationServerMetadata: metadata as OAuthDiscoveryState['authorizationServerMetadata'],
    },
  };
}

function withMetadata(
  discovery: OAuthDiscoveryState,
  changes: Record<string, unknown>,
): OAuthDiscoveryState {
  return {
    ...discovery,
    authorizationServerMetadata: {
      ...discovery.authorizationServerMetadata,
      ...changes,
    } as OAuthDiscoveryState['authorizationServerMetadata'],
  };
}

/** What reached the revocation endpoint: client authentication and form fields. */
function revocationRequests(fixture: OAuthFixture, endpoint: string) {
  const path = new URL(endpoint).pathname;
  return fixture.requests
    .filter((request) => request.method === 'POST' && request.path === path)
    .map((request) => ({
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: request.body as Record<string, string>,
    }));
}

const TOKENS = { access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1' };

describe('revoking tokens at the authorization server (RFC 7009)', () => {
  it.each([
    { advertised: 'no methods', methods: undefined },
    { advertised: 'Basic among others', methods: ['client_secret_post', 'client_secret_basic'] },
  ])(
    'revokes the refresh and the access token with HTTP Basic client authentication ($advertised)',
    async ({ methods }) => {
      const { fixture, discovery, metadata } = await authorizationServer();
      const endpoint = String(metadata.revocation_endpoint);
      const revoked = await revokeTokens({
        discovery: withMetadata(discovery, {
          revocation_endpoint_auth_methods_supported: methods,
          token_endpoint_auth_methods_supported: undefined,
        }),
        client: { client_id: 'basic-client', client_secret: 'basic-secret' },
        tokens: TOKENS,
        fetch,
      });
      expect(revoked).toBe(true);
      const basic = `Basic ${btoa('basic-client:basic-secret')}`;
      expect(revocationRequests(fixture, endpoint)).toEqual([
        {
          authorization: basic,
          contentType: 'application/x-www-form-urlencoded',
          body: { token: 'refresh-1', token_type_hint: 'refresh_token' },
        },
        {
          authorization: basic,
          contentType: 'application/x-www-form-urlencoded',
          body: { token: 'access-1', token_type_hint: 'access_token' },
        },
      ]);
      expect(fixture.revocations.map((revocation) => revocation.tokenTypeHint)).toEqual([
        'refresh_token',
        'access_token',
      ]);
    },
  );

  it('sends the client secret in the form when the revocation endpoint takes only that', async () => {
    const { fixture, discovery, metadata } = await authorizationServer();
    const endpoint = String(metadata.revocation_endpoint);
    const revoked = await revokeTokens({
      // The revocation endpoint's own list wins over the token endpoint's.
      discovery: withMetadata(discovery, {
        revocation_endpoint_auth_methods_supported: ['client_secret_post'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      }),
      client: { client_id: 'post-client', client_secret: 'post-secret' },
      tokens: { access_token: 'access-1', token_type: 'Bearer' },
      fetch,
    });
    expect(revoked).toBe(true);
    expect(revocationRequests(fixture, endpoint)).toEqual([
      {
        authorization: undefined,
        contentType: 'application/x-www-form-urlencoded',
        body: {
          token: 'access-1',
          token_type_hint: 'access_token',
          client_id: 'post-client',
          client_secret: 'post-secret',
        },
      },
    ]);
  });

  it('names a public client in the form, with no secret', async () => {
    const { fixture, discovery, metadata } = await authorizationServer();
    const endpoint = String(metadata.revocation_endpoint);
    const revoked = await revokeTokens({
      discovery,
      client: { client_id: 'public-client' },
      tokens: TOKENS,
      fetch,
    });
    expect(revoked).toBe(true);
    expect(revocationRequests(fixture, endpoint).map((request) => request.body)).toEqual([
      { token: 'refresh-1', token_type_hint: 'refresh_token', client_id: 'public-client' },
      { token: 'access-1', token_type_hint: 'access_token', client_id: 'public-client' },
    ]);
    expect(revocationRequests(fixture, endpoint)[0]?.authorization).toBeUndefined();
  });

  it('reports a revocation the server refuses as not done', async () => {
    const { fixture, discovery, metadata } = await authorizationServer();
    const revoked = await revokeTokens({
      discovery,
      client: { client_id: 'basic-client', client_secret: 'wrong-secret' },
      tokens: TOKENS,
      fetch,
    });
    expect(revoked).toBe(false);
    expect(revocationRequests(fixture, String(metadata.revocation_endpoint))).toHaveLength(2);
  });

  it('reports the revocation as not done when one of the two tokens could not be revoked', async () => {
    const { fixture, discovery, metadata } = await authorizationServer();
    const endpoint = String(metadata.revocation_endpoint);
    const revoked = await revokeTokens({
      discovery,
      client: { client_id: 'public-client' },
      tokens: TOKENS,
      // The access token's revocation meets a dead server; the refresh token's goes through.
      fetch: (url, init) =>
        new URLSearchParams(init?.body as URLSearchParams).get('token_type_hint') === 'access_token'
          ? fetch(`${fixture.issuer}/no-such-endpoint`, init)
          : fetch(url, init),
    });
    expect(revoked).toBe(false);
    expect(revocationRequests(fixture, endpoint)).toHaveLength(1);
  });

  it.each([
    { case: 'no discovery', change: 'discovery' },
    { case: 'no revocation endpoint', change: 'endpoint' },
    { case: 'no client', change: 'client' },
  ] as const)('asks nothing and reports not done with $case', async ({ change }) => {
    const { fixture, discovery, metadata } = await authorizationServer();
    const before = fixture.requests.length;
    const fetched: string[] = [];
    const revoked = await revokeTokens({
      discovery:
        change === 'discovery'
          ? undefined
          : change === 'endpoint'
            ? withMetadata(discovery, { revocation_endpoint: undefined })
            : discovery,
      client: change === 'client' ? undefined : { client_id: 'public-client' },
      tokens: TOKENS,
      fetch: (url, init) => {
        fetched.push(String(url));
        return fetch(url, init);
      },
    });
    expect(revoked).toBe(false);
    expect(fetched).toEqual([]);
    expect(fixture.requests.slice(before)).toEqual([]);
    expect(metadata.revocation_endpoint).toEqual(expect.any(String));
  });
});

/** A sign-in against the real authorization server, with the person's answer chosen. */
async function signInParts(behaviour: ConsentBehaviour = 'approve') {
  const fixture = await startOAuthFixture({ consent: 'page', resourceMetadata: 'path-aware' });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
  identity.behaviour = behaviour;
  const store = createMemoryStore();
  const provider = new ExtensionOAuthProvider({
    serverId: 'notes',
    store,
    redirectUrl: identity.redirectUrl(),
    resource: fixture.mcpUrl,
    onTokens: () => undefined,
  });
  const run = () => signIn({ provider, serverUrl: fixture.mcpUrl, identity, fetch });
  return { fixture, identity, store, provider, run };
}

/** The redirect with its query changed, keeping the state Patchbay sent. */
const rewrite =
  (change: (params: URLSearchParams) => void) =>
  (redirect: URL): URL => {
    const url = new URL(redirect);
    change(url.searchParams);
    return url;
  };

describe('an interactive sign-in', () => {
  it('signs in, tells when the window opens, and opens no window once signed in', async () => {
    const { identity, store, provider, fixture } = await signInParts();
    const opened: URL[] = [];
    await signIn({
      provider,
      serverUrl: fixture.mcpUrl,
      identity,
      fetch,
      onAuthorizing: (url) => opened.push(url),
    });
    expect(opened).toEqual(identity.opened);
    expect(opened).toHaveLength(1);
    expect(store.snapshot()['oauth.notes.tokens']).toMatchObject({ token_type: 'Bearer' });
    expect(store.snapshot()['oauth.notes.pending']).toBeUndefined();
    await signIn({ provider, serverUrl: fixture.mcpUrl, identity, fetch });
    expect(identity.opened).toHaveLength(1);
  });

  it.each([
    {
      case: 'the window is closed',
      behaviour: 'close' as const,
      tamper: undefined,
      kind: 'cancelled',
      message: 'The sign-in window was closed before signing in.',
      oauthError: undefined,
    },
    {
      case: 'the person denies access',
      behaviour: 'deny' as const,
      tamper: undefined,
      kind: 'access-denied',
      message: 'Access was denied on the sign-in page.',
      oauthError: 'access_denied',
    },
    {
      case: 'the answer carries another state',
      behaviour: 'approve' as const,
      tamper: rewrite((params) => params.set('state', 'forged')),
      kind: 'state-mismatch',
      message: 'The sign-in answer did not match the sign-in Patchbay started, so it was ignored.',
      oauthError: undefined,
    },
    {
      case: 'the server refuses with a description',
      behaviour: 'approve' as const,
      tamper: rewrite((params) => {
        params.delete('code');
        params.set('error', 'invalid_request');
        params.set('error_description', 'bad scope');
      }),
      kind: 'failed',
      message: 'The authorization server refused the sign-in (invalid_request: bad scope).',
      oauthError: 'invalid_request',
    },
    {
      case: 'the server refuses without a description',
      behaviour: 'approve' as const,
      tamper: rewrite((params) => {
        params.delete('code');
        params.set('error', 'server_error');
      }),
      kind: 'failed',
      message: 'The authorization server refused the sign-in (server_error).',
      oauthError: 'server_error',
    },
    {
      case: 'the answer has no code',
      behaviour: 'approve' as const,
      tamper: rewrite((params) => params.delete('code')),
      kind: 'failed',
      message: 'The authorization server answered without an authorization code.',
      oauthError: undefined,
    },
  ])(
    'fails with $kind, storing no tokens, when $case',
    async ({ behaviour, tamper, kind, message, oauthError }) => {
      const { identity, store, run } = await signInParts(behaviour);
      identity.tamper = tamper;
      const error = await run().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(AuthFlowError.isInstance(error)).toBe(true);
      const flowError = error as AuthFlowError;
      expect({
        kind: flowError.kind,
        message: flowError.message,
        oauthError: flowError.oauthError,
      }).toEqual({ kind, message, oauthError });
      expect(SignInWindowClosedError.isInstance(flowError.cause)).toBe(behaviour === 'close');
      expect(store.snapshot()['oauth.notes.tokens']).toBeUndefined();
      expect(store.snapshot()['oauth.notes.pending']).toBeUndefined();
    },
  );
});
