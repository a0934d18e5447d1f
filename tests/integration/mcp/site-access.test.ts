/**
 * Servers and site access, against the real fixture server and the platform twin of Chrome's
 * permissions: nothing reaches a site Chrome has not allowed (the status names the site to ask
 * for), the grant reconnects at once, and taking the site back leaves the next attempt asking.
 */
import { describe, expect, it } from 'vitest';
import { createHostAccess } from '../../../src/permissions/host-access';
import { createMemoryPermissions } from '../../../src/platform/memory-permissions';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startOAuthFixture } from '../../fixtures/oauth-server';
import { createNodeIdentity } from '../../helpers/node-identity';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';

const cleanups = cleanupsAfterEach();

async function setUp(granted: string[] = []) {
  const fixture = await startFixtureServer();
  cleanups.push(() => fixture.close());
  const chrome = createMemoryPermissions({ origins: granted });
  const harness = createHarness({ hostAccess: createHostAccess(chrome) });
  cleanups.push(() => harness.dispose());
  const server = await harness.manager.addServer({ name: 'Local', url: fixture.mcpUrl });
  return { fixture, chrome, harness, server };
}

describe('servers within the sites Chrome allows', () => {
  it('sends nothing to a site not allowed, and says which site to ask for', async () => {
    const { fixture, harness, server } = await setUp();
    const status = await harness.manager.enable(server.id);
    expect(status).toMatchObject({ state: 'error', needsAccess: ['http://127.0.0.1/*'] });
    expect(status.error).toContain('Patchbay may not reach 127.0.0.1 yet');
    expect(fixture.requests).toEqual([]);
  });

  it('connects as soon as Chrome reports the grant, without another click', async () => {
    const { chrome, harness, server } = await setUp();
    await harness.manager.enable(server.id);
    chrome.answer('grant');
    const connected = harness.waitForState(server.id, 'connected');
    expect(await chrome.request({ origins: ['http://127.0.0.1/*'] })).toBe(true);
    await connected;
    expect((await harness.manager.getStatus(server.id)).needsAccess).toBeUndefined();
  });

  it('connects at once where the site is allowed, on any port, or all sites are', async () => {
    for (const granted of [['http://127.0.0.1/*'], ['<all_urls>']]) {
      const { harness, server } = await setUp(granted);
      await harness.manager.enable(server.id);
      expect((await harness.manager.getStatus(server.id)).state).toBe('connected');
    }
  });

  it('asks again after the person takes the site back', async () => {
    const { fixture, chrome, harness, server } = await setUp(['http://127.0.0.1/*']);
    await harness.manager.enable(server.id);
    await harness.manager.disable(server.id);
    chrome.revoke([], ['http://127.0.0.1/*']);
    const before = fixture.requests.length;
    expect((await harness.manager.enable(server.id)).needsAccess).toEqual(['http://127.0.0.1/*']);
    expect(fixture.requests.length).toBe(before);
  });
});

describe('signing in within the sites Chrome allows', () => {
  it('stops before the authorization server’s site when it is not allowed, naming it, and signs in once it is', async () => {
    const fixture = await startOAuthFixture({ consent: 'page' });
    cleanups.push(() => fixture.close());
    const mcpSite = `${new URL(fixture.mcpUrl).origin}/*`; // this port only
    const chrome = createMemoryPermissions({ origins: [mcpSite] });
    const harness = createHarness({
      identity: createNodeIdentity(),
      hostAccess: createHostAccess(chrome),
    });
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
    await harness.manager.enable(id);
    await expect
      .poll(async () => (await harness.manager.getStatus(id)).needsAccess)
      .toEqual(['http://127.0.0.1/*']);
    const status = await harness.manager.getStatus(id);
    expect(status.state).toBe('needs-auth');
    expect(status.error).toContain('Patchbay may not reach 127.0.0.1 yet');
    expect(fixture.requests.filter((request) => request.app === 'as')).toEqual([]);

    chrome.answer('grant');
    await chrome.request({ origins: ['http://127.0.0.1/*'] });
    await harness.manager.startSignIn(id);
    await harness.waitForState(id, 'connected');
  });
});
