import { describe, expect, it } from 'vitest';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import {
  LINK_PAGE,
  startOAuthFixture,
  type OAuthFixtureOptions,
} from '../../fixtures/oauth-server';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity, REDIRECT_URL } from '../../helpers/node-identity';
import type { Broadcast } from '../../../src/messaging/contract';
import type { StoredTokens } from '../../../src/oauth/provider';
import { refreshAlarmName } from '../../../src/oauth/session';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function setup(
  fixtureOptions: OAuthFixtureOptions = {},
  server: {
    oauth?: { clientId?: string; clientSecret?: string };
    headers?: { key: string; value: string }[];
  } = {},
) {
  const fixture = await startOAuthFixture({ consent: 'page', ...fixtureOptions });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
  const harness = createHarness({ identity });
  cleanups.push(() => harness.dispose());
  const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl, ...server });
  return { fixture, identity, harness, id };
}

function statesOf(messages: Broadcast[], serverId: string): string[] {
  return messages.flatMap((message) =>
    message.type === 'mcp/status/changed' && message.payload.serverId === serverId
      ? [message.payload.status.state]
      : [],
  );
}

async function signedIn(fixtureOptions: OAuthFixtureOptions = {}) {
  const context = await setup(fixtureOptions);
  await context.harness.manager.enable(context.id);
  await context.harness.waitForState(context.id, 'connected');
  return context;
}

function storedTokens(
  harness: ReturnType<typeof createHarness>,
  id: string,
): StoredTokens | undefined {
  return harness.store.snapshot()[`oauth.${id}.tokens`] as StoredTokens | undefined;
}

describe('first sign-in', () => {
  it('discovers, registers, authorizes with PKCE and connects, moving through every state', async () => {
    const { fixture, identity, harness, id } = await setup();
    expect(await harness.manager.enable(id)).toEqual({ state: 'registering' });
    await harness.waitForState(id, 'connected');

    expect(statesOf(harness.broadcaster.messages, id)).toEqual([
      'connecting',
      'needs-auth',
      'registering',
      'authorizing',
      'authenticated',
      'connecting',
      'connected',
    ]);
    const authorize = identity.opened[0]!;
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('resource')).toBe(fixture.mcpUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe(REDIRECT_URL);
    // The challenged scope, plus offline_access: SDK v2 asks for it when the authorization
    // server lists it, so a refresh token comes back.
    expect(authorize.searchParams.get('scope')).toBe('read offline_access');

    const [client] = await fixture.registeredClients();
    expect(client).toMatchObject({
      client_name: 'Patchbay',
      redirect_uris: [REDIRECT_URL],
      grant_types: expect.arrayContaining(['authorization_code', 'refresh_token']),
    });
    expect(fixture.tokenRequests).toEqual([
      expect.objectContaining({ grantType: 'authorization_code', resource: fixture.mcpUrl }),
    ]);

    const stored = harness.store.snapshot();
    expect(stored[`oauth.${id}.tokens`]).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect(stored[`oauth.${id}.client`]).toMatchObject({ client_id: client!.client_id });
    expect(stored[`mcp.${id}.oauth.endpoints`]).toMatchObject({
      authorizationServerUrl: expect.any(String),
    });
    expect(stored[`oauth.${id}.granted_scopes`]).toEqual(['read']);
    expect(stored[`oauth.${id}.pending`]).toBeUndefined();

    const whoami = await harness.manager.callTool(id, { name: 'whoami', arguments: {} });
    expect(whoami.content).toEqual([{ type: 'text', text: 'user: user-1 scopes: read' }]);
  });

  it('signs in to a legacy HTTP+SSE server (Linear-like) and calls its tools', async () => {
    const { harness, id } = await signedIn({ transport: 'sse' });
    expect((await harness.manager.viewOf(id)).transport).toBe('sse');
    const echo = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'over sse' },
    });
    expect(echo.content).toEqual([{ type: 'text', text: 'over sse' }]);
  });

  it('keeps tokens in the background: no page-visible data and no authorization-server request carries them', async () => {
    const { fixture, harness, id } = await signedIn();
    const tokens = storedTokens(harness, id)!;
    const visible = JSON.stringify([
      await harness.manager.listServers(),
      harness.broadcaster.messages,
    ]);
    expect(visible).not.toContain(tokens.access_token);
    expect(visible).not.toContain(tokens.refresh_token!);
    expect((await harness.manager.viewOf(id)).isSignedIn).toBe(true);
    const bearerToAs = fixture.requests.filter(
      (request) =>
        request.app === 'as' && String(request.headers.authorization ?? '').startsWith('Bearer'),
    );
    expect(bearerToAs).toEqual([]);
  });

  it('reconnects with stored tokens after a worker restart, without asking again', async () => {
    const { identity, harness, id } = await signedIn();
    const restarted = createHarness({ store: harness.store, identity });
    cleanups.push(() => restarted.dispose());
    const result = await restarted.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'again' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'again' }]);
    expect(identity.opened).toHaveLength(1);
    expect(restarted.alarms.scheduled().has(refreshAlarmName(id))).toBe(true);
  });
});

