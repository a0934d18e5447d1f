/**
 * How a server's sign-in meets its status (src/mcp/session/auth-flow.ts), through the manager
 * against the real authorization server: which requests a sign-in makes, the states it moves
 * through, what a failed one says, and what a refresh comes to.
 */
import { describe, expect, it } from 'vitest';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startOAuthFixture, type OAuthFixtureOptions } from '../../fixtures/oauth-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { createHarness } from '../../helpers/manager-harness';
import { createNodeIdentity } from '../../helpers/node-identity';
import type { Broadcast } from '../../../src/messaging/contract';
import type { StoredTokens } from '../../../src/oauth/provider';
import { refreshAlarmName } from '../../../src/oauth/session';

const cleanups = cleanupsAfterEach();

type Harness = ReturnType<typeof createHarness>;

async function setup(
  fixtureOptions: OAuthFixtureOptions = {},
  harnessOptions: Parameters<typeof createHarness>[0] = {},
) {
  const fixture = await startOAuthFixture({ consent: 'page', ...fixtureOptions });
  cleanups.push(() => fixture.close());
  const identity = createNodeIdentity();
  const harness = createHarness({ identity, ...harnessOptions });
  cleanups.push(() => harness.dispose());
  const { id } = await harness.manager.addServer({ name: 'Notes', url: fixture.mcpUrl });
  return { fixture, identity, harness, id };
}

async function signedIn(
  fixtureOptions: OAuthFixtureOptions = {},
  harnessOptions: Parameters<typeof createHarness>[0] = {},
) {
  const context = await setup(fixtureOptions, harnessOptions);
  await context.harness.manager.enable(context.id);
  await context.harness.waitForState(context.id, 'connected');
  return context;
}

/** The status broadcasts for one server from message `from` on. */
function statusesOf(harness: Harness, serverId: string, from = 0) {
  return harness.broadcaster.messages
    .slice(from)
    .flatMap((message: Broadcast) =>
      message.type === 'mcp/status/changed' && message.payload.serverId === serverId
        ? [message.payload]
        : [],
    );
}

const statesOf = (harness: Harness, serverId: string, from = 0) =>
  statusesOf(harness, serverId, from).map((payload) => payload.status.state);

const storedTokens = (harness: Harness, id: string) =>
  harness.store.snapshot()[`oauth.${id}.tokens`] as StoredTokens | undefined;

/** MCP requests (not metadata) that carried no access token. */
const anonymousMcpRequests = (fixture: { requests: OAuthFixtureRequest[] }, from = 0) =>
  fixture.requests
    .slice(from)
    .filter(
      (request) =>
        request.app === 'mcp' &&
        !request.path.startsWith('/.well-known') &&
        !request.path.startsWith('/custom') &&
        request.headers.authorization === undefined,
    );

type OAuthFixtureRequest = Awaited<ReturnType<typeof startOAuthFixture>>['requests'][number];

describe('a first sign-in', () => {
  it('uses the challenge of the refused connection, asking the server for nothing more', async () => {
    const { fixture, harness, id } = await signedIn();
    expect(anonymousMcpRequests(fixture).map((request) => request.method)).toEqual(['POST']);
    expect(storedTokens(harness, id)?.access_token).toEqual(expect.any(String));
  });
});

describe('signing in again after disconnecting', () => {
  it('asks the server for its challenge once, over the transport found and the fetch it was given', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const { fixture, harness, id } = await signedIn(
      { transport: 'sse' },
      {
        fetch: (url, init) => {
          seen.push({
            url: String(url),
            authorization: new Headers(init?.headers).get('authorization'),
          });
          return fetch(url, init);
        },
      },
    );
    await harness.manager.disconnect(id);
    const from = fixture.requests.length;
    const fetched = seen.length;

    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });

    const probes = anonymousMcpRequests(fixture, from);
    expect(probes.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /sse']);
    expect(
      seen.slice(fetched).filter((call) => call.url === fixture.mcpUrl && !call.authorization),
    ).toHaveLength(1);
  });
});

