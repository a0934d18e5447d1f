/**
 * One server's session, driven through the manager against real servers on loopback: what a
 * restarted worker takes from storage, when it refuses to connect for want of a sign-in, and an
 * expired sign-in met on connecting.
 */
import { describe, expect, it, vi } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/mcp-fixture-server';
import { startOAuthFixture } from '../../fixtures/oauth-server';
import { FIXTURE_ICON, startModernServer } from '../../fixtures/modern-server';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity } from '../../helpers/node-identity';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createMemoryStore } from '../../../src/platform/memory';
import { storageKeys } from '../../../src/mcp/storage-keys';
import type { ServerConfig } from '../../../src/mcp/catalog';
import type { StoredTokens } from '../../../src/oauth/provider';
import { refreshAlarmName } from '../../../src/oauth/session';
import type { Identity } from '../../../src/platform/ports';

const cleanups = cleanupsAfterEach();

type Harness = ReturnType<typeof createHarness>;

function harnessWith(options: Parameters<typeof createHarness>[0] = {}): Harness {
  const harness = createHarness(options);
  cleanups.push(() => harness.dispose());
  return harness;
}

async function fixtureServer(): Promise<FixtureServer> {
  const server = await startFixtureServer();
  cleanups.push(() => server.close());
  return server;
}

const rpcMethods = (requests: { body?: unknown }[]) =>
  requests.map((request) => (request.body as { method?: string } | undefined)?.method);

/**
 * A custom server saved (switched off) by one worker, `entries` written to storage, and a new
 * worker started on that storage, as after Chrome stopped the first.
 */
/** A server behind the OAuth fixture, switched on and signed in through its consent page. */
async function signedInServer() {
  const fixture = await startOAuthFixture({ consent: 'page' });
  cleanups.push(() => fixture.close());
  const harness = harnessWith({ identity: createNodeIdentity() });
  const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
  await harness.manager.enable(id);
  await harness.manager.startSignIn(id);
  await harness.waitForState(id, 'connected');
  return { fixture, harness, id };
}

async function restartedWith(url: string, entries: (id: string) => Record<string, unknown>) {
  const first = harnessWith();
  const { id } = await first.manager.addServer({ name: 'Fixture', url });
  await first.store.set(entries(id));
  const restarted = harnessWith({ store: first.store });
  return { id, restarted };
}

describe('what a restarted worker takes from storage', () => {
  it.each([
    ['only the names among stored disabled tools', ['echo', 7, null, 'add'], ['echo', 'add']],
    ['nothing from a stored value that is not a list', 'echo', []],
  ])('keeps %s', async (_case, stored, disabled) => {
    const { id, restarted } = await restartedWith('http://127.0.0.1:9/mcp', (id) => ({
      [storageKeys.disabledTools(id)]: stored,
    }));
    expect((await restarted.manager.getServerTools(id)).disabled).toEqual(disabled);
  });

  it('starts a newly added server with no tools disabled', async () => {
    const harness = harnessWith();
    const { id } = await harness.manager.addServer({ name: 'New', url: 'http://127.0.0.1:9/mcp' });
    expect((await harness.manager.getServerTools(id)).disabled).toEqual([]);
  });

  it.each([
    [true, true],
    ['yes', undefined],
  ])('lets the server ask for the model when storage says %j', async (stored, shown) => {
    const { id, restarted } = await restartedWith('http://127.0.0.1:9/mcp', (id) => ({
      [storageKeys.sampling(id)]: stored,
    }));
    expect((await restarted.manager.viewOf(id)).samplingEnabled).toBe(shown);
  });

  it('goes straight to HTTP+SSE when that is the transport stored, without probing', async () => {
    const server = await fixtureServer();
    const { id, restarted } = await restartedWith(server.sseUrl, (id) => ({
      [storageKeys.enabled(id)]: true,
      [storageKeys.transport(id)]: 'sse',
    }));
    await restarted.waitForState(id, 'connected');
    expect((await restarted.manager.viewOf(id)).transport).toBe('sse');
    expect(
      server.requests.filter((request) => request.path === '/sse' && request.method === 'POST'),
    ).toEqual([]);
  });

  it('probes again, falling back to HTTP+SSE, when the stored transport is not one it knows', async () => {
    const server = await fixtureServer();
    const { id, restarted } = await restartedWith(server.sseUrl, (id) => ({
      [storageKeys.enabled(id)]: true,
      [storageKeys.transport(id)]: 'carrier-pigeon',
    }));
    await restarted.waitForState(id, 'connected');
    expect((await restarted.manager.viewOf(id)).transport).toBe('sse');
    expect(restarted.store.snapshot()[storageKeys.transport(id)]).toBe('sse');
  });
});

