/**
 * "Test connection" before saving and the health check of a saved server, against the real
 * fixture servers and the real authorization server: what each reports, what it sends, and that
 * it leaves nothing behind (no stored state, no open session, no keep-alive held).
 */
import { describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS } from '../../../src/mcp/connection';
import { startFixtureServer, type FixtureServer } from '../../fixtures/mcp-fixture-server';
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

function harness(options: Parameters<typeof createHarness>[0] = {}) {
  const created = createHarness(options);
  cleanups.push(() => created.dispose());
  return created;
}

const methods = (server: FixtureServer) =>
  server.requests.map((request) =>
    `${request.method} ${(request.body as { method?: string } | undefined)?.method ?? ''}`.trim(),
  );

describe('testing a server before saving it', () => {
  it('sends the headers from the form, ends the session it opened and holds nothing', async () => {
    const server = await fixture({ requiredHeaders: { 'x-api-key': 'k-1' } });
    const { manager, keepAlive, store } = harness();

    const before = performance.now();
    const result = await manager.testConnection({
      url: server.mcpUrl,
      headers: [{ key: 'X-Api-Key', value: 'k-1' }],
    });
    const took = performance.now() - before;

    expect(result).toMatchObject({ ok: true, transport: 'streamable-http', toolCount: 7 });
    expect(result.ok && result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.ok && result.latencyMs).toBeLessThanOrEqual(Math.ceil(took));
    expect(server.requests.every((request) => request.headers['x-api-key'] === 'k-1')).toBe(true);
    // The session it opened is ended at the server, not left to expire.
    expect(methods(server).at(-1)).toBe('DELETE');
    expect(server.sessionCount().streamable).toBe(0);
    expect(keepAlive.active).toBe(0);
    expect(store.snapshot()).toEqual({});
  });

  it('names a wrong key by the server’s host when the form’s name is blank', async () => {
    const server = await fixture({ requiredHeaders: { 'x-api-key': 'k-1' } });
    const { manager, keepAlive } = harness();
    const result = await manager.testConnection({
      name: '  ',
      url: server.mcpUrl,
      headers: [{ key: 'X-Api-Key', value: 'wrong' }],
    });
    expect(result).toEqual({
      ok: false,
      error: `${new URL(server.mcpUrl).host} needs you to sign in or to send valid credentials (HTTP 401). Sign in, or check the headers you added.`,
    });
    expect(keepAlive.active).toBe(0);
  });

  it('says a server answering 401 needs a sign-in when the form has no headers, and sends none', async () => {
    // No resource metadata in the challenge: only the absence of headers makes it a sign-in.
    const server = await fixture({ requiredHeaders: { 'x-api-key': 'k-1' } });
    const { manager, keepAlive } = harness();
    await expect(manager.testConnection({ name: 'Keyed', url: server.mcpUrl })).resolves.toEqual({
      ok: false,
      needsSignIn: true,
      error: 'Keyed needs a sign-in. Save it, then click Sign in.',
    });
    expect(server.requests.length).toBeGreaterThan(0);
    expect(
      server.requests.every((request) => !Object.values(request.headers).includes('undefined')),
    ).toBe(true);
    expect(keepAlive.active).toBe(0);
  });

  it(
    'connects through the manager’s fetch and gives up after its connect timeout',
    async () => {
      const server = await fixture();
      const seen: string[] = [];
      const { manager, keepAlive } = harness({
        connectTimeoutMs: 100,
        // A fetch that never answers (until aborted): only the timeout ends the test.
        fetch: (input, init) => {
          seen.push(String(input));
          return new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          });
        },
      });
      await expect(manager.testConnection({ name: 'Slow', url: server.mcpUrl })).resolves.toEqual({
        ok: false,
        error:
          'Slow did not answer in time. The server may be overloaded or unreachable; retry in a moment.',
      });
      expect(seen[0]).toBe(server.mcpUrl);
      expect(server.requests).toEqual([]);
      expect(keepAlive.active).toBe(0);
      // The test's own limit, well under the default connect timeout: a test connection that
      // ignored the manager's 100 ms would time the test out instead of answering.
    },
    CONNECT_TIMEOUT_MS / 3,
  );

  it.each([
    ['without headers', undefined],
    // The server points at its authorization server: headers cannot stand in for a sign-in.
    ['even with headers', [{ key: 'X-Api-Key', value: 'k-1' }]],
  ])('says a server behind OAuth needs a sign-in, %s', async (_name, headers) => {
    const oauth = await startOAuthFixture({});
    cleanups.push(() => oauth.close());
    const { manager } = harness();
    await expect(
      manager.testConnection({
        name: 'Team docs',
        url: oauth.mcpUrl,
        ...(headers ? { headers } : {}),
      }),
    ).resolves.toEqual({
      ok: false,
      needsSignIn: true,
      error: 'Team docs needs a sign-in. Save it, then click Sign in.',
    });
  });
});