describe('custom headers of a signed-in server', () => {
  it('sends them to the MCP server and never to the authorization server, through sign-in, refresh and sign-out', async () => {
    const { fixture, harness, id } = await setup(
      {},
      { headers: [{ key: 'X-Api-Key', value: 'secret-value' }] },
    );
    await harness.manager.enable(id);
    await harness.waitForState(id, 'connected');
    const from = harness.broadcaster.messages.length;
    harness.alarms.fire(refreshAlarmName(id));
    await expect
      .poll(() => statesOf(harness.broadcaster.messages.slice(from), id), { timeout: 10_000 })
      .toEqual(['token-refresh', 'connected']);
    const echo = await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'hi' }]);
    await harness.manager.disconnect(id);

    // The whole flow went through the authorization server...
    const toAs = fixture.requests.filter((request) => request.app === 'as');
    const paths = toAs.map((request) => new URL(request.path, fixture.issuer).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/.well-known/oauth-authorization-server/oidc',
        '/oidc/register',
        '/oidc/authorize',
        '/oidc/token',
        '/oidc/revoke',
      ]),
    );
    expect(fixture.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(fixture.revocations).not.toEqual([]);
    // ...and none of its requests carried the header, by name or by value.
    for (const request of toAs) {
      expect(Object.keys(request.headers)).not.toContain('x-api-key');
      expect(JSON.stringify(request)).not.toContain('secret-value');
    }
    // Every request to the MCP server's origin did.
    const toMcp = fixture.requests.filter((request) => request.app === 'mcp');
    expect(toMcp.length).toBeGreaterThan(0);
    expect(new Set(toMcp.map((request) => request.headers['x-api-key']))).toEqual(
      new Set(['secret-value']),
    );
  });
});

describe('a sign-in window left open', () => {
  it('blocks no other server, and times out into needs-auth with a sentence', async () => {
    const fixture = await startOAuthFixture({ consent: 'page' });
    cleanups.push(() => fixture.close());
    const other = await startFixtureServer();
    cleanups.push(() => other.close());
    const identity = createNodeIdentity();
    identity.behaviour = 'leave-open';
    const harness = createHarness({ identity, signInTimeoutMs: 400 });
    cleanups.push(() => harness.dispose());
    const plain = await harness.manager.addServer({ name: 'Plain', url: other.mcpUrl });
    await harness.manager.enable(plain.id);
    const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
    await harness.manager.enable(id);
    await harness.waitForState(id, 'authorizing');
    // The panel learns where the person is asked to sign in as the window opens.
    await expect
      .poll(async () => (await harness.manager.viewOf(id)).signInHost)
      .toBe(new URL(fixture.issuer).host);

    // While the window waits, everything else answers.
    const echo = await harness.manager.callTool(plain.id, {
      name: 'echo',
      arguments: { text: 'still here' },
    });
    expect(echo.content).toEqual([{ type: 'text', text: 'still here' }]);
    expect(
      (await harness.manager.listEnabledTools()).some((tool) => tool.serverId === plain.id),
    ).toBe(true);

    await harness.waitForState(id, 'needs-auth');
    expect((await harness.manager.getStatus(id)).error).toMatch(
      /left open for <1 min without finishing\. Sign-in to Notes stopped; click Sign in to try again\./,
    );
    expect(storedTokens(harness, id)).toBeUndefined();
    expect((await harness.manager.viewOf(id)).signInHost).toBeUndefined();
    expect(harness.keepAlive.active).toBe(0);
  });
});