describe('a stored 2025-era session', () => {
  /** A worker that connected and was stopped: its storage, with `change` applied, in a new one. */
  async function stoppedWorker(
    server: FixtureServer,
    change: (id: string) => Record<string, unknown>,
  ) {
    const first = harnessWith({ store: createMemoryStore() });
    const id = await first.addAndEnable(server.mcpUrl);
    const stored = first.store.snapshot();
    await first.manager.closeAll();
    await vi.waitFor(() => expect(server.openGetStreams()).toBe(0), { timeout: 10_000 });
    const store = createMemoryStore({ ...stored, ...change(id) });
    const writes: Record<string, unknown>[] = [];
    const set = store.set.bind(store);
    store.set = (entries) => {
      writes.push(entries);
      return set(entries);
    };
    return { id, stored, writes, restarted: harnessWith({ store }) };
  }

  it('is resumed without writing anything back to storage', async () => {
    const server = await fixtureServer();
    const { id, restarted, writes, stored } = await stoppedWorker(server, () => ({}));
    const before = server.requests.length;
    await restarted.waitForState(id, 'connected');
    expect(rpcMethods(server.requests.slice(before))).not.toContain('initialize');
    expect(writes).toEqual([]);
    expect(restarted.store.snapshot()[storageKeys.sessionId(id)]).toBe(
      stored[storageKeys.sessionId(id)],
    );
  });

  it.each([
    [
      'without the handshake it settled',
      (id: string) => ({ [storageKeys.handshake(id)]: undefined }),
    ],
    ['with an empty session id', (id: string) => ({ [storageKeys.sessionId(id)]: '' })],
    [
      'with a session id that is not a string',
      (id: string) => ({ [storageKeys.sessionId(id)]: 42 }),
    ],
  ])('is not resumed %s: the new worker shakes hands afresh', async (_case, change) => {
    const server = await fixtureServer();
    const { id, restarted } = await stoppedWorker(server, change);
    const before = server.requests.length;
    await restarted.waitForState(id, 'connected');
    // Not one request on the stored session: the handshake is the first thing sent.
    const methods = rpcMethods(server.requests.slice(before));
    expect(methods[0]).toBe('initialize');
    expect(methods.filter((method) => method === 'initialize')).toHaveLength(1);
    const sessionId = restarted.store.snapshot()[storageKeys.sessionId(id)];
    expect(sessionId).toEqual(expect.any(String));
    expect(restarted.store.snapshot()[storageKeys.handshake(id)]).toMatchObject({
      serverInfo: { name: expect.any(String) },
    });
  });
});

