import { describe, expect, it, vi } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/mcp-fixture-server';
import { REF_SCHEMA, startModernServer, type ModernServer } from '../../fixtures/modern-server';
import { createHarness } from '../../helpers/manager-harness';
import { openConnection } from '../../../src/mcp/connection';
import { createMemoryStore } from '../../../src/platform/memory';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function modern(
  legacy: 'reject' | 'stateless',
  requiredHeaders?: Record<string, string>,
  options: { toolsTtlMs?: number; listChanged?: boolean } = {},
) {
  const server = await startModernServer({
    legacy,
    ...(requiredHeaders ? { requiredHeaders } : {}),
    ...options,
  });
  cleanups.push(() => server.close());
  return server;
}

function harnessWith(store = createMemoryStore()) {
  const harness = createHarness({ store });
  cleanups.push(() => harness.dispose());
  return harness;
}

const posts = (server: ModernServer) =>
  server.requests.filter((request) => request.method === 'POST');

describe('2026-07-28 servers', () => {
  it.each(['reject', 'stateless'] as const)(
    'connects to a v2 server (legacy: %s) in the modern era, lists and calls its tools',
    async (legacy) => {
      const server = await modern(legacy);
      const harness = harnessWith();
      const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
      const view = await harness.manager.viewOf(id);
      expect(view.status).toEqual({ state: 'connected' });
      expect(view.transport).toBe('streamable-http');
      expect(view.protocolVersion).toBe('2026-07-28');
      expect(view.toolCount).toBe(5);
      // The probe, the list, and the stream the SDK opens for list changes: nothing else.
      expect(server.methods().sort()).toEqual([
        'server/discover',
        'subscriptions/listen',
        'tools/list',
      ]);

      const echo = await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
      expect(echo.content).toEqual([{ type: 'text', text: 'hi' }]);
      const weather = await harness.manager.callTool(id, {
        name: 'get_weather',
        arguments: { city: 'Oslo' },
      });
      expect(weather.structuredContent).toEqual({
        city: 'Oslo',
        temperatureC: 19,
        conditions: 'cloudy',
      });
      const stored = harness.store.snapshot()[`mcp.${id}.era`] as {
        verdict: { kind: string; discover: { supportedVersions: string[] } };
        checkedAt: number;
      };
      expect(stored.verdict.kind).toBe('modern');
      expect(stored.verdict.discover.supportedVersions).toContain('2026-07-28');
      expect(harness.store.snapshot()[`mcp.${id}.transport`]).toBe('streamable-http');
      // Stateless: no session to remember.
      expect(harness.store.snapshot()[`mcp.${id}.sessionId`]).toBeUndefined();
    },
  );

  it.each(['reject', 'stateless'] as const)(
    'keeps no handshake to resume for a 2026 connection (legacy: %s), and one for a 2025 connection',
    async (legacy) => {
      const server = await modern(legacy);
      const connection = await openConnection({ url: server.mcpUrl });
      cleanups.push(() => connection.close());
      expect(connection.sessionId).toBeUndefined();
      expect(connection.handshake).toBeUndefined();
      const fixture = await startFixtureServer();
      cleanups.push(() => fixture.close());
      const legacyConnection = await openConnection({ url: fixture.mcpUrl });
      cleanups.push(() => legacyConnection.close());
      expect(legacyConnection.handshake).toMatchObject({
        protocolVersion: expect.any(String),
        serverInfo: { name: 'patchbay-fixture', version: '1.0.0' },
      });
    },
  );

  it('sends the 2026 headers and per-request _meta on every request, and custom headers too', async () => {
    const server = await modern('reject', { 'x-api-key': 'k-123' });
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern', [
      { key: 'X-Api-Key', value: 'k-123' },
    ]);
    await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'hi' } });
    expect(posts(server).map((request) => request.headers['mcp-method'])).toEqual(
      expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']),
    );
    for (const request of posts(server)) {
      expect(request.headers['x-api-key']).toBe('k-123');
      expect(request.headers['mcp-protocol-version']).toBe('2026-07-28');
      const body = request.body as { method: string; params?: { _meta?: Record<string, unknown> } };
      expect(request.headers['mcp-method']).toBe(body.method);
      if (body.method === 'server/discover') continue;
      expect(body.params?._meta).toMatchObject({
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'Patchbay' },
        'io.modelcontextprotocol/clientCapabilities': expect.any(Object),
      });
    }
    const call = posts(server).find((request) => request.headers['mcp-method'] === 'tools/call');
    expect(call?.headers['mcp-name']).toBe('echo');
  });

  it('reuses the stored era: a reconnect and a restarted worker never probe again', async () => {
    const server = await modern('reject');
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.disable(id);
    await harness.manager.enable(id);
    expect((await harness.manager.viewOf(id)).status.state).toBe('connected');
    await harness.manager.closeAll();

    // A new worker: rehydrates from storage and reconnects without `server/discover`.
    const restarted = harnessWith(store);
    await restarted.manager.init();
    await restarted.waitForState(id, 'connected');
    const result = await restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } });
    expect(result.content).toEqual([{ type: 'text', text: 'x' }]);
    expect(server.methods().filter((method) => method === 'server/discover')).toHaveLength(1);
  });

  it('probes again when the stored era stops working: a server that went back to 2025', async () => {
    const server = await modern('reject');
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.closeAll();

    // The server behind the stored address is now a 2025-era one (stored as if it had been
    // upgraded in place: the era verdict in storage still says modern).
    const old = await startFixtureServer();
    cleanups.push(() => old.close());
    const servers = store.snapshot().customMcpServers as { id: string; url: string }[];
    await store.set({
      customMcpServers: servers.map((entry) => ({ ...entry, url: old.mcpUrl })),
    });
    const restarted = harnessWith(store);
    await restarted.manager.init();
    await restarted.waitForState(id, 'connected');
    expect((store.snapshot()[`mcp.${id}.era`] as { verdict: { kind: string } }).verdict.kind).toBe(
      'legacy',
    );
    const result = await restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'y' } });
    expect(result.content).toEqual([{ type: 'text', text: 'y' }]);
    // The stale verdict cost one refused tools/list, then one probe found the 2025 era.
    const methods = old.requests.map((request) => (request.body as { method?: string })?.method);
    expect(methods.filter((method) => method === 'server/discover')).toHaveLength(1);
  });

  it('makes a call that wakes the worker the first request, and lists the tools after it', async () => {
    const server = await modern('reject');
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.closeAll();
    const before = server.requests.length;

    // A new worker woken by a tool call: the stored era opens the connection without a round
    // trip, so the call goes out at once; the tool list follows once it is answered.
    const writes: string[] = [];
    const set = store.set.bind(store);
    store.set = (entries) => {
      writes.push(...Object.keys(entries));
      return set(entries);
    };
    const restarted = harnessWith(store);
    const result = await restarted.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'first' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'first' }]);
    await restarted.waitForState(id, 'connected');
    // The call first; the list (and the change subscription) only once it was answered.
    expect(server.methods()[before]).toBe('tools/call');
    await expect
      .poll(() => server.methods().slice(before + 1), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['tools/list', 'subscriptions/listen']));
    expect((await restarted.manager.getServerTools(id)).tools.map((tool) => tool.name)).toContain(
      'echo',
    );
    // Nothing about the connection changed, so nothing was written.
    expect(writes).toEqual([]);
  });

  it('does not keep the server connecting while a long first call runs', async () => {
    const server = await modern('reject');
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.closeAll();

    const restarted = harnessWith(store);
    let finished = false;
    // A call that runs until it is cancelled (50 minutes otherwise).
    const call = restarted.manager
      .callTool(id, {
        name: 'slow_count',
        arguments: { steps: 50, delayMs: 60_000 },
        callId: 'long-first',
      })
      .finally(() => (finished = true));
    // The list waits for the call only briefly: the server is connected while it runs.
    await restarted.waitForState(id, 'connected');
    expect(finished).toBe(false);
    expect((await restarted.manager.getServerTools(id)).tools.length).toBeGreaterThan(0);
    expect(await restarted.manager.cancelTool(id, { callId: 'long-first' })).toBe(true);
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('sends a first call again when the stored era is refused: it never ran', async () => {
    const server = await modern('reject');
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.closeAll();
    const old = await startFixtureServer();
    cleanups.push(() => old.close());
    const servers = store.snapshot().customMcpServers as { id: string; url: string }[];
    await store.set({
      customMcpServers: servers.map((entry) => ({ ...entry, url: old.mcpUrl })),
    });

    // The call goes out first with the stale 2026 era and is refused with 400 (no session);
    // the connecting attempt probes, finds 2025, and the call runs once on the new session.
    const restarted = harnessWith(store);
    const result = await restarted.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'once' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'once' }]);
    const calls = old.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers['mcp-session-id']).toBeUndefined();
    expect(calls[1]?.headers['mcp-session-id']).toEqual(expect.any(String));
    await restarted.waitForState(id, 'connected');
  });

  it('follows tool-list changes after a worker restart too, where the stored era skips the probe', async () => {
    const server = await modern('reject');
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    await harness.manager.closeAll();
    const restarted = harnessWith(store);
    await restarted.manager.init();
    await restarted.waitForState(id, 'connected');
    await expect
      .poll(() => server.methods().filter((m) => m === 'subscriptions/listen').length, {
        timeout: 10_000,
      })
      .toBe(2);
    const changed = new Promise<void>((resolve) => {
      const stop = restarted.broadcaster.listen((message) => {
        if (message.type === 'mcp/tools/changed' && message.payload.server?.toolCount === 6) {
          stop();
          resolve();
        }
      });
    });
    server.addTool('added_after_restart');
    await changed;
  });

  it('follows tool-list changes over subscriptions/listen', async () => {
    const server = await modern('reject');
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const changed = new Promise<void>((resolve) => {
      const stop = harness.broadcaster.listen((message) => {
        if (message.type === 'mcp/tools/changed' && message.payload.server?.toolCount === 6) {
          stop();
          resolve();
        }
      });
    });
    server.addTool('added_later');
    await changed;
    expect(server.methods()).toContain('subscriptions/listen');
    const { tools } = await harness.manager.getServerTools(id);
    expect(tools.map((tool) => tool.name)).toContain('added_later');
  });

  it.each([
    [
      'asks again every time when the list is stale at once and nothing announces changes',
      0,
      false,
      3,
    ],
    ['keeps the list for its ttlMs', 60_000, false, 1],
    ['keeps the list while change notifications keep it current', 0, true, 1],
  ] as const)('%s', async (_name, toolsTtlMs, listChanged, lists) => {
    const server = await modern('reject', undefined, { toolsTtlMs, listChanged });
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    for (let round = 0; round < 2; round += 1) {
      const tools = await harness.manager.listEnabledTools();
      expect(tools.filter((tool) => tool.serverId === id)).toHaveLength(5);
    }
    expect(server.methods().filter((method) => method === 'tools/list')).toHaveLength(lists);
  });

  it('passes $ref in tool schemas through as the server sent them', async () => {
    const server = await modern('reject');
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const { tools } = await harness.manager.getServerTools(id);
    const distance = tools.find((tool) => tool.name === 'distance');
    expect(distance?.inputSchema).toMatchObject({
      $defs: REF_SCHEMA.$defs,
      properties: { from: { $ref: '#/$defs/point' }, to: { $ref: '#/$defs/point' } },
    });
    const result = await harness.manager.callTool(id, {
      name: 'distance',
      arguments: { from: { x: 0, y: 0 }, to: { x: 3, y: 4 } },
    });
    expect(result.content).toEqual([{ type: 'text', text: '5' }]);
  });

  it('reports progress and cancels a running call in the 2026 era', async () => {
    const server = await modern('reject');
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const { call, started: firstProgress } = harness.startSlowCall(id, 'slow-1');
    await firstProgress;
    expect(await harness.manager.cancelTool(id, { callId: 'slow-1' })).toBe(true);
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => server.cancellations, { timeout: 10_000 }).toBe(1);
    expect(harness.keepAlive.active).toBe(0);
    // The connection is still good afterwards.
    const echo = await harness.manager.callTool(id, { name: 'echo', arguments: { text: 'on' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'on' }]);
  });

  it('round-trips request state: the retry echoes it byte for byte on a new request', async () => {
    const server = await modern('reject');
    const harness = harnessWith();
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const result = await harness.manager.callTool(id, {
      name: 'two_step',
      arguments: { label: 'ä/😀' },
    });
    expect(result.content).toEqual([
      { type: 'text', text: 'finished ä/😀 after first-round:ä/😀' },
    ]);
    const calls = posts(server)
      .map((request) => request.body as { id: unknown; params: { requestState?: string } })
      .filter((body) => (body as unknown as { method: string }).method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.params.requestState).toBeUndefined();
    expect(calls[1]?.params.requestState).toBe('first-round:ä/😀');
    expect(calls[1]?.id).not.toEqual(calls[0]?.id);
  });

  it('checks the health of a 2026 server, which has no ping, with server/discover', async () => {
    const server = await modern('reject');
    const harness = harnessWith();
    const { id } = await harness.manager.addServer({ name: 'Modern', url: server.mcpUrl });
    await expect(harness.manager.healthCheck(id)).resolves.toMatchObject({ ok: true });
    await harness.manager.enable(id);
    const before = server.methods().length;
    await expect(harness.manager.healthCheck(id)).resolves.toMatchObject({ ok: true });
    // The connection doctor's first request is a 2025 initialize, which the server refuses
    // (its Reach row says so); the health check's round trip itself is server/discover.
    expect(server.methods().slice(before)).toEqual(['initialize', 'server/discover']);
    expect(server.methods()).not.toContain('ping');
  });

  it('tests a strict 2026 server before saving it', async () => {
    const server = await modern('reject');
    const harness = harnessWith();
    await expect(harness.manager.testConnection({ url: server.mcpUrl })).resolves.toMatchObject({
      ok: true,
      transport: 'streamable-http',
      toolCount: 5,
    });
  });
});