describe('the states of a sign-in', () => {
  it('a step-up says authorizing, tells the pages where to sign in, and stays connected', async () => {
    const { fixture, harness, id } = await signedIn({ refreshTokens: false });
    const from = harness.broadcaster.messages.length;
    const result = await harness.manager.callTool(id, {
      name: 'write_note',
      arguments: { text: 'hello' },
    });
    expect(result.isError).toBeFalsy();
    const statuses = statusesOf(harness, id, from).map((payload) => [
      payload.status.state,
      payload.server?.signInHost,
    ]);
    // Authorizing at once, then announced again (with the host) as each window opens.
    const host = new URL(fixture.issuer).host;
    expect(statuses[0]).toEqual(['authorizing', undefined]);
    expect(statuses.slice(1, -1)).toEqual(
      Array.from({ length: statuses.length - 2 }, () => ['authorizing', host]),
    );
    expect(statuses.length).toBeGreaterThan(2);
    expect(statuses.at(-1)).toEqual(['connected', undefined]);
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
  });

  it('signing in again while connected goes through authenticated and a new connection', async () => {
    const { harness, id } = await signedIn({ refreshTokens: false });
    const from = harness.broadcaster.messages.length;
    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });
    expect(statesOf(harness, id, from)).toEqual([
      'registering',
      'authorizing',
      'authenticated',
      'connecting',
      'connected',
    ]);
  });

  it('a sign-in refused while connected with a sign-in held says the sign-in is no longer valid', async () => {
    const { identity, harness, id } = await signedIn({ refreshTokens: false });
    identity.behaviour = 'deny';
    const message =
      'Notes was not given access: Access was denied on the sign-in page. Click Sign in to try again.';
    await expect(harness.manager.startSignIn(id)).rejects.toMatchObject({
      code: 'auth-denied',
      message,
    });
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'invalid-token', error: message });
  });

  it.each([
    ['finishes', 'approve'],
    ['fails', 'close'],
  ] as const)(
    'a sign-in to a switched-off server that %s leaves it switched off and unconnected',
    async (_outcome, behaviour) => {
      const { fixture, identity, harness, id } = await setup();
      identity.behaviour = behaviour;
      const signIn = harness.manager.startSignIn(id);
      if (behaviour === 'approve') expect(await signIn).toEqual({ state: 'disconnected' });
      else await expect(signIn).rejects.toMatchObject({ code: 'auth-cancelled' });

      expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
      expect(storedTokens(harness, id) !== undefined).toBe(behaviour === 'approve');
      expect(
        fixture.requests.filter(
          (request) => request.app === 'mcp' && request.headers.authorization !== undefined,
        ),
      ).toEqual([]);
    },
  );
});

const LEFT_OPEN = 'the window is left open past the deadline';