describe('a server that needs a sign-in first', () => {
  const builtIn = (url: string): ServerConfig => ({
    id: 'signed-fixture',
    name: 'Signed fixture',
    url,
    description: 'A built-in server that needs a sign-in.',
    requiresAuthentication: true,
    isCustom: false,
    transport: 'streamable-http',
  });

  it('is never contacted without one, and says so in its status and to a tool call', async () => {
    const server = await fixtureServer();
    // Switched on in an earlier worker: this one starts connecting it on its own.
    const harness = harnessWith({
      catalog: [builtIn(server.mcpUrl)],
      initial: { [storageKeys.enabled('signed-fixture')]: true },
    });
    const message = 'Sign in to Signed fixture to use its tools.';
    await harness.waitForState('signed-fixture', 'needs-auth');
    await expect(
      harness.manager.callTool('signed-fixture', { name: 'echo', arguments: { text: 'hi' } }),
    ).rejects.toMatchObject({ code: 'auth-required', message });
    expect(await harness.manager.getStatus('signed-fixture')).toEqual({
      state: 'needs-auth',
      error: message,
    });
    expect(server.requests).toEqual([]);
  });

  it('keeps the reason a sign-in failed, and gives it to a tool call', async () => {
    const fixture = await startOAuthFixture({ consent: 'page' });
    cleanups.push(() => fixture.close());
    const identity = createNodeIdentity();
    const harness = harnessWith({ identity });
    const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
    identity.behaviour = 'close';
    await harness.manager.enable(id);
    await expect(harness.manager.startSignIn(id)).rejects.toMatchObject({ code: 'auth-cancelled' });
    const status = await harness.manager.getStatus(id);
    expect(status.state).toBe('needs-auth');
    const sent = fixture.requests.length;

    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } }),
    ).rejects.toMatchObject({ code: 'auth-required', message: status.error });
    expect(await harness.manager.getStatus(id)).toEqual(status);
    expect(fixture.requests.slice(sent)).toEqual([]);
  });
});

/**
 * A server signed in by one worker, whose access token has expired by the time a new worker
 * starts on its storage (with `options`); `before` runs first, to the authorization server.
 */
async function expiredOnRestart(
  before: (fixture: Awaited<ReturnType<typeof startOAuthFixture>>) => Promise<void>,
  options: Pick<Parameters<typeof createHarness>[0] & object, 'fetch'> = {},
) {
  const fixture = await startOAuthFixture({ consent: 'page' });
  cleanups.push(() => fixture.close());
  const first = harnessWith({ identity: createNodeIdentity() });
  const { id } = await first.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
  await first.manager.enable(id);
  await first.manager.startSignIn(id);
  await first.waitForState(id, 'connected');
  const stored = first.store.snapshot();
  await first.manager.closeAll();
  const tokens = stored[storageKeys.tokens(id)] as StoredTokens;
  await before(fixture);
  const unusedIdentity: Identity = {
    redirectUrl: () => 'https://ochopgbekfckekcfildinaeciimoahkb.chromiumapp.org/',
    launchWebAuthFlow: () => Promise.reject(new Error('No sign-in window expected.')),
    captureRedirect: () => Promise.reject(new Error('No sign-in window expected.')),
  };
  const restarted = harnessWith({
    ...options,
    identity: unusedIdentity,
    store: createMemoryStore({
      ...stored,
      [storageKeys.tokens(id)]: { ...tokens, expires_at: Date.now() - 60_000 },
    }),
  });
  return { fixture, id, restarted };
}

describe('an expired sign-in met on connecting', () => {
  it('keeps the sign-in and says the sign-in server is unreachable, retryably, when it is down, then connects once the refresh alarm renews it', async () => {
    const { fixture, id, restarted } = await expiredOnRestart((fixture) =>
      fixture.stopAuthorizationServer(),
    );
    const message =
      "Couldn't reach Notes's sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.";
    const call = restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
    await expect(call).rejects.toMatchObject({
      code: 'connection-failed',
      message,
      retryable: true,
    });
    expect(await restarted.manager.getStatus(id)).toEqual({ state: 'error', error: message });
    expect((await restarted.manager.viewOf(id)).isSignedIn).toBe(true);

    await fixture.startAuthorizationServer();
    restarted.alarms.fire(refreshAlarmName(id));
    await restarted.waitForState(id, 'connected');
  });

  it('asks for a new sign-in when the authorization server rejects the refresh', async () => {
    const { fixture, id, restarted } = await expiredOnRestart((fixture) => fixture.revokeAll());
    const expired = {
      state: 'invalid-token',
      error: 'Your sign-in to Notes expired or was revoked. Sign in again to keep using its tools.',
    };
    const sent = fixture.requests.filter((request) => request.app === 'mcp').length;
    const call = restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
    await expect(call).rejects.toMatchObject({ code: 'auth-required', message: expired.error });
    expect(await restarted.manager.getStatus(id)).toEqual(expired);
    expect((await restarted.manager.viewOf(id)).isSignedIn).toBeUndefined();
    expect(fixture.requests.filter((request) => request.app === 'mcp')).toHaveLength(sent);
  });
});

