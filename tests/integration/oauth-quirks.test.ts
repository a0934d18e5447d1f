/**
 * Sign-ins that the SDK alone would not finish, against the real authorization server fixture
 * reproducing each setup (tests/fixtures/oauth-quirks.ts): Patchbay reads past them safely.
 */
import { describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixtureOptions } from '../fixtures/oauth-server';
import { createHarness } from '../helpers/manager-harness';
import { createNodeIdentity } from '../helpers/node-identity';
import { cleanupsAfterEach } from '../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function connectTo(options: OAuthFixtureOptions) {
  const fixture = await startOAuthFixture({ consent: 'auto', ...options });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
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
  it('takes a root issuer with and without its trailing slash as one, in metadata and in the answer', async () => {
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
