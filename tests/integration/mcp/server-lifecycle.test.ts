import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import type { ServerConfig } from '../../../src/mcp/catalog';
import type { UpdateServerPayload } from '../../../src/messaging/contract';
import {
  startFixtureServer,
  TINY_PNG_BASE64,
  type FixtureServer,
} from '../../fixtures/mcp-fixture-server';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import { createHarness } from '../../helpers/manager-harness';

let fixture: FixtureServer;
let harness: ReturnType<typeof createHarness>;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  fixture = await startFixtureServer();
  harness = createHarness();
});

afterEach(async () => {
  await harness.dispose();
  await fixture.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Replaces this test's harness with one built with `options` (nothing of the old one ran). */
async function useHarness(options: Parameters<typeof createHarness>[0]) {
  await harness.dispose();
  harness = createHarness(options);
  return harness;
}

/** The JSON-RPC methods the fixture received, in order. */
function rpcMethods(): (string | undefined)[] {
  return fixture.requests
    .filter((request) => request.method === 'POST')
    .map((request) => (request.body as { method?: string } | undefined)?.method);
}

const initializes = () => rpcMethods().filter((method) => method === 'initialize').length;

/** The states broadcast for one server, in order. */
function broadcastStates(serverId: string): string[] {
  return harness.broadcaster.messages.flatMap((message) =>
    message.type === 'mcp/status/changed' && message.payload.serverId === serverId
      ? [message.payload.status.state]
      : [],
  );
}

describe('a tool call the server answers with a JSON-RPC error', () => {
  it.each([
    { code: -32603, message: 'Internal error: the weather service is down' },
    { code: -32602, message: 'Invalid params: unknown city' },
  ])(
    'fails the call as tool-failed ($code) and keeps the connection it came on',
    async (rpcError) => {
      const id = await harness.addAndEnable(fixture.mcpUrl);
      fixture.inject({ path: '/mcp', method: 'POST', rpcMethod: 'tools/call', rpcError });

      const error = await harness.manager
        .callTool(id, { name: 'get_weather', arguments: { city: 'Atlantis' } })
        .catch((caught: unknown) => caught);

      expect(PatchbayError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'tool-failed',
        message: expect.stringMatching(
          new RegExp(`^Fixture rejected the call to get_weather: .*${rpcError.message}`),
        ) as unknown,
      });
      expect(await harness.manager.getStatus(id)).toEqual({ state: 'connected' });
      // The same session carries the next call: no new handshake, no status change.
      const echoed = await harness.manager.callTool(id, {
        name: 'echo',
        arguments: { text: 'still here' },
      });
      expect(echoed.content).toEqual([{ type: 'text', text: 'still here' }]);
      expect(initializes()).toBe(1);
      expect(broadcastStates(id)).toEqual(['connecting', 'connected']);
      expect(harness.keepAlive.active).toBe(0);
    },
  );
});

describe('switching a server off', () => {
  it.each([
    [
      'switched off after connecting',
      async () => {
        const id = await harness.addAndEnable(fixture.mcpUrl);
        await harness.manager.disable(id);
        return id;
      },
    ],
    [
      'never switched on',
      async () => (await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl })).id,
    ],
  ])(
    'refuses a call to a server %s with not-enabled and sends it nothing',
    async (_when, setUp) => {
      const id = await setUp();
      const seen = fixture.requests.length;

      await expect(
        harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hello?' } }),
      ).rejects.toMatchObject({
        code: 'not-enabled',
        message: 'Fixture is switched off. Switch it on to use its tools.',
      });

      expect(fixture.requests.slice(seen)).toEqual([]);
      expect(fixture.sessionCount().streamable).toBe(0);
      expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
      expect(harness.keepAlive.active).toBe(0);
    },
  );

  it('stops a running call, tells the server it was cancelled and lets the worker rest', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const { call, started: firstProgress } = harness.startSlowCall(id, 'slow-1');
    const outcome = call.then(
      () => 'finished',
      (caught: unknown) => caught,
    );
    await firstProgress;
    expect(harness.keepAlive.active).toBeGreaterThan(0);

    await harness.manager.disable(id);

    expect(await outcome).toMatchObject({
      code: 'cancelled',
      message: 'The server was switched off.',
    });
    const callRequest = fixture.requests.find(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    const requestId = (callRequest?.body as { id?: unknown } | undefined)?.id;
    expect(requestId).toBeDefined();
    await expect
      .poll(() =>
        fixture.requests
          .map((request) => request.body as { method?: string; params?: { requestId?: unknown } })
          .filter((body) => body?.method === 'notifications/cancelled')
          .map((body) => body.params?.requestId),
      )
      .toEqual([requestId]);
    await expect.poll(() => fixture.cancellations).toBe(1);
    expect(harness.keepAlive.active).toBe(0);
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
  });
});