describe('a sign-in the authorization server revoked', () => {
  it('keeps saying the sign-in expired, and refuses tool calls with that, without asking the server', async () => {
    const { fixture, harness, id } = await signedInServer();
    await fixture.revokeAll();
    await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'revoked' } }).then(
      () => expect.unreachable('the call went through with a revoked sign-in'),
      () => undefined,
    );
    const expired = {
      state: 'invalid-token',
      error: 'Your sign-in to Notes expired or was revoked. Sign in again to keep using its tools.',
    };
    expect(await harness.manager.getStatus(id)).toEqual(expired);
    const sent = fixture.requests.length;

    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'again' } }),
    ).rejects.toMatchObject({ code: 'auth-required', message: expired.error });
    expect(await harness.manager.getStatus(id)).toEqual(expired);
    expect(fixture.requests.slice(sent)).toEqual([]);
  });
});

describe('a connected server', () => {
  it('sends its requests through the fetch the manager was given', async () => {
    const server = await fixtureServer();
    const fetched: string[] = [];
    const harness = harnessWith({
      fetch: (url, init) => {
        fetched.push(String(url));
        return fetch(url, init);
      },
    });
    await harness.addAndEnable(server.mcpUrl);
    expect(fetched.length).toBeGreaterThan(0);
    expect(new Set(fetched)).toEqual(new Set([server.mcpUrl]));
  });

  it('tells open pages of the icon the server gives, once it is fetched', async () => {
    const server = await startModernServer({ legacy: 'reject', fullClient: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const { id } = await harness.manager.addServer({ name: 'Modern', url: server.mcpUrl });
    const told = new Promise<string | undefined>((resolve) => {
      harness.broadcaster.listen((message) => {
        const icon =
          message.type === 'mcp/status/changed' && message.payload.server?.serverIconDataUrl;
        if (icon) resolve(icon);
      });
    });
    await harness.manager.enable(id);
    expect(await told).toBe(FIXTURE_ICON);
    expect((await harness.manager.viewOf(id)).serverIconDataUrl).toBe(FIXTURE_ICON);
  });

  it('asks for a stale tool list again when it is used, and tells pages of the change', async () => {
    const server = await startModernServer({ legacy: 'reject', toolsTtlMs: 0, listChanged: false });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    server.addTool('added_later');
    const from = harness.broadcaster.messages.length;

    const { tools } = await harness.manager.getServerTools(id);
    expect(tools.map((tool) => tool.name)).toContain('added_later');
    const told = harness.broadcaster.messages
      .slice(from)
      .filter((message) => message.type === 'mcp/tools/changed');
    expect(told).toHaveLength(1);
    expect((await harness.manager.viewOf(id)).toolCount).toBe(tools.length);
  });

  it('gives up the connection when asking for a stale tool list fails', async () => {
    const server = await startModernServer({ legacy: 'reject', toolsTtlMs: 0, listChanged: false });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    server.failNext('tools/list');
    await harness.manager.getServerTools(id);
    expect((await harness.manager.viewOf(id)).transport).toBeUndefined();
    expect((await harness.manager.getStatus(id)).state).toBe('error');
  });

  it('subscribes again to the resources pages follow when it connects anew', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl);
    await harness.manager.subscribeResource(id, 'fixture://notes');
    expect(server.subscribers('fixture://notes')).toBe(1);
    const subscribes = () =>
      server.requests.filter(
        (request) =>
          (request.body as { method?: string } | undefined)?.method === 'resources/subscribe',
      );
    // The server forgets every session: the next call meets a 404 and connects anew.
    server.expireSessions();

    await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'back' } });
    await expect.poll(() => subscribes().length, { timeout: 10_000 }).toBe(2);
    const [first, again] = subscribes().map((request) => request.headers['mcp-session-id']);
    expect(again).not.toBe(first);
  });

  it('forgets the resources pages followed when it is switched off', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl);
    await harness.manager.subscribeResource(id, 'fixture://notes');
    await harness.manager.disable(id);
    await harness.manager.enable(id);
    await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'back' } });
    await harness.manager.listResources(id);
    expect(
      rpcMethods(server.requests).filter((method) => method === 'resources/subscribe'),
    ).toHaveLength(1);
  });
});

