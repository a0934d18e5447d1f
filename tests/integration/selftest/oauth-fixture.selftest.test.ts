/**
 * Proves the OAuth fixture (tests/fixtures/oauth-server.ts) is a working authorization server and
 * protected MCP server, using only the SDK's client-side `auth()` with an in-memory provider, a
 * cookie-keeping `fetch` loop standing in for the browser, and the SDK `Client` with the bearer
 * token passed in `requestInit`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  auth,
  extractWWWAuthenticateParams,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidGrantError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  startOAuthFixture,
  type OAuthFixture,
  type OAuthFixtureOptions,
} from '../../fixtures/oauth-server';

/** What `chrome.identity.getRedirectURL()` looks like for the extension. */
const EXTENSION_REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';
const LOOPBACK_REDIRECT = 'http://127.0.0.1:9/callback';

/** The SDK's client-side storage, in memory. */
class MemoryOAuthProvider implements OAuthClientProvider {
  /** Where `auth()` last sent the user. */
  authorizationUrl?: URL;
  readonly #state = crypto.randomUUID();
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #codeVerifier = '';

  constructor(
    readonly redirectUrl: string,
    options: { client?: OAuthClientInformationMixed; validateResource?: URL } = {},
  ) {
    this.#client = options.client;
    const { validateResource } = options;
    if (validateResource) this.validateResourceURL = async () => validateResource;
  }

  validateResourceURL?: () => Promise<URL | undefined>;

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Patchbay self-test',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state = () => this.#state;
  clientInformation = () => this.#client;
  saveClientInformation = (client: OAuthClientInformationMixed) => void (this.#client = client);
  tokens = () => this.#tokens;
  saveTokens = (tokens: OAuthTokens) => void (this.#tokens = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.#codeVerifier = verifier);
  codeVerifier = () => this.#codeVerifier;

  get accessToken(): string {
    const token = this.#tokens?.access_token;
    if (!token) throw new Error('no access token yet');
    return token;
  }
}

/** Plays the browser: follows redirects by hand and keeps the AS's cookies. */
class Browser {
  readonly #cookies = new Map<string, string>();

  async request(url: URL, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers,
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const expires = attributes.find((part) => /^\s*expires=/i.test(part));
      const expired = expires && Date.parse(expires.split('=')[1] ?? '') < Date.now();
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(pair.indexOf('=') + 1).trim());
    }
    return response;
  }