describe('2025-era sessions across worker restarts', () => {
  /**
   * A worker Chrome stopped: its connections end without a goodbye (no DELETE), storage stays
   * as it was, and a new manager starts on it.
   */
  async function stoppedWorker(server: FixtureServer) {
    const store = createMemoryStore();
    const harness = harnessWith(store);
    const id = await harness.addAndEnable(server.mcpUrl, 'Modern');
    const stored = store.snapshot();
    await harness.manager.closeAll();
    // The server holds one GET stream per session: the new worker's opens once the old one's is gone.
    await vi.waitFor(() => expect(server.openGetStreams()).toBe(0), { timeout: 10_000 });
    return { id, restarted: harnessWith(createMemoryStore(stored)), stored };
  }

  it('goes on with the stored session: no second handshake, and the server still described', async () => {
    const server = await startFixtureServer();
    cleanups.push(() => server.close());
    const { id, restarted, stored } = await stoppedWorker(server);
    expect(stored[`mcp.${id}.sessionId`]).toEqual(expect.any(String));
    expect(stored[`mcp.${id}.handshake`]).toMatchObject({
      serverInfo: { name: expect.any(String) },
    });
    const before = server.requests.length;

    const result = await restarted.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'again' },
    });
    expect(JSON.stringify(result.content)).toContain('again');
    await restarted.waitForState(id, 'connected');
    const later = server.requests.slice(before);
    const methods = later.map(
      (request) => (request.body as { method?: string } | undefined)?.method,
    );
    expect(methods).not.toContain('initialize');
    expect(
      later.every((request) => request.headers['mcp-session-id'] === stored[`mcp.${id}.sessionId`]),
    ).toBe(true);
    expect(later.some((request) => request.headers['mcp-protocol-version'] !== undefined)).toBe(
      true,
    );
    // The capabilities came back with the handshake: the tool list is the server's, not empty.
    expect((await restarted.manager.getServerTools(id)).tools.length).toBeGreaterThan(3);
    expect(server.sessionCount().streamable).toBe(1);
  });

  it('restores what the handshake settled: protocol version, instructions, and the list-change stream', async () => {
    const server = await startFixtureServer({ instructions: 'Echo before anything else.' });
    cleanups.push(() => server.close());
    const { id, restarted, stored } = await stoppedWorker(server);
    const handshake = stored[`mcp.${id}.handshake`] as { protocolVersion: string };
    expect(handshake).toMatchObject({ instructions: 'Echo before anything else.' });
    const before = server.requests.length;

    await restarted.manager.callTool(id, { name: 'echo', arguments: { text: 'again' } });
    await restarted.waitForState(id, 'connected');
    const [view] = await restarted.manager.listServers();
    expect(view).toMatchObject({ id, instructions: 'Echo before anything else.' });
    // The session's event stream is opened again once the call went first (it may still be on
    // its way when the tool list is in).
    const reopenedStreams = () =>
      server.requests
        .slice(before)
        .filter(
          (request) =>
            request.method === 'GET' &&
            request.headers['mcp-session-id'] === stored[`mcp.${id}.sessionId`],
        );
    await expect.poll(() => reopenedStreams().length).toBeGreaterThan(0);
    const later = server.requests.slice(before);
    const firstPost = later.findIndex((request) => request.method === 'POST');
    const firstGet = later.findIndex((request) => request.method === 'GET');
    expect(firstPost).toBeLessThan(firstGet);
    expect(
      later
        .filter((request) => request.method === 'POST')
        .map((request) => request.headers['mcp-protocol-version']),
    ).toEqual(expect.arrayContaining([handshake.protocolVersion]));
    expect(
      later
        .filter((request) => request.method === 'POST')
        .every((request) => request.headers['mcp-protocol-version'] === handshake.protocolVersion),
    ).toBe(true);
    // The session's event stream is open again, so the server's list changes are heard: a new
    // stream, asking the server to replay nothing (no Last-Event-ID).
    const reopened = reopenedStreams();
    expect(reopened.map((request) => request.headers['last-event-id'])).toEqual(
      reopened.map(() => undefined),
    );
    const changed = new Promise<void>((resolve) => {
      restarted.broadcaster.listen((message) => {
        if (message.type === 'mcp/tools/changed' && message.payload.serverId === id) resolve();
      });
    });
    await restarted.manager.callTool(id, { name: 'add_tool', arguments: { name: 'late_tool' } });
    await changed;
    expect((await restarted.manager.getServerTools(id)).tools.map((tool) => tool.name)).toContain(
      'late_tool',
    );
  });

  it('shakes hands afresh when the server forgot the session, and runs the call once', async () => {
    const server = await startFixtureServer();
    cleanups.push(() => server.close());
    const { id, restarted, stored } = await stoppedWorker(server);
    server.expireSessions();
    const before = server.requests.length;

    const result = await restarted.manager.callTool(id, {
      name: 'echo',
      arguments: { text: 'fresh' },
    });
    expect(JSON.stringify(result.content)).toContain('fresh');
    await restarted.waitForState(id, 'connected');
    const later = server.requests.slice(before);
    const calls = later.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    // Refused with 404 on the forgotten session (it never ran), then run on the new one.
    expect(calls.map((request) => request.headers['mcp-session-id'])).toEqual([
      stored[`mcp.${id}.sessionId`],
      expect.not.stringMatching(String(stored[`mcp.${id}.sessionId`])),
    ]);
    expect(
      later.filter(
        (request) => (request.body as { method?: string } | undefined)?.method === 'initialize',
      ),
    ).toHaveLength(1);
    // The era was never in doubt: no probe.
    expect(
      later.some(
        (request) =>
          (request.body as { method?: string } | undefined)?.method === 'server/discover',
      ),
    ).toBe(false);
  });
});