describe('retrying', () => {
  it('starts the retries over when the person clicks Retry', async () => {
    const server = await fixtureServer();
    await server.close();
    const harness = harnessWith({
      retryPolicy: { maxRetries: 1, initialDelay: 10, maxDelay: 10, backoffMultiplier: 2 },
    });
    const { id } = await harness.manager.addServer({ name: 'Down', url: server.mcpUrl });
    const status = await harness.manager.enable(id);
    expect(status.error).not.toContain('stopped');
    await expect
      .poll(async () => (await harness.manager.getStatus(id)).error, { timeout: 10_000 })
      .toContain('Patchbay tried 1 more time and stopped');

    expect(await harness.manager.enable(id)).toEqual(status);
  });
});

describe('a worker that starts', () => {
  it('sends a resource request only once the tool list is in, unlike a tool call', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const { id, restarted } = await restartedWith(server.mcpUrl, (id) => ({
      [storageKeys.enabled(id)]: true,
    }));
    await restarted.manager.listResources(id);
    const methods = rpcMethods(server.requests);
    expect(methods.indexOf('tools/list')).toBeGreaterThan(-1);
    expect(methods.indexOf('tools/list')).toBeLessThan(methods.indexOf('resources/list'));
  });
});

describe('switching a server off while it connects', () => {
  it('says nothing of the attempt failing afterwards', async () => {
    const server = await fixtureServer();
    const harness = harnessWith();
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: server.mcpUrl });
    const held = server.holdNext('initialize');
    const enabling = harness.manager.enable(id);
    await held.arrived;
    await harness.manager.disable(id);
    await server.close();
    await enabling;
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
  });
});

describe('a refresh on connecting, as the status tells it', () => {
  it('goes from renewing the token to connecting and connected', async () => {
    const { id, restarted } = await expiredOnRestart(async () => undefined);
    await restarted.manager.getStatus(id);
    await restarted.waitForState(id, 'connected');
    const states = restarted.broadcaster.messages.flatMap((message) =>
      message.type === 'mcp/status/changed' && message.payload.serverId === id
        ? [message.payload.status.state]
        : [],
    );
    expect(states).toEqual(['token-refresh', 'connecting', 'connected']);
  });

  it.each([
    ['fails', true],
    ['succeeds', false],
  ])(
    'opens nothing and stays switched off when the server is switched off while the refresh runs, and the refresh %s',
    async (_case, failing) => {
      let arrived: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (arrived = resolve));
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const { fixture, id, restarted } = await expiredOnRestart(async () => undefined, {
        fetch: async (url, init) => {
          if (new URL(String(url)).pathname.endsWith('/token')) {
            arrived();
            await released;
            if (failing) throw new TypeError('fetch failed');
          }
          return fetch(url, init);
        },
      });
      void restarted.manager.getStatus(id);
      await held;
      await restarted.manager.disable(id);
      const sent = fixture.requests.filter((request) => request.app === 'mcp').length;
      release();
      await expect.poll(() => restarted.keepAlive.active, { timeout: 10_000 }).toBe(0);
      expect(await restarted.manager.getStatus(id)).toEqual({ state: 'disconnected' });
      expect(fixture.requests.filter((request) => request.app === 'mcp')).toHaveLength(sent);
    },
  );
});