describe('switching a server off while it connects', () => {
  it('stays switched off when the connection it was opening answers late', async () => {
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl });
    const handshake = fixture.holdNext('initialize');
    const enabling = harness.manager.enable(id);
    await handshake.arrived;

    await harness.manager.disable(id);
    handshake.release();

    // The switch-on settles once the late answer has been dealt with.
    expect(await enabling).toEqual({ state: 'disconnected' });
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'disconnected' });
    expect((await harness.manager.viewOf(id)).isEnabled).toBe(false);
    expect(broadcastStates(id)).toEqual(['connecting', 'disconnected']);
    // The session the server opened for the late answer was ended, not left open.
    expect(initializes()).toBe(1);
    expect(fixture.sessionCount().streamable).toBe(0);
    expect(rpcMethods()).not.toContain('tools/call');
    expect(harness.keepAlive.active).toBe(0);
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({ code: 'not-enabled' });
  });

  it('opens exactly one connection when switched back on while the old attempt still waits', async () => {
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl });
    const stale = fixture.holdNext('initialize');
    const firstEnable = harness.manager.enable(id);
    await stale.arrived;
    await harness.manager.disable(id);

    const fresh = fixture.holdNext('initialize');
    const secondEnable = harness.manager.enable(id);
    await fresh.arrived;
    // The old attempt's answer arrives while the new one is still waiting for its own.
    stale.release();
    await firstEnable;
    expect(await harness.manager.getStatus(id)).toEqual({ state: 'connecting' });

    // A call meanwhile waits for the new attempt rather than starting a third.
    const call = harness.manager.callTool(id, { name: 'echo', arguments: { text: 'once' } });
    fresh.release();
    expect(await secondEnable).toEqual({ state: 'connected' });
    expect((await call).content).toEqual([{ type: 'text', text: 'once' }]);

    expect(initializes()).toBe(2);
    expect(fixture.sessionCount().streamable).toBe(1);
    expect(broadcastStates(id)).toEqual(['connecting', 'disconnected', 'connecting', 'connected']);
    // The one session left is the one the call went over.
    const callSession = fixture.requests.find(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    )?.headers['mcp-session-id'];
    expect(harness.store.snapshot()[`mcp.${id}.sessionId`]).toBe(callSession);
  });

  it('releases a call that waits for the connection at once, and lets the worker rest', async () => {
    const { id } = await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl });
    const handshake = fixture.holdNext('initialize');
    const enabling = harness.manager.enable(id);
    await handshake.arrived;
    let outcome: unknown;
    const call = harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }).then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = error),
    );
    try {
      await harness.manager.disable(id);
      // The handshake is still held: the call must not wait for it to end.
      await expect
        .poll(() => outcome, { timeout: 5_000 })
        .toMatchObject({
          code: 'cancelled',
          message: 'The server was switched off.',
        });
    } finally {
      handshake.release();
    }
    await call;
    await enabling;
    expect(rpcMethods()).not.toContain('tools/call');
    expect(harness.keepAlive.active).toBe(0);
  });
});

