/**
 * Sign-ins that the SDK alone would not finish, against the real authorization server fixture
 * reproducing each setup (tests/fixtures/oauth-quirks.ts): Patchbay reads past them safely.
 */
import { describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixtureOptions } from '../../fixtures/oauth-server';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity, REDIRECT_URL } from '../../helpers/node-identity';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { LOOPBACK_REDIRECT_URL } from '../../../src/oauth/loopback-redirect';

const cleanups = cleanupsAfterEach();

async function connectTo(options: OAuthFixtureOptions) {
  const fixture = await startOAuthFixture({ consent: 'auto', ...options });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
  // An authorization server whose metadata names its issuer with a slash says it so in `iss` too.
  if (options.quirks?.issuerWithTrailingSlash)
    identity.tamper = (redirect) => {
      redirect.searchParams.set('iss', `${fixture.issuer}/`);
      return redirect;
    };
  const harness = createHarness({ identity });
  cleanups.push(() => harness.dispose());
  const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
  await harness.manager.enable(id);
  return { fixture, identity, harness, id };
}

describe('discovery past what is not metadata', () => {
  it('reads an HTML page at a metadata location as "not here" and finds the document further on', async () => {
    const { fixture, harness, id } = await connectTo({
      resourceMetadata: 'root',
      authorizationServerMetadata: 'oidc-only',
      quirks: { htmlAtUnknownPaths: true },
    });
    await harness.waitForState(id, 'connected');
    const gets = fixture.requests.filter((request) => request.method === 'GET');
    const paths = gets.map((request) => `${request.app} ${request.path.split('?')[0]}`);
    // The path-inserted PRM and RFC 8414 locations answered HTML; the next ones were asked.
    expect(paths).toContain('mcp /.well-known/oauth-protected-resource/mcp');
    expect(paths).toContain('mcp /.well-known/oauth-protected-resource');
    expect(paths).toContain('as /.well-known/oauth-authorization-server/oidc');
    expect(paths).toContain('as /oidc/.well-known/openid-configuration');
    expect((await harness.manager.listEnabledTools()).length).toBeGreaterThan(0);
  });
});

describe('issuers spelled two ways', () => {
  it('takes a root issuer with and without its trailing slash as one in metadata', async () => {
    const { fixture, harness, id } = await connectTo({
      layout: 'same-origin-root',
      resourceMetadata: 'root',
      quirks: { issuerWithTrailingSlash: true },
    });
    await harness.waitForState(id, 'connected');
    expect(fixture.issuer.endsWith('/')).toBe(false);
    const stamped = harness.store.snapshot()[`oauth.${id}.tokens`] as { issuer?: string };
    expect(stamped.issuer).toBe(`${fixture.issuer}/`);
  });
});