describe('updating from the storage layout of earlier versions', () => {
  it('keeps a sign-in made before credentials were bound to their issuer, and refreshes it', async () => {
    const { fixture, identity, harness, id } = await signedIn({ accessTokenTtl: 3600 });
    await harness.manager.closeAll();
    // What an earlier Patchbay stored: no issuer stamps, no era verdict.
    const stored = harness.store.snapshot();
    const { issuer: _tokenIssuer, ...tokens } = stored[`oauth.${id}.tokens`] as StoredTokens;
    const client = { ...(stored[`oauth.${id}.client`] as { issuer?: string }) };
    delete client.issuer;
    expect(_tokenIssuer).toBeTruthy();
    await harness.store.set({
      [`oauth.${id}.tokens`]: { ...tokens, expires_at: Date.now() - 1000 },
      [`oauth.${id}.client`]: client,
    });
    await harness.store.remove([`mcp.${id}.era`]);

    const updated = createHarness({ store: harness.store, identity });
    cleanups.push(() => updated.dispose());
    const result = await updated.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'kept' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'kept' }]);
    // The expired token was refreshed with the stored registration: no new sign-in, no new
    // registration, and the entries now carry their issuer.
    expect(identity.opened).toHaveLength(1);
    expect(await fixture.registeredClients()).toHaveLength(1);
    expect(fixture.tokenRequests.at(-1)).toMatchObject({ grantType: 'refresh_token' });
    expect(storedTokens(updated, id)?.issuer).toBe(_tokenIssuer);
    expect((updated.store.snapshot()[`oauth.${id}.client`] as { issuer?: string }).issuer).toBe(
      _tokenIssuer,
    );
  });
});

describe('discovery variants', () => {
  it.each([
    ['resource_metadata in WWW-Authenticate', { resourceMetadata: 'header' }],
    ['path-aware well-known metadata', { resourceMetadata: 'path-aware' }],
    ['root well-known metadata', { resourceMetadata: 'root' }],
    [
      'OpenID Connect discovery only',
      { resourceMetadata: 'path-aware', authorizationServerMetadata: 'oidc-only' },
    ],
    [
      'no metadata at all (2025-03-26 defaults at the server root)',
      { layout: 'same-origin-root', resourceMetadata: 'none', authorizationServerMetadata: 'none' },
    ],
  ] as const)('signs in with %s', async (_name, options) => {
    const { harness, id } = await signedIn(options);
    const result = await harness.manager.callTool(id, { name: 'whoami', arguments: {} });
    expect(result.content[0]).toMatchObject({ text: expect.stringContaining('user: user-1') });
  });

  it('aborts when the metadata names another resource, storing no tokens', async () => {
    const { harness, id } = await setup({ resourceOverride: 'https://elsewhere.example/mcp' });
    await harness.manager.enable(id);
    await harness.waitForState(id, 'needs-auth');
    // The first needs-auth comes from the 401; wait for the sign-in's own verdict.
    await expect
      .poll(async () => (await harness.manager.getStatus(id)).error)
      .toContain('Signing in to Notes failed');
    expect((await harness.manager.getStatus(id)).error).toContain('does not match');
    expect(storedTokens(harness, id)).toBeUndefined();
  });
});