describe('what a failed sign-in says', () => {
  it.each<
    [
      string,
      OAuthFixtureOptions,
      (context: Awaited<ReturnType<typeof setup>>) => Promise<void> | void,
      { code: string; message: string | RegExp; cause?: boolean },
    ]
  >([
    [
      LEFT_OPEN,
      {},
      ({ identity }) => void (identity.behaviour = 'leave-open'),
      {
        code: 'auth-cancelled',
        message:
          'The sign-in window was left open for <1 min without finishing. Sign-in to Notes stopped; click Sign in to try again.',
      },
    ],
    [
      'the answer carries another state',
      {},
      ({ identity }) =>
        void (identity.tamper = (redirect) => {
          const forged = new URL(redirect);
          forged.searchParams.set('state', 'forged');
          return forged;
        }),
      {
        code: 'auth-failed',
        message:
          'Sign-in to Notes was rejected: The sign-in answer did not match the sign-in Patchbay started, so it was ignored. Try again.',
      },
    ],
    [
      'the answer carries no code',
      {},
      ({ identity }) =>
        void (identity.tamper = (redirect) => {
          const stripped = new URL(redirect);
          stripped.searchParams.delete('code');
          return stripped;
        }),
      {
        code: 'auth-failed',
        message:
          'Signing in to Notes failed: The authorization server answered without an authorization code.',
      },
    ],
    [
      'the authorization server is down',
      {},
      ({ fixture }) => fixture.stopAuthorizationServer(),
      {
        code: 'auth-failed',
        message: expect.stringMatching(/^Signing in to Notes failed: Couldn't reach/),
      },
    ],
    [
      'the metadata names another resource',
      { resourceOverride: 'https://elsewhere.example/mcp' },
      () => undefined,
      {
        code: 'auth-failed',
        message: expect.stringMatching(/^Signing in to Notes failed: \S/),
        cause: true,
      },
    ],
  ])('when %s', async (name, fixtureOptions, meanwhile, expected) => {
    // A short deadline only where it is what the row tests: elsewhere the window's round trip
    // to the authorization server may take longer than 300 ms on a busy machine.
    const context = await setup(fixtureOptions, {
      signInTimeoutMs: name === LEFT_OPEN ? 300 : 15_000,
    });
    const { harness, id } = context;
    await meanwhile(context);
    const failure = await harness.manager.startSignIn(id).then(
      () => undefined,
      (error: unknown) => error as Error & { code: string },
    );
    expect(failure).toMatchObject({ code: expected.code, message: expected.message });
    // Patchbay's own sign-in errors are explained in the sentence; anything else is kept as the cause.
    if (expected.cause) expect(failure?.cause).toBeInstanceOf(Error);
    else expect(failure?.cause).toBeUndefined();
    // The server was never switched on: it stays off.
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
    expect(storedTokens(harness, id)).toBeUndefined();
  });
});

describe('a refresh', () => {
  it('of a switched-off server ends switched off', async () => {
    const { harness, id } = await signedIn();
    await harness.manager.disable(id);
    const from = harness.broadcaster.messages.length;
    harness.alarms.fire(refreshAlarmName(id));
    await expect
      .poll(() => statesOf(harness, id, from), { timeout: 10_000 })
      .toEqual(['token-refresh', 'disconnected']);
  });

  /** A worker started again over a sign-in whose access token has run out. */
  async function restartedWithExpiredToken(
    meanwhile: (fixture: Awaited<ReturnType<typeof setup>>['fixture']) => Promise<void>,
  ) {
    const { fixture, identity, harness, id } = await signedIn();
    const tokens = storedTokens(harness, id)!;
    await harness.dispose();
    await harness.store.set({
      [`oauth.${id}.tokens`]: { ...tokens, expires_at: Date.now() - 1_000 },
    });
    await meanwhile(fixture);
    const restarted = createHarness({ store: harness.store, identity });
    cleanups.push(() => restarted.dispose());
    return { fixture, restarted, id, from: fixture.requests.length };
  }

  it('before connecting with an expired token moves through token-refresh to connecting', async () => {
    const { restarted, id } = await restartedWithExpiredToken(async () => undefined);
    const result = await restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } });
    expect(result.content).toEqual([{ type: 'text', text: 'x' }]);
    await restarted.waitForState(id, 'connected');
    expect(statesOf(restarted, id)).toEqual(['token-refresh', 'connecting', 'connected']);
  });

  it('that cannot reach the authorization server keeps the sign-in and says so, sending the server nothing', async () => {
    const { fixture, restarted, id, from } = await restartedWithExpiredToken((fixture) =>
      fixture.stopAuthorizationServer(),
    );
    const message =
      "Couldn't reach Notes's sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.";
    await expect(
      restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({ code: 'connection-failed', message });
    expect(await restarted.manager.getStatus(id)).toEqual({ state: 'error', error: message });
    expect(storedTokens(restarted, id)).toBeDefined();
    expect(fixture.requests.slice(from).filter((request) => request.app === 'mcp')).toEqual([]);
  });

  it('that is refused forgets the sign-in and says so, sending the server nothing', async () => {
    const { fixture, restarted, id, from } = await restartedWithExpiredToken((fixture) =>
      fixture.revokeAll(),
    );
    const message =
      'Your sign-in to Notes expired or was revoked. Sign in again to keep using its tools.';
    await expect(
      restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({ code: 'auth-required', message });
    expect(await restarted.manager.getStatus(id)).toEqual({
      state: 'invalid-token',
      error: message,
    });
    expect(storedTokens(restarted, id)).toBeUndefined();
    expect(fixture.requests.slice(from).filter((request) => request.app === 'mcp')).toEqual([]);
  });

  it('that has nothing to renew with when the server refuses the token says the sign-in expired, keeping the old', async () => {
    const { fixture, harness, id } = await signedIn({ refreshTokens: false });
    await fixture.expireAccessTokens();
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({ code: 'auth-required' });
    expect(await harness.manager.getStatus(id)).toEqual({
      state: 'invalid-token',
      error: 'Your sign-in to Notes expired or was revoked. Sign in again to keep using its tools.',
    });
    expect(storedTokens(harness, id)).toBeDefined();
  });
});

describe('switching on a server whose sign-in was revoked', () => {
  it('keeps it in invalid-token without opening a window', async () => {
    const { fixture, identity, harness, id } = await signedIn();
    await fixture.revokeAll();
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({ code: 'auth-required' });
    const status = await harness.manager.getStatus(id);
    expect(status.state).toBe('invalid-token');
    const windows = identity.opened.length;
    expect(await harness.manager.enable(id)).toEqual(status);
    expect(identity.opened).toHaveLength(windows);
  });
});