describe('refusals a client answers by itself', () => {
  it('registers again when a same-origin authorization server forgot its registration (invalid_client)', async () => {
    const { fixture, identity, harness, id } = await connectTo({ layout: 'same-origin-root' });
    await harness.waitForState(id, 'connected');
    fixture.forgetClients();
    // The next call's 401 refreshes; the token endpoint answers 401 invalid_client.
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'after' } }),
    ).rejects.toThrow();
    const status = await harness.manager.getStatus(id);
    expect(status.state).toBe('invalid-token');
    expect(status.error).not.toMatch(/Couldn't reach/);
    // The registration was made again at once; the person's Sign in uses it.
    const registrations = () =>
      fixture.requests.filter(
        (request) => request.method === 'POST' && request.path === '/register',
      );
    expect(registrations()).toHaveLength(2);
    await harness.manager.startSignIn(id);
    await harness.waitForState(id, 'connected');
    expect(registrations()).toHaveLength(2);
    expect(identity.opened).toHaveLength(2);
    expect(
      await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'again' } }),
    ).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('again') }] });
  });

  it('asks for no scope once when the default scope is refused (invalid_scope)', async () => {
    const { identity, harness, id } = await connectTo({
      prmScopesSupported: ['read', 'write'],
      unscopedChallenge: true,
      quirks: { refusedScope: 'write' },
    });
    await harness.waitForState(id, 'connected').catch(async (error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(await harness.manager.getStatus(id))}`);
    });
    expect(identity.opened.map((url) => url.searchParams.get('scope'))).toEqual([
      expect.stringContaining('write'),
      null,
    ]);
  });

  it('sends no resource once when the resource indicator is refused (invalid_target)', async () => {
    const { fixture, identity, harness, id } = await connectTo({
      quirks: { refusesResource: true },
    });
    await harness.waitForState(id, 'connected');
    expect(identity.opened.map((url) => url.searchParams.get('resource'))).toEqual([
      fixture.mcpUrl,
      null,
    ]);
    const tokenBodies = fixture.tokenRequests.map((request) => request.resource);
    expect(tokenBodies.every((resource) => resource === undefined)).toBe(true);
  });
});

describe('an authorization server that accepts only loopback redirects (RFC 8252)', () => {
  const registrations = (fixture: { requests: { method: string; path: string }[] }) =>
    fixture.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/register'),
    );

  it('registers the loopback redirect, which the browser catches, and signs in with it again later', async () => {
    const { fixture, identity, harness, id } = await connectTo({
      quirks: { loopbackRedirectsOnly: true },
    });
    await harness.waitForState(id, 'connected');
    // The browser's redirect was refused; the loopback one was registered, as a native app's.
    expect(registrations(fixture)).toHaveLength(2);
    const [client] = await fixture.registeredClients();
    expect(client?.redirect_uris).toEqual([LOOPBACK_REDIRECT_URL]);
    expect(identity.opened.map((url) => url.searchParams.get('redirect_uri'))).toEqual([
      LOOPBACK_REDIRECT_URL,
    ]);
    // The token request named the same redirect; the capture ended with the window.
    expect(fixture.tokenRequests.at(-1)?.redirectUri).toBe(LOOPBACK_REDIRECT_URL);
    expect(identity.captured).toEqual([]);

    // Signed out and in again: the stored registration's redirect, without registering anew.
    await harness.manager.disconnect(id);
    await harness.manager.startSignIn(id);
    await harness.waitForState(id, 'connected');
    expect(registrations(fixture)).toHaveLength(2);
    expect(identity.opened.at(-1)?.searchParams.get('redirect_uri')).toBe(LOOPBACK_REDIRECT_URL);
  });

  it('asks for the loopback site before any window opens, then signs in after Allow access', async () => {
    const fixture = await startOAuthFixture({
      consent: 'auto',
      quirks: { loopbackRedirectsOnly: true },
    });
    cleanups.push(() => fixture.close());
    const identity = createNodeIdentity();
    identity.loopbackAllowed = false;
    const harness = createHarness({ identity });
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
    await harness.manager.enable(id);
    await harness.waitForState(id, 'needs-auth');
    const status = await harness.manager.getStatus(id);
    expect(status.needsAccess).toEqual(['http://127.0.0.1/*']);
    expect(status.error).toMatch(
      /^Signing in to Notes failed: Patchbay may not reach 127\.0\.0\.1:53682, where the sign-in server sends you back/,
    );
    expect(identity.opened).toEqual([]);

    identity.loopbackAllowed = true;
    await harness.manager.startSignIn(id);
    await harness.waitForState(id, 'connected');
    expect(registrations(fixture)).toHaveLength(2);
  });

  it('keeps the browser’s redirect where the server accepts it', async () => {
    const { fixture, identity, harness, id } = await connectTo({});
    await harness.waitForState(id, 'connected');
    expect(registrations(fixture)).toHaveLength(1);
    expect(identity.opened[0]?.searchParams.get('redirect_uri')).toBe(REDIRECT_URL);
  });
});

describe('an authorization server that registers no apps', () => {
  it('asks for a client ID, naming the redirect URL to register, and signs in once one is entered', async () => {
    const { harness, id } = await connectTo({
      registration: false,
      clients: [
        {
          client_id: 'patchbay-by-hand',
          token_endpoint_auth_method: 'none',
          redirect_uris: [REDIRECT_URL],
        },
      ],
    });
    await harness.waitForState(id, 'needs-auth');
    const status = await harness.manager.getStatus(id);
    expect(status).toEqual({
      state: 'needs-auth',
      error: `Notes's sign-in server lets no app register itself. Register Patchbay there as an app with the redirect URL ${REDIRECT_URL}, then click Enter client ID and paste the client ID it gives you.`,
      needsClientId: true,
    });
    const view = await harness.manager.viewOf(id);
    await harness.manager.updateServer({
      id,
      name: view.name,
      url: view.url,
      oauth: { clientId: 'patchbay-by-hand' },
    });
    await harness.manager.startSignIn(id);
    await harness.waitForState(id, 'connected');
  });
});