describe('connecting', () => {
  it('gives up on a server that never answers the handshake after the time it was given', async () => {
    const server = await fixtureServer();
    server.holdNext('initialize');
    const harness = harnessWith({ connectTimeoutMs: 200 });
    const { id } = await harness.manager.addServer({ name: 'Silent', url: server.mcpUrl });
    const status = await harness.manager.enable(id);
    expect(status.state).toBe('error');
  });

  it('tells open pages of the tools once a worker that starts has connected on its own', async () => {
    const server = await fixtureServer();
    const { id, restarted } = await restartedWith(server.mcpUrl, (id) => ({
      [storageKeys.enabled(id)]: true,
    }));
    const told = new Promise<number>((resolve) => {
      restarted.broadcaster.listen((message) => {
        if (message.type === 'mcp/tools/changed' && message.payload.serverId === id)
          resolve(message.payload.server?.toolCount ?? 0);
      });
    });
    await restarted.manager.getStatus(id);
    expect(await told).toBeGreaterThan(3);
  });
});

describe('editing a server', () => {
  it('starts the retries over for the edited server', async () => {
    const server = await fixtureServer();
    await server.close();
    const harness = harnessWith({
      retryPolicy: { maxRetries: 1, initialDelay: 10, maxDelay: 10, backoffMultiplier: 2 },
    });
    const { id } = await harness.manager.addServer({ name: 'Down', url: server.mcpUrl });
    const status = await harness.manager.enable(id);
    await expect
      .poll(async () => (await harness.manager.getStatus(id)).error, { timeout: 10_000 })
      .toContain('Patchbay tried 1 more time and stopped');
    const from = harness.broadcaster.messages.length;

    await harness.manager.updateServer({
      id,
      name: 'Down',
      url: server.mcpUrl,
      headers: [{ key: 'X-Team', value: 'blue' }],
    });
    await expect
      .poll(
        () =>
          harness.broadcaster.messages
            .slice(from)
            .flatMap((message) =>
              message.type === 'mcp/status/changed' && message.payload.status.state === 'error'
                ? [message.payload.status.error]
                : [],
            )[0],
        { timeout: 10_000 },
      )
      .toBe(status.error);
  });

  it('forgets the transport and era stored for the old address', async () => {
    const server = await fixtureServer();
    const down = await fixtureServer();
    await down.close();
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.sseUrl);
    expect(harness.store.snapshot()[storageKeys.transport(id)]).toBe('sse');
    expect(harness.store.snapshot()[storageKeys.era(id)]).toBeDefined();

    await harness.manager.updateServer({ id, name: 'Fixture', url: down.mcpUrl });
    await harness.waitForState(id, 'error');
    expect(harness.store.snapshot()[storageKeys.transport(id)]).toBeUndefined();
    expect(harness.store.snapshot()[storageKeys.era(id)]).toBeUndefined();
  });
});

describe('requests waiting for a connection that is switched off', () => {
  it('are told the server was switched off', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: server.mcpUrl });
    const held = server.holdNext('initialize');
    const enabling = harness.manager.enable(id);
    await held.arrived;
    const listing = harness.manager.listResources(id);
    await harness.manager.disable(id);
    held.release();
    await expect(listing).rejects.toMatchObject({
      code: 'cancelled',
      message: 'The server was switched off.',
    });
    await enabling;
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
  });
});