describe('failed sign-ins leave nothing half-stored', () => {
  it.each([
    [
      'the window is closed',
      'close',
      'auth-cancelled',
      'Sign-in to Notes was cancelled: the window was closed. Click Sign in to try again.',
    ],
    [
      'access is denied',
      'deny',
      'auth-denied',
      'Notes was not given access: Access was denied on the sign-in page. Click Sign in to try again.',
    ],
  ] as const)('when %s', async (_name, behaviour, code, message) => {
    const { identity, harness, id } = await setup();
    identity.behaviour = behaviour;
    expect(await harness.manager.enable(id)).toEqual({ state: 'registering' });
    await expect(harness.manager.startSignIn(id)).rejects.toMatchObject({ code, message });
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'needs-auth', error: message });
    expect(storedTokens(harness, id)).toBeUndefined();
    expect(harness.store.snapshot()[`oauth.${id}.pending`]).toBeUndefined();
    expect((await harness.manager.viewOf(id)).isEnabled).toBe(true);

    identity.behaviour = 'approve';
    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });
  });

  it('ignores an answer whose state does not match the sign-in Patchbay started', async () => {
    const { fixture, identity, harness, id } = await setup();
    identity.tamper = (redirect) => {
      const forged = new URL(redirect);
      forged.searchParams.set('state', 'forged-by-someone-else');
      return forged;
    };
    expect(await harness.manager.enable(id)).toEqual({ state: 'registering' });
    await expect(harness.manager.startSignIn(id)).rejects.toMatchObject({ code: 'auth-failed' });
    expect((await harness.manager.getStatus(id)).error).toContain(
      'did not match the sign-in Patchbay started',
    );
    expect(fixture.tokenRequests).toEqual([]);
    expect(storedTokens(harness, id)).toBeUndefined();
  });
});

describe('refresh', () => {
  it('refreshes on the alarm before the access token expires', async () => {
    const { fixture, harness, id } = await signedIn();
    const before = storedTokens(harness, id)!;
    const alarm = refreshAlarmName(id);
    const alarmAt = harness.alarms.scheduled().get(alarm)!;
    expect(alarmAt).toBeLessThan(before.expires_at!);
    expect(alarmAt).toBeGreaterThan(Date.now());

    const from = harness.broadcaster.messages.length;
    harness.alarms.fire(alarm);
    await expect
      .poll(() => statesOf(harness.broadcaster.messages.slice(from), id), { timeout: 10_000 })
      .toEqual(['token-refresh', 'connected']);
    expect(
      fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token'),
    ).toEqual([expect.objectContaining({ resource: fixture.mcpUrl })]);
    const after = storedTokens(harness, id)!;
    expect(after.access_token).not.toBe(before.access_token);
    // The next refresh is due before the new token expires.
    expect(harness.alarms.scheduled().get(alarm)).toBeLessThan(after.expires_at!);
    const result = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'fresh' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'fresh' }]);
  });

  it('refreshes once on a 401 and retries the call, coalescing concurrent refreshes', async () => {
    const { fixture, harness, id } = await signedIn();
    await fixture.expireAccessTokens();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((text) =>
        harness.manager.callTool(id, { name: 'echo', arguments: { text } }),
      ),
    );
    expect(results.map((result) => result.content)).toEqual([
      [{ type: 'text', text: 'a' }],
      [{ type: 'text', text: 'b' }],
      [{ type: 'text', text: 'c' }],
    ]);
    expect(
      fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token'),
    ).toHaveLength(1);
  });

  it('turns a revoked refresh token into invalid-token, keeping the server enabled for one-click sign-in', async () => {
    const { fixture, harness, id } = await signedIn();
    await fixture.revokeAll();
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({
      code: 'auth-required',
      message:
        'Your sign-in to Notes expired or was revoked. Sign in again to keep using its tools.',
    });
    expect(await harness.manager.getStatus(id)).toEqual({
      state: 'invalid-token',
      error: 'Your sign-in to Notes expired or was revoked. Sign in again to keep using its tools.',
    });
    const view = await harness.manager.viewOf(id);
    expect(view.isEnabled).toBe(true);
    expect(view.isSignedIn).toBeUndefined();
    expect(storedTokens(harness, id)).toBeUndefined();
    expect(harness.alarms.scheduled().has(refreshAlarmName(id))).toBe(false);

    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });
    const result = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'back' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'back' }]);
  });

  it('says the server no longer accepts the sign-in when it refuses even a refreshed token', async () => {
    const { fixture, harness, id } = await signedIn();
    fixture.refuseTokens();
    const refused = 'Notes no longer accepts your sign-in (HTTP 401). Sign in again.';
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({ code: 'auth-required', message: refused });
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'invalid-token', error: refused });
    // The refresh worked; the sign-in stays stored and the server enabled, for one-click sign-in.
    expect(
      fixture.tokenRequests.filter((request) => request.grantType === 'refresh_token'),
    ).toHaveLength(1);
    expect(storedTokens(harness, id)).toBeDefined();
    expect((await harness.manager.viewOf(id)).isEnabled).toBe(true);

    fixture.refuseTokens(false);
    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });
    const result = await harness.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'back' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'back' }]);
  });
});