describe('the health check of a saved server', () => {
  it('pings a switched-off server over a connection of its own, closed again', async () => {
    const server = await fixture();
    const { manager, keepAlive } = harness();
    const { id } = await manager.addServer({ name: 'Off', url: server.mcpUrl });

    const before = performance.now();
    const health = await manager.healthCheck(id);
    const took = performance.now() - before;
    expect(health).toMatchObject({ ok: true });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.latencyMs).toBeLessThanOrEqual(Math.ceil(took));
    expect(methods(server)).toContain('POST ping');
    expect(methods(server).at(-1)).toBe('DELETE');
    expect(server.sessionCount().streamable).toBe(0);
    expect((await manager.getStatus(id)).state).toBe('disconnected');
    expect(keepAlive.active).toBe(0);
  });

  it('pings a switched-off server through the manager’s fetch', async () => {
    const server = await fixture();
    const seen: string[] = [];
    const { manager } = harness({
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    const { id } = await manager.addServer({ name: 'Off', url: server.mcpUrl });
    seen.length = 0;

    await expect(manager.healthCheck(id)).resolves.toMatchObject({ ok: true });
    expect(methods(server)).toContain('POST ping');
    expect(seen.length).toBe(server.requests.length);
    expect(seen.every((url) => url === server.mcpUrl)).toBe(true);
  });

  it('pings a switched-off server that is signed in with its token', async () => {
    const oauth = await startOAuthFixture({});
    cleanups.push(() => oauth.close());
    const identity = createNodeIdentity();
    const { manager, waitForState } = harness({ identity });
    const { id } = await manager.addServer({ name: 'Notes', url: oauth.mcpUrl });
    await manager.enable(id);
    await waitForState(id, 'connected');
    await manager.disable(id);

    const from = oauth.requests.length;
    await expect(manager.healthCheck(id)).resolves.toMatchObject({ ok: true });
    const sent = oauth.requests.slice(from).filter((request) => request.app === 'mcp');
    const calls = sent.filter((request) => request.path.startsWith('/mcp'));
    expect(calls.length).toBeGreaterThan(0);
    expect(
      calls.every((request) => String(request.headers.authorization).startsWith('Bearer ')),
    ).toBe(true);
    // The check's metadata look-ups (the connection doctor's) are discovery: no token with them.
    const lookUps = sent.filter((request) => !request.path.startsWith('/mcp'));
    expect(lookUps.length).toBeGreaterThan(0);
    expect(lookUps.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('says why a switched-off server cannot be reached', async () => {
    const server = await fixture();
    const { manager, keepAlive } = harness();
    const { id } = await manager.addServer({ name: 'Gone', url: server.mcpUrl });
    await server.close();

    const before = performance.now();
    const health = await manager.healthCheck(id);
    const took = performance.now() - before;
    expect(health).toMatchObject({ ok: false, error: expect.stringContaining("Couldn't reach") });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.latencyMs).toBeLessThanOrEqual(Math.ceil(took));
    expect(keepAlive.active).toBe(0);
  });
});