describe('resources pages follow', () => {
  it('tells open pages when one changes', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl);
    await harness.manager.subscribeResource(id, 'fixture://notes');
    const told = new Promise<unknown>((resolve) => {
      harness.broadcaster.listen((message) => {
        if (message.type === 'mcp/resource/updated') resolve(message.payload);
      });
    });
    await server.updateResource('fixture://notes');
    expect(await told).toEqual({ serverId: id, uri: 'fixture://notes' });
  });
});

describe('a first call the stored era got refused', () => {
  it('is not sent again when connecting afresh fails too', async () => {
    const server = await startModernServer({ legacy: 'reject' });
    cleanups.push(() => server.close());
    const store = createMemoryStore();
    const first = harnessWith({ store });
    const id = await first.addAndEnable(server.mcpUrl, 'Modern');
    await first.manager.closeAll();
    const old = await fixtureServer();
    old.inject({ path: '/mcp', method: 'POST', rpcMethod: 'initialize', status: 500, times: 10 });
    const servers = store.snapshot().customMcpServers as { id: string; url: string }[];
    await store.set({
      customMcpServers: servers.map((entry) => ({ ...entry, url: old.mcpUrl })),
    });

    const restarted = harnessWith({ store });
    const failure = await restarted.manager
      .callTool(id, { name: 'echo', arguments: { text: 'once' } })
      .then(
        () => expect.unreachable('the call went through'),
        (error: unknown) => error,
      );
    // The refusal itself is what the call reports: it never ran anywhere.
    expect(failure).toMatchObject({
      code: 'connection-failed',
      message:
        "Modern answered with something that isn't MCP: it answered HTTP 400. Check that the URL points at an MCP endpoint.",
    });
    expect(rpcMethods(old.requests).filter((method) => method === 'tools/call')).toHaveLength(1);
  });
});

describe('switching a server off while it asks the person something', () => {
  it('takes its question away', async () => {
    const server = await startModernServer({ legacy: 'reject', fullClient: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const call = harness.manager.callTool(id, {
      name: 'confirm_deploy',
      arguments: { env: 'staging' },
    });
    const settledCall = call.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await harness.nextAsk();
    await harness.manager.disable(id);
    expect(await harness.manager.listAsks()).toEqual([]);
    expect(await settledCall).toMatchObject({ code: 'cancelled' });
  });
});

describe('a resource the server refuses to subscribe to again', () => {
  it('is not asked for on later connections', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl);
    await harness.manager.subscribeResource(id, 'fixture://notes');
    const subscribes = () =>
      rpcMethods(server.requests).filter((method) => method === 'resources/subscribe').length;
    /** The server forgets its sessions; a call connects anew, and a listing follows it. */
    const reconnect = async () => {
      server.expireSessions();
      await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'again' } });
      await harness.manager.listResources(id);
    };

    server.inject({
      path: '/mcp',
      method: 'POST',
      rpcMethod: 'resources/subscribe',
      rpcError: { code: -32603, message: 'No subscriptions today.' },
    });
    await reconnect();
    expect(subscribes()).toBe(2);
    await reconnect();
    expect(subscribes()).toBe(2);
  });
});

describe('signing in again on a connected server', () => {
  it('ends the old session at the server and connects anew with the new sign-in', async () => {
    const { fixture, harness, id } = await signedInServer();
    const oldSession = harness.store.snapshot()[storageKeys.sessionId(id)];
    expect(oldSession).toEqual(expect.any(String));
    const sent = fixture.requests.length;

    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });
    const ended = fixture.requests
      .slice(sent)
      .filter((request) => request.app === 'mcp' && request.method === 'DELETE');
    expect(ended.map((request) => request.headers['mcp-session-id'])).toEqual([oldSession]);
    expect(harness.store.snapshot()[storageKeys.sessionId(id)]).not.toBe(oldSession);
  });
});