describe('scope step-up', () => {
  it.each([
    ['without a refresh token', false],
    ['while holding a refresh token', true],
  ] as const)(
    're-authorizes with granted ∪ challenged scopes and retries the call, %s',
    async (_name, refreshTokens) => {
      const { identity, harness, id } = await signedIn({ refreshTokens });
      expect(storedTokens(harness, id)!.refresh_token === undefined).toBe(!refreshTokens);
      const result = await harness.manager.callTool(id, {
        name: 'write_note',
        arguments: { text: 'hello' },
      });
      expect(result.isError).toBeFalsy();
      // The registered client was limited to 'read', so Patchbay registered again for 'read write'.
      expect(identity.opened.length).toBeGreaterThanOrEqual(2);
      expect(identity.opened.at(-1)!.searchParams.get('scope')?.split(' ').sort()).toEqual([
        'offline_access',
        'read',
        'write',
      ]);
      expect(harness.store.snapshot()[`oauth.${id}.challenged_scopes`]).toEqual(['read', 'write']);
      expect(harness.store.snapshot()[`oauth.${id}.granted_scopes`]).toEqual(
        expect.arrayContaining(['read', 'write']),
      );
      const whoami = await harness.manager.callTool(id, { name: 'whoami', arguments: {} });
      expect(whoami.content[0]).toMatchObject({ text: expect.stringContaining('write') });
    },
  );

  it.each<[string, OAuthFixtureOptions, string, string[]]>([
    [
      'an account the server never lets write',
      { withheldScopes: ['write'] },
      'Notes still refuses write_note after 3 sign-ins asking for more access (it wants: read write).',
      ['read', 'write'],
    ],
    [
      'a server that names no scope',
      { stepUpScope: false },
      'Notes still refuses write_note after 3 sign-ins asking for more access (it wants: more scopes).',
      [],
    ],
    [
      'a server that spaces its scopes oddly',
      { withheldScopes: ['write'], stepUpScope: ' write  read' },
      'Notes still refuses write_note after 3 sign-ins asking for more access (it wants:  write  read).',
      ['write', 'read'],
    ],
  ])(
    'gives up after three sign-ins for %s, saying what the server wants, and stays connected',
    async (_name, fixtureOptions, message, challenged) => {
      const { fixture, harness, id } = await signedIn(fixtureOptions);
      await expect(
        harness.manager.callTool(id, { name: 'write_note', arguments: { text: 'x' } }),
      ).rejects.toMatchObject({ code: 'auth-required', message });
      // The call was sent once, then once after each of the three sign-ins.
      const notes = fixture.requests.filter((request) =>
        JSON.stringify(request.body ?? '').includes('"name":"write_note"'),
      );
      expect(notes).toHaveLength(4);
      // Only what the server asked for is added to what was granted.
      expect(harness.store.snapshot()[`oauth.${id}.challenged_scopes`]).toEqual(challenged);
      expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
    },
  );

  it('counts no sign-in for the pages the server asked the person to open first', async () => {
    const { fixture, harness, id } = await signedIn({
      withheldScopes: ['write'],
      pagesFirst: true,
    });
    const call = harness.manager
      .callTool(id, { name: 'write_note', arguments: { text: 'x' } })
      .then(
        () => 'ran',
        (error: unknown) => error,
      );
    const ask = await harness.nextAsk((seen) => seen.kind === 'elicitation-url');
    expect(ask).toMatchObject({ url: LINK_PAGE.url, message: LINK_PAGE.message });
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    await harness.nextAsk(
      (seen) => seen.id === ask.id && seen.kind === 'elicitation-url' && seen.phase === 'opened',
    );
    await harness.manager.answerAsk(ask.id, { action: 'accept' });
    expect(await call).toMatchObject({
      code: 'auth-required',
      message:
        'Notes still refuses write_note after 3 sign-ins asking for more access (it wants: read write).',
    });
    // Refused for the page, then once more and after each of the three sign-ins.
    const notes = fixture.requests.filter((request) =>
      JSON.stringify(request.body ?? '').includes('"name":"write_note"'),
    );
    expect(notes).toHaveLength(5);
  });

  it('stops, keeping the connection, when the person declines the wider access', async () => {
    const { fixture, identity, harness, id } = await signedIn({ refreshTokens: false });
    identity.behaviour = 'deny';
    await expect(
      harness.manager.callTool(id, { name: 'write_note', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({
      code: 'auth-denied',
    });
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
    // A 403 asking for more scope is about that call: the server is not pinged to see if it is there.
    expect(
      fixture.requests.filter(
        (request) => (request.body as { method?: string } | undefined)?.method === 'ping',
      ),
    ).toEqual([]);
  });
});

describe('clients without dynamic registration', () => {
  it.each(['client_secret_basic', 'client_secret_post', 'none'] as const)(
    'uses a pre-registered client authenticating with %s',
    async (method) => {
      const { fixture, harness, id } = await setup(
        {
          registration: false,
          tokenEndpointAuthMethods: [method],
          clients: [
            {
              client_id: 'patchbay-pre',
              ...(method === 'none' ? {} : { client_secret: 'pre-registered-secret' }),
              token_endpoint_auth_method: method,
              redirect_uris: [REDIRECT_URL],
            },
          ],
        },
        {
          oauth: {
            clientId: 'patchbay-pre',
            ...(method === 'none' ? {} : { clientSecret: 'pre-registered-secret' }),
          },
        },
      );
      await harness.manager.enable(id);
      await harness.waitForState(id, 'connected');
      expect(fixture.tokenRequests).toEqual([
        expect.objectContaining({ grantType: 'authorization_code', clientAuth: method }),
      ]);
      expect(harness.store.snapshot()[`oauth.${id}.client`]).toBeUndefined();
      expect(JSON.stringify(await harness.manager.listServers())).not.toContain(
        'pre-registered-secret',
      );
    },
  );

  it('says what to do when the server has no registration endpoint and no client is configured', async () => {
    const { harness, id } = await setup({ registration: false });
    await harness.manager.enable(id);
    await expect
      .poll(async () => (await harness.manager.getStatus(id)).error)
      .toContain("Notes's sign-in server lets no app register itself.");
    expect((await harness.manager.getStatus(id)).needsClientId).toBe(true);
    expect(storedTokens(harness, id)).toBeUndefined();
  });
});

describe('sign out', () => {
  it('revokes the tokens, forgets them and keeps the server configured', async () => {
    const { fixture, harness, id } = await signedIn();
    expect(await harness.manager.disconnect(id)).toEqual({
      state: 'needs-auth',
      error: 'Sign in to Notes to use its tools.',
    });
    expect(fixture.revocations.map((revocation) => revocation.tokenTypeHint).sort()).toEqual([
      'access_token',
      'refresh_token',
    ]);
    expect(storedTokens(harness, id)).toBeUndefined();
    expect(harness.store.snapshot()[`oauth.${id}.client`]).toBeDefined();
    expect(harness.alarms.scheduled().has(refreshAlarmName(id))).toBe(false);
    const view = await harness.manager.viewOf(id);
    expect(view).toMatchObject({ isEnabled: true, url: fixture.mcpUrl });
    expect(await harness.manager.listEnabledTools()).toEqual([]);
  });
});