  /**
   * Follows the authorization flow from `start` until a redirect reaches `redirectUri`, which it
   * returns. A consent page (HTTP 200) is answered with `consent(html)`'s decision.
   */
  async authorize(
    start: URL,
    redirectUri: string,
    consent?: (html: string) => 'approve' | 'deny',
  ): Promise<URL> {
    let response = await this.request(start);
    let url = start;
    for (let hop = 0; hop < 10; hop += 1) {
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location') ?? '', url);
        if (url.href.startsWith(redirectUri)) return url;
        response = await this.request(url);
        continue;
      }
      const html = await response.text();
      if (response.status !== 200 || !consent) {
        throw new Error(`authorization stopped at ${url.href} with ${response.status}: ${html}`);
      }
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no consent form at ${url.href}`);
      url = new URL(action, url);
      response = await this.request(url, { decision: consent(html) });
    }
    throw new Error('too many redirects');
  }
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of open.splice(0).reverse()) await resource.close();
});

async function startFixture(options?: OAuthFixtureOptions): Promise<OAuthFixture> {
  const fixture = await startOAuthFixture(options);
  open.push(fixture);
  return fixture;
}

/** What a transport learns from an unauthenticated request: the 401 challenge's parameters. */
async function challenge(fixture: OAuthFixture) {
  const response = await fetch(fixture.mcpUrl, { headers: { accept: 'text/event-stream' } });
  expect(response.status).toBe(401);
  await response.body?.cancel();
  return extractWWWAuthenticateParams(response);
}

/** Runs the whole authorization-code flow with `auth()`, as a transport would after a 401. */
async function authorize(
  fixture: OAuthFixture,
  provider: MemoryOAuthProvider,
  { scope }: { scope?: string } = {},
): Promise<void> {
  const { resourceMetadataUrl, scope: challengedScope } = await challenge(fixture);
  const options = {
    serverUrl: fixture.mcpUrl,
    ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
    ...(scope || challengedScope ? { scope: scope ?? challengedScope } : {}),
  };
  expect(await auth(provider, options)).toBe('REDIRECT');
  const callback = await new Browser().authorize(
    provider.authorizationUrl ?? new URL('about:blank'),
    provider.redirectUrl,
  );
  expect(callback.searchParams.get('state')).toBe(provider.state());
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  expect(await auth(provider, { ...options, authorizationCode: code })).toBe('AUTHORIZED');
}

async function connect(fixture: OAuthFixture, accessToken: string): Promise<Client> {
  const url = new URL(fixture.mcpUrl);
  const requestInit = { headers: { Authorization: `Bearer ${accessToken}` } };
  const transport = url.pathname.endsWith('/sse')
    ? new SSEClientTransport(url, { requestInit })
    : new StreamableHTTPClientTransport(url, { requestInit });
  const client = new Client({ name: 'oauth-selftest', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function callText(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A raw JSON-RPC POST to the MCP endpoint, to see the HTTP status and headers. */
function postJsonRpc(fixture: OAuthFixture, accessToken: string, body: object): Promise<Response> {
  return fetch(fixture.mcpUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
  });
}

describe('the OAuth fixture', () => {
  it('registers a chromiumapp.org client, consents automatically, and whoami works over Streamable HTTP', async () => {
    const fixture = await startFixture();
    const provider = new MemoryOAuthProvider(EXTENSION_REDIRECT);
    await authorize(fixture, provider);

    const client = await connect(fixture, provider.accessToken);
    expect(await callText(client, 'whoami')).toBe('user: user-1 scopes: read');
    expect(await callText(client, 'echo', { text: 'hi' })).toBe('hi');

    expect(await fixture.registeredClients()).toEqual([
      expect.objectContaining({
        client_name: 'Patchbay self-test',
        redirect_uris: [EXTENSION_REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
      }),
    ]);
    expect(fixture.tokenRequests).toEqual([
      {
        grantType: 'authorization_code',
        clientAuth: 'none',
        resource: fixture.mcpUrl,
        redirectUri: EXTENSION_REDIRECT,
      },
    ]);
    // Discovery went through the header's non-well-known PRM URL; the well-known ones do not exist.
    const mcpOrigin = new URL(fixture.mcpUrl).origin;
    expect(fixture.requests).toContainEqual(
      expect.objectContaining({ app: 'mcp', method: 'GET', path: '/custom/prm' }),
    );
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ])
      expect((await fetch(`${mcpOrigin}${path}`)).status).toBe(404);
    // The bearer token only ever went to the MCP server.
    const asRequests = fixture.requests.filter((request) => request.app === 'as');
    expect(asRequests.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        '/.well-known/oauth-authorization-server/oidc',
        '/oidc/register',
        '/oidc/token',
      ]),
    );
    expect(
      asRequests.some((request) => /^bearer /i.test(String(request.headers.authorization))),
    ).toBe(false);
    // Metadata lives at RFC 8414's path-inserted URL and the OIDC URL, not at an appended one.
    const asOrigin = new URL(fixture.issuer).origin;
    expect((await fetch(`${fixture.issuer}/.well-known/openid-configuration`)).status).toBe(200);
    expect((await fetch(`${fixture.issuer}/.well-known/oauth-authorization-server`)).status).toBe(
      404,
    );
    const rfc8414 = await fetch(`${asOrigin}/.well-known/oauth-authorization-server/oidc`);
    expect(await rfc8414.json()).toMatchObject({
      issuer: fixture.issuer,
      authorization_endpoint: `${fixture.issuer}/authorize`,
      token_endpoint: `${fixture.issuer}/token`,
      registration_endpoint: `${fixture.issuer}/register`,
      revocation_endpoint: `${fixture.issuer}/revoke`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    });
  });

  it('protects the HTTP+SSE transport the same way', async () => {
    const fixture = await startFixture({ transport: 'sse', resourceMetadata: 'path-aware' });
    expect(fixture.mcpUrl).toMatch(/\/sse$/);
    const provider = new MemoryOAuthProvider(LOOPBACK_REDIRECT);
    await authorize(fixture, provider);

    const client = await connect(fixture, provider.accessToken);
    expect(await callText(client, 'whoami')).toBe('user: user-1 scopes: read');
    expect(fixture.requests).toContainEqual(
      expect.objectContaining({ path: '/.well-known/oauth-protected-resource/sse' }),
    );
  });

  it.each<[string, OAuthFixtureOptions, string[]]>([
    [
      'path-aware PRM',
      { resourceMetadata: 'path-aware' },
      ['/.well-known/oauth-protected-resource/mcp'],
    ],
    ['root PRM', { resourceMetadata: 'root' }, ['/.well-known/oauth-protected-resource']],
    [
      'OIDC metadata only',
      { authorizationServerMetadata: 'oidc-only' },
      ['/oidc/.well-known/openid-configuration'],
    ],
    [
      'no metadata at all, AS at the MCP origin',
      { layout: 'same-origin-root', resourceMetadata: 'none', authorizationServerMetadata: 'none' },
      ['/register', '/authorize', '/token'],
    ],
  ])('is reachable by auth() with %s', async (_name, options, expectedPaths) => {
    const fixture = await startFixture(options);
    const provider = new MemoryOAuthProvider(LOOPBACK_REDIRECT);
    await authorize(fixture, provider);

    const client = await connect(fixture, provider.accessToken);
    expect(await callText(client, 'whoami')).toBe('user: user-1 scopes: read');
    const paths = fixture.requests.map((request) => request.path.split('?')[0]);
    expect(paths).toEqual(expect.arrayContaining(expectedPaths));
  });

  it.each([
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
  ])('answers 404 for %s with authorizationServerMetadata none', async (path) => {
    const fixture = await startFixture({
      layout: 'same-origin-root',
      resourceMetadata: 'none',
      authorizationServerMetadata: 'none',
    });
    expect(fixture.issuer).toBe(new URL(fixture.mcpUrl).origin);
    expect((await fetch(`${fixture.issuer}${path}`)).status).toBe(404);
  });

  it('makes auth() abort when the PRM resource does not match, and rejects tokens for another resource', async () => {
    const elsewhere = 'https://elsewhere.example/mcp';
    const fixture = await startFixture({ resourceOverride: elsewhere });
    const { resourceMetadataUrl } = await challenge(fixture);
    await expect(
      auth(new MemoryOAuthProvider(LOOPBACK_REDIRECT), {
        serverUrl: fixture.mcpUrl,
        ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
      }),
    ).rejects.toThrow(/does not match/);

    // A client that goes along with it gets a token bound to the other resource, which the MCP server refuses.
    const careless = new MemoryOAuthProvider(LOOPBACK_REDIRECT, {
      validateResource: new URL(elsewhere),
    });
    await authorize(fixture, careless);
    expect(fixture.tokenRequests.at(-1)?.resource).toBe(elsewhere);
    const response = await postJsonRpc(fixture, careless.accessToken, { method: 'tools/list' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('refreshes tokens, revokes them (RFC 7009), and fails refresh with invalid_grant after revokeAll()', async () => {
    const fixture = await startFixture();
    const provider = new MemoryOAuthProvider(LOOPBACK_REDIRECT);
    await authorize(fixture, provider);
    const firstToken = provider.accessToken;
    expect(provider.tokens()?.refresh_token).toBeTruthy();

    await fixture.expireAccessTokens();
    const expired = await postJsonRpc(fixture, firstToken, { method: 'tools/list' });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);

    const serverUrl = fixture.mcpUrl;
    const { resourceMetadataUrl } = await challenge(fixture);
    expect(
      await auth(provider, { serverUrl, ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) }),
    ).toBe('AUTHORIZED');
    expect(provider.accessToken).not.toBe(firstToken);
    expect(fixture.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    const client = await connect(fixture, provider.accessToken);
    expect(await callText(client, 'whoami')).toBe('user: user-1 scopes: read');

    // RFC 7009 revocation of the access token by the (public) client.
    const metadata = (await (
      await fetch(`${fixture.issuer}/.well-known/openid-configuration`)
    ).json()) as {
      revocation_endpoint: string;
    };
    const clientId = provider.clientInformation()?.client_id ?? '';
    const revoked = await fetch(metadata.revocation_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: provider.accessToken,
        token_type_hint: 'access_token',
        client_id: clientId,
      }),
    });
    expect(revoked.status).toBe(200);
    expect(fixture.revocations).toEqual([{ tokenTypeHint: 'access_token', known: true }]);
    expect(
      (await postJsonRpc(fixture, provider.accessToken, { method: 'tools/list' })).status,
    ).toBe(401);

    await fixture.revokeAll();
    await expect(
      auth(provider, { serverUrl, ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) }),
    ).rejects.toBeInstanceOf(InvalidGrantError);
  });

  it('demands the write scope for write_note with a 403 insufficient_scope challenge', async () => {
    const fixture = await startFixture();
    const reader = new MemoryOAuthProvider(LOOPBACK_REDIRECT);
    await authorize(fixture, reader);

    const response = await postJsonRpc(fixture, reader.accessToken, {
      method: 'tools/call',
      params: { name: 'write_note', arguments: { text: 'hello' } },
    });
    expect(response.status).toBe(403);
    const prm = `${new URL(fixture.mcpUrl).origin}/custom/prm`;
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="read write", resource_metadata="${prm}"`,
    );

