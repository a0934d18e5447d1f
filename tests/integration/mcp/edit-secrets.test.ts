import { describe, expect, it } from 'vitest';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startOAuthFixture } from '../../fixtures/oauth-server';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity } from '../../helpers/node-identity';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function fixture(options: Parameters<typeof startFixtureServer>[0] = {}) {
  const server = await startFixtureServer(options);
  cleanups.push(() => server.close());
  return server;
}

describe('secrets follow the origin, not the record', () => {
  it('asks for header values again when the URL moves to another origin, and never sends the old ones there', async () => {
    const home = await fixture({ requiredHeaders: { 'x-team': 'blue' } });
    const elsewhere = await fixture();
    const harness = createHarness();
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({
      name: 'Team',
      url: home.mcpUrl,
      headers: [{ key: 'X-Team', value: 'blue' }],
    });

    // Same origin, another path: the value the page never saw is kept.
    const samePlace = await harness.manager.updateServer({ id, url: `${home.url}/mcp/` });
    expect(samePlace.headerNames).toEqual(['X-Team']);
    await harness.manager.enable(id);
    expect((await harness.manager.getStatus(id)).state).toBe('connected');

    // Another origin with the header left empty (as the form sends it): refused, nothing changed.
    await expect(
      harness.manager.updateServer({
        id,
        url: elsewhere.mcpUrl,
        headers: [{ key: 'X-Team', value: '' }],
      }),
    ).rejects.toMatchObject({ code: 'invalid-input', field: 'headers.0.value' });
    expect((await harness.manager.viewOf(id)).url).toBe(`${home.url}/mcp/`);

    await harness.manager.updateServer({
      id,
      url: elsewhere.mcpUrl,
      headers: [{ key: 'X-Team', value: 'green' }],
    });
    await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
    const sent = elsewhere.requests.map((request) => request.headers['x-team']);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((value) => value === 'green')).toBe(true);
  });

  it('revokes the old tokens at the old authorization server once the edit is stored', async () => {
    const oauth = await startOAuthFixture({ consent: 'page' });
    cleanups.push(() => oauth.close());
    const elsewhere = await fixture();
    const harness = createHarness({ identity: createNodeIdentity() });
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({ name: 'Notes', url: oauth.mcpUrl });
    await harness.manager.enable(id);
    await harness.waitForState(id, 'connected');
    await harness.manager.updateServer({ id, url: elsewhere.mcpUrl });
    expect(oauth.revocations.map((revocation) => revocation.tokenTypeHint).sort()).toEqual([
      'access_token',
      'refresh_token',
    ]);
    expect(harness.store.snapshot()[`oauth.${id}.tokens`]).toBeUndefined();
    expect((await harness.manager.viewOf(id)).isSignedIn).toBeUndefined();
  });

  it('forgets the sign-in before storing a new endpoint, so a stop half way leaks nothing', async () => {
    const oauth = await startOAuthFixture({ consent: 'page' });
    cleanups.push(() => oauth.close());
    const elsewhere = await fixture();
    const identity = createNodeIdentity();
    const harness = createHarness({ identity });
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({ name: 'Notes', url: oauth.mcpUrl });
    await harness.manager.enable(id);
    await harness.waitForState(id, 'connected');
    expect(harness.store.snapshot()[`oauth.${id}.tokens`]).toBeDefined();

    // The worker "stops" exactly when the edit is being stored.
    const set = harness.store.set.bind(harness.store);
    harness.store.set = async (entries) => {
      if ('customMcpServers' in entries) throw new Error('worker stopped');
      return set(entries);
    };
    await expect(harness.manager.updateServer({ id, url: elsewhere.mcpUrl })).rejects.toThrow(
      'worker stopped',
    );
    const stored = harness.store.snapshot();
    expect(stored[`oauth.${id}.tokens`]).toBeUndefined();
    expect(stored[`oauth.${id}.client`]).toBeUndefined();
    expect(stored[`mcp.${id}.oauth.endpoints`]).toBeUndefined();
  });
});