describe('editing a signed-in server', () => {
  it('signs in to the new server after the URL changes, not to the old one', async () => {
    const { identity, harness, id } = await signedIn();
    const other = await startOAuthFixture({ consent: 'page' });
    cleanups.push(() => other.close());
    await harness.manager.updateServer({ id, name: 'Notes', url: other.mcpUrl, headers: [] });
    await harness.waitForState(id, 'needs-auth');
    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'connected' });
    expect(identity.opened.at(-1)?.searchParams.get('resource')).toBe(other.mcpUrl);
  });

  it('does not knock again after a header edit while a sign-in is still needed', async () => {
    const { fixture, identity, harness, id } = await setup();
    identity.behaviour = 'close';
    await harness.manager.enable(id);
    await expect.poll(() => harness.keepAlive.active, { timeout: 10_000 }).toBe(0);
    expect((await harness.manager.getStatus(id)).state).toBe('needs-auth');
    const from = fixture.requests.length;
    await harness.manager.updateServer({
      id,
      name: 'Notes',
      url: fixture.mcpUrl,
      headers: [{ key: 'x-team', value: 'blue' }],
    });
    expect(await harness.manager.getStatus(id)).toMatchObject({ state: 'needs-auth' });
    expect(anonymousMcpRequests(fixture, from)).toEqual([]);
  });
});

describe('signing in to a server that lets anyone in', () => {
  it('ends the session its challenge probe opened, and says the sign-in failed', async () => {
    const fixture = await startFixtureServer();
    cleanups.push(() => fixture.close());
    const harness = createHarness({ identity: createNodeIdentity() });
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({ name: 'Open', url: fixture.mcpUrl });

    await expect(harness.manager.startSignIn(id)).rejects.toMatchObject({ code: 'auth-failed' });

    expect(fixture.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(fixture.sessionCount().streamable).toBe(0);
  });
});

describe('refreshes asked for at once', () => {
  it('run as one, and the status settles back to what it was before', async () => {
    const { fixture, identity, harness, id } = await signedIn();
    await harness.dispose();
    // The MCP server is unreachable from the restarted worker, which therefore rests in `error`;
    // token requests wait at a gate, so the second refresh surely starts during the first.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let waiting = 0;
    const restarted = createHarness({
      store: harness.store,
      identity,
      fetch: async (url, init) => {
        if (String(url) === fixture.mcpUrl) throw new TypeError('fetch failed');
        if (String(url).endsWith('/token')) {
          waiting += 1;
          await gate;
        }
        return fetch(url, init);
      },
    });
    cleanups.push(() => restarted.dispose());
    await restarted.waitForState(id, 'error');
    const before = await restarted.manager.getStatus(id);
    const heard = restarted.broadcaster.messages.length;
    const alarm = refreshAlarmName(id);
    const from = fixture.tokenRequests.length;

    restarted.alarms.fire(alarm);
    await expect.poll(() => waiting, { timeout: 10_000 }).toBe(1);
    await restarted.alarms.schedule(alarm, Date.now() + 3_600_000);
    restarted.alarms.fire(alarm);
    open();
    await expect.poll(() => restarted.keepAlive.active, { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => fixture.tokenRequests.length - from, { timeout: 10_000 })
      .toBeGreaterThan(0);

    expect(waiting).toBe(1);
    expect(statesOf(restarted, id, heard)).toEqual(['token-refresh', 'error']);
    expect(await restarted.manager.getStatus(id)).toEqual(before);
  });
});

describe('the scopes configured for a server', () => {
  it('are asked for when neither the challenge nor the metadata names any', async () => {
    const fixture = await startOAuthFixture({
      consent: 'page',
      unscopedChallenge: true,
      prmScopesSupported: [],
    });
    cleanups.push(() => fixture.close());
    const identity = createNodeIdentity();
    const harness = createHarness({ identity });
    cleanups.push(() => harness.dispose());
    const { id } = await harness.manager.addServer({
      name: 'Notes',
      url: fixture.mcpUrl,
      oauth: { scopes: ['read', 'write'] },
    });
    expect(await harness.manager.startSignIn(id)).toEqual({ state: 'disconnected' });
    expect(identity.opened.at(-1)?.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['read', 'write']),
    );
  });
});