describe('built-in servers', () => {
  const builtIn = (url: string): ServerConfig => ({
    id: 'built-in-fixture',
    name: 'Built-in fixture',
    url,
    description: 'A built-in server for tests.',
    requiresAuthentication: false,
    isCustom: false,
    transport: 'streamable-http',
  });

  it.each([
    [
      'edited',
      {
        attempt: (id: string) =>
          harness.manager.updateServer({ id, name: 'Renamed', url: 'http://127.0.0.1:9/mcp' }),
        message: 'Built-in fixture is built in and cannot be edited.',
      },
    ],
    [
      'removed',
      {
        attempt: (id: string) => harness.manager.removeServer(id),
        message: 'Built-in fixture is built in; switch it off instead.',
      },
    ],
  ])(
    'refuses to have a built-in server %s and keeps it as it was',
    async (_operation, { attempt, message }) => {
      const config = builtIn(fixture.mcpUrl);
      await useHarness({ catalog: [config] });
      await harness.manager.enable(config.id);
      const viewBefore = await harness.manager.viewOf(config.id);
      expect(viewBefore).toMatchObject({ isCustom: false, status: { state: 'connected' } });
      const storedBefore = harness.store.snapshot();

      await expect(attempt(config.id)).rejects.toMatchObject({ code: 'invalid-request', message });

      expect(await harness.manager.viewOf(config.id)).toEqual(viewBefore);
      expect(harness.store.snapshot()).toEqual(storedBefore);
      expect((await harness.manager.listServers()).map((server) => server.id)).toEqual([config.id]);
      const echoed = await harness.manager.callTool(config.id, {
        name: 'echo',
        arguments: { text: 'built in' },
      });
      expect(echoed.content).toEqual([{ type: 'text', text: 'built in' }]);
      expect(initializes()).toBe(1);
    },
  );
});

describe('editing a custom server', () => {
  const icon = `data:image/png;base64,${TINY_PNG_BASE64}`;

  // What the server form sends: an empty icon or an empty OAuth client says "remove it".
  it.each([
    [
      'its icon',
      {
        edit: { iconDataUrl: '', oauth: { clientId: 'patchbay-test' } },
        stored: {
          requiresAuthentication: true,
          oauth: { clientId: 'patchbay-test', clientSecret: 's3cret' },
        },
        view: { requiresAuthentication: true, oauthClientId: 'patchbay-test' },
        gone: 'iconDataUrl',
      },
    ],
    [
      'its OAuth client',
      {
        edit: { iconDataUrl: icon, oauth: {} },
        stored: { requiresAuthentication: false, iconDataUrl: icon },
        view: { requiresAuthentication: false, iconDataUrl: icon },
        gone: 'oauthClientId',
      },
    ],
  ])('forgets %s when an edit removes it', async (_removed, { edit, stored, view, gone }) => {
    const added = await harness.manager.addServer({
      name: 'Docs',
      url: fixture.mcpUrl,
      iconDataUrl: icon,
      oauth: { clientId: 'patchbay-test', clientSecret: 's3cret' },
    });
    expect(added).toMatchObject({ iconDataUrl: icon, oauthClientId: 'patchbay-test' });

    const update: UpdateServerPayload = {
      id: added.id,
      name: 'Docs',
      url: fixture.mcpUrl,
      headers: [],
      ...edit,
    };
    const updated = await harness.manager.updateServer(update);

    expect(updated).toMatchObject(view);
    expect(updated).not.toHaveProperty(gone);
    expect(await harness.manager.viewOf(added.id)).toEqual(updated);
    expect(harness.store.snapshot().customMcpServers).toEqual([
      {
        id: added.id,
        name: 'Docs',
        url: fixture.mcpUrl,
        description: `Custom server at 127.0.0.1:${fixture.port}`,
        isCustom: true,
        ...stored,
      },
    ]);
    // A fresh worker reads the same from storage.
    const restarted = createHarness({ store: harness.store });
    cleanups.push(() => restarted.dispose());
    expect(await restarted.manager.viewOf(added.id)).toEqual(updated);
  });
});

describe('tools/list paging', () => {
  // Patchbay follows at most 100 pages of tools/list; a server with more is treated as looping.
  it.each([
    [
      'lists every tool',
      100,
      {
        status: { state: 'connected' },
        toolCount: 100,
      },
    ],
    [
      'stops at the limit and says why',
      101,
      {
        status: {
          state: 'error',
          error:
            'Paged sent more than 100 pages of tools, more than Patchbay follows; the server may be stuck in a loop. Retry later, or tell its maintainer.',
        },
        toolCount: 0,
      },
    ],
  ] as const)(
    '%s when a server has %i pages of tools',
    async (_outcome, pages, { status, toolCount }) => {
      const paged = await startPaginatedServer({ toolCount: pages, pageSize: 1 });
      cleanups.push(() => paged.close());
      const id = await harness.addAndEnable(paged.url, 'Paged');

      const view = await harness.manager.viewOf(id);
      expect(view.status).toEqual(status);
      expect(view.toolCount).toBe(toolCount);
      // Page 101 is never asked for.
      expect(paged.listRequests).toBe(100);
      expect(harness.keepAlive.active).toBe(0);
    },
  );
});