    const writer = new MemoryOAuthProvider(LOOPBACK_REDIRECT);
    await authorize(fixture, writer, { scope: 'read write' });
    const client = await connect(fixture, writer.accessToken);
    expect(await callText(client, 'whoami')).toBe('user: user-1 scopes: read write');
    expect(await callText(client, 'write_note', { text: 'hello' })).toBe('Saved note: hello');

    // Everything else needs 'read'.
    const writeOnly = new MemoryOAuthProvider(LOOPBACK_REDIRECT);
    await authorize(fixture, writeOnly, { scope: 'write' });
    const listing = await postJsonRpc(fixture, writeOnly.accessToken, { method: 'tools/list' });
    expect(listing.status).toBe(403);
    expect(listing.headers.get('www-authenticate')).toMatch(
      /error="insufficient_scope".*scope="read"/,
    );
  });

  it('serves pre-registered confidential clients using client_secret_post and client_secret_basic', async () => {
    const clients = [
      {
        client_id: 'post-client',
        client_secret: 'post-secret',
        token_endpoint_auth_method: 'client_secret_post' as const,
        redirect_uris: [LOOPBACK_REDIRECT],
      },
      {
        client_id: 'basic-client',
        client_secret: 'basic-secret',
        token_endpoint_auth_method: 'client_secret_basic' as const,
        redirect_uris: [EXTENSION_REDIRECT],
      },
    ];
    const fixture = await startFixture({ registration: false, clients });
    const discovery = (await (
      await fetch(`${fixture.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery.registration_endpoint).toBeUndefined();

    for (const registered of clients) {
      const provider = new MemoryOAuthProvider(registered.redirect_uris[0] ?? '', {
        client: registered,
      });
      await authorize(fixture, provider);
      const client = await connect(fixture, provider.accessToken);
      expect(await callText(client, 'whoami')).toBe('user: user-1 scopes: read');
    }
    expect(fixture.tokenRequests.map((request) => request.clientAuth)).toEqual([
      'client_secret_post',
      'client_secret_basic',
    ]);
    expect((await fixture.registeredClients()).map((client) => client.client_id)).toEqual([
      'post-client',
      'basic-client',
    ]);
  });

  it('shows a consent page whose Deny ends in access_denied and whose Approve issues a code', async () => {
    const fixture = await startFixture({ consent: 'page' });
    const { resourceMetadataUrl, scope } = await challenge(fixture);
    const options = {
      serverUrl: fixture.mcpUrl,
      ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
      ...(scope ? { scope } : {}),
    };

    const denied = new MemoryOAuthProvider(EXTENSION_REDIRECT);
    expect(await auth(denied, options)).toBe('REDIRECT');
    const pages: string[] = [];
    const denial = await new Browser().authorize(
      denied.authorizationUrl ?? new URL('about:blank'),
      EXTENSION_REDIRECT,
      (html) => (pages.push(html), 'deny'),
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('<button name="decision" value="approve">Approve</button>');
    expect(pages[0]).toContain('<button name="decision" value="deny">Deny</button>');
    expect(denial.searchParams.get('error')).toBe('access_denied');
    expect(denial.searchParams.get('state')).toBe(denied.state());

    const approved = new MemoryOAuthProvider(EXTENSION_REDIRECT);
    expect(await auth(approved, options)).toBe('REDIRECT');
    const approval = await new Browser().authorize(
      approved.authorizationUrl ?? new URL('about:blank'),
      EXTENSION_REDIRECT,
      () => 'approve',
    );
    const code = approval.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(await auth(approved, { ...options, authorizationCode: code ?? '' })).toBe('AUTHORIZED');
  });
});
