import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startFixtureServer,
  TINY_PNG_BASE64,
  type FixtureServer,
} from '../../fixtures/mcp-fixture-server';
import { createHarness } from '../../helpers/manager-harness';
import { PatchbayError } from '../../../src/errors/patchbay-error';

let fixture: FixtureServer;
let harness: ReturnType<typeof createHarness>;

beforeEach(async () => {
  fixture = await startFixtureServer();
  harness = createHarness();
});

afterEach(async () => {
  await harness.dispose();
  await fixture.close();
});

describe('connecting', () => {
  it('connects over Streamable HTTP, lists tools and remembers the transport', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const view = await harness.manager.viewOf(id);
    expect(view.status).toEqual({ state: 'connected' });
    expect(view.transport).toBe('streamable-http');
    expect(view.protocolVersion).toBe('2025-11-25');
    expect(view.toolCount).toBeGreaterThanOrEqual(7);
    const { tools } = await harness.manager.getServerTools(id);
    expect(tools.find((tool) => tool.name === 'echo')).toMatchObject({
      description: 'Repeats the given text back.',
      annotations: { readOnlyHint: true },
    });
    const stored = harness.store.snapshot();
    expect(stored[`mcp.${id}.enabled`]).toBe(true);
    expect(stored[`mcp.${id}.transport`]).toBe('streamable-http');
    expect(typeof stored[`mcp.${id}.sessionId`]).toBe('string');
    expect(harness.keepAlive.active).toBe(0);
  });

  it('falls back to HTTP+SSE when the initialize POST is refused, and does not probe again', async () => {
    const id = await harness.addAndEnable(fixture.sseUrl);
    expect((await harness.manager.viewOf(id)).transport).toBe('sse');
    expect(harness.store.snapshot()[`mcp.${id}.transport`]).toBe('sse');
    // The era probe (server/discover) and the 2025 initialize were both refused there.
    const postsToSse = () =>
      fixture.requests
        .filter((request) => request.method === 'POST' && request.path === '/sse')
        .map((request) => (request.body as { method?: string }).method);
    expect(postsToSse()).toEqual(['server/discover', 'initialize']);

    await harness.manager.disable(id);
    await harness.manager.enable(id);
    expect((await harness.manager.viewOf(id)).status.state).toBe('connected');
    expect(postsToSse()).toEqual(['server/discover', 'initialize']);
  });

  it('broadcasts every status transition, in order, through switching off and on again', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    await harness.manager.disable(id);
    await harness.manager.enable(id);
    const statuses = () =>
      harness.broadcaster.messages.flatMap((message) =>
        message.type === 'mcp/status/changed' && message.payload.serverId === id
          ? [message.payload]
          : [],
      );
    expect(statuses().map((payload) => payload.status.state)).toEqual([
      'connecting',
      'connected',
      'disconnected',
      'connecting',
      'connected',
    ]);
    // Each broadcast carries the whole server as it is after the change, for the panel's store.
    expect(statuses().map(({ server }) => [server?.status.state, server?.isEnabled])).toEqual([
      ['connecting', true],
      ['connected', true],
      ['disconnected', false],
      ['connecting', true],
      ['connected', true],
    ]);
    expect(statuses()[1]).toMatchObject({
      server: { id, transport: 'streamable-http', toolCount: 7 },
    });
    expect(statuses()[2]?.server).not.toHaveProperty('transport');
  });

  it('sends custom headers on every request of both transports', async () => {
    await fixture.close();
    fixture = await startFixtureServer({ requiredHeaders: { 'X-Api-Key': 'secret-1' } });
    const streamId = await harness.addAndEnable(fixture.mcpUrl, 'Keyed stream', [
      { key: 'X-Api-Key', value: 'secret-1' },
    ]);
    const sseId = await harness.addAndEnable(fixture.sseUrl, 'Keyed SSE', [
      { key: 'X-Api-Key', value: 'secret-1' },
    ]);
    expect((await harness.manager.viewOf(streamId)).status.state).toBe('connected');
    expect((await harness.manager.viewOf(sseId)).status.state).toBe('connected');
    await harness.manager.callTool(sseId, { name: 'echo', arguments: { text: 'hi' } });
    expect(fixture.requests.every((request) => request.headers['x-api-key'] === 'secret-1')).toBe(
      true,
    );
    expect(
      fixture.requests.some((request) => request.method === 'GET' && request.path === '/sse'),
    ).toBe(true);
    // The header value never appears in what pages see.
    expect(JSON.stringify(await harness.manager.listServers())).not.toContain('secret-1');
  });

  it('terminates the Streamable HTTP session with DELETE when the server is disabled', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    expect(fixture.sessionCount().streamable).toBe(1);
    await harness.manager.disable(id);
    expect(
      fixture.requests.some((request) => request.method === 'DELETE' && request.path === '/mcp'),
    ).toBe(true);
    expect(fixture.sessionCount().streamable).toBe(0);
    expect(harness.store.snapshot()[`mcp.${id}.sessionId`]).toBeUndefined();
  });

  it('rehydrates from storage in a new worker and reconnects enabled servers', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    await harness.manager.setDisabledTools(id, ['fail']);
    const restarted = createHarness({ store: harness.store });
    try {
      const { tools } = await restarted.manager
        .listEnabledTools()
        .then((list) => ({ tools: list }));
      expect(tools.map((tool) => tool.name)).toContain('echo');
      expect(tools.map((tool) => tool.name)).not.toContain('fail');
      expect((await restarted.manager.viewOf(id)).status.state).toBe('connected');
    } finally {
      await restarted.dispose();
    }
  });
});

describe('tools', () => {
  it('calls tools with nested arguments, images, structured content and tool errors', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const created = await harness.manager.callTool(id, {
      name: 'create_event',
      arguments: {
        title: 'Standup',
        schedule: { start: '2026-11-23T09:00:00Z', recurrence: { frequency: 'daily', count: 5 } },
        attendees: [{ email: 'a@example.com' }, { email: 'b@example.com', optional: true }],
        location: { name: 'HQ', address: { city: 'Lisbon', country: 'PT' } },
      },
    });
    expect(created.content).toEqual([
      {
        type: 'text',
        text: 'Created "Standup" at 2026-11-23T09:00:00Z with 2 attendee(s) in Lisbon.',
      },
    ]);

    const image = await harness.manager.callTool(id, { name: 'get_image', arguments: {} });
    expect(image.content[0]).toEqual({
      type: 'image',
      data: TINY_PNG_BASE64,
      mimeType: 'image/png',
    });

    const weather = await harness.manager.callTool(id, {
      name: 'get_weather',
      arguments: { city: 'Oslo' },
    });
    expect(weather.structuredContent).toEqual({
      city: 'Oslo',
      temperatureC: 21.5,
      conditions: 'sunny',
    });

    const failed = await harness.manager.callTool(id, {
      name: 'fail',
      arguments: { reason: 'nope' },
    });
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([{ type: 'text', text: 'Failed: nope' }]);
  });

  it('filters disabled tools out of the global list and refuses to call them', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    await harness.manager.setDisabledTools(id, ['echo']);
    const names = (await harness.manager.listEnabledTools()).map((tool) => tool.name);
    expect(names).not.toContain('echo');
    expect(names).toContain('get_image');
    await expect(
      harness.manager.callTool(id, { name: 'echo', arguments: { text: 'x' } }),
    ).rejects.toMatchObject({
      code: 'invalid-request',
    });
    expect(harness.store.snapshot()[`mcp.${id}.tools.disabled`]).toEqual(['echo']);
  });

  it('reports progress and cancels a running call with notifications/cancelled', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const { call, started: firstProgress } = harness.startSlowCall(id, 'call-1');
    await firstProgress;
    expect(await harness.manager.cancelTool(id, { callId: 'call-1' })).toBe(true);
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => fixture.cancellations).toBe(1);
    const progress = harness.broadcaster.messages.find(
      (message) => message.type === 'mcp/tool/progress',
    );
    expect(progress?.payload).toMatchObject({
      serverId: id,
      callId: 'call-1',
      progress: 1,
      total: 50,
    });
    expect(harness.keepAlive.active).toBe(0);
  });

  it('times out a slow tool with a clear, retryable error', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const error = await harness.manager
      .callTool(id, { name: 'slow_count', arguments: { steps: 1, delayMs: 5_000 }, timeoutMs: 300 })
      .catch((caught: unknown) => caught);
    expect(PatchbayError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'slow_count on Fixture did not finish within 0.3 s.',
    });
    expect((await harness.manager.viewOf(id)).status.state).toBe('connected');
  });

  it('stops a call that keeps reporting progress at its overall deadline', async () => {
    // The idle limit (1 s) is shorter than the deadline (1.5 s): only progress resetting it lets
    // the call reach the deadline, and a busy machine may leave a gap of most of a second.
    const limited = createHarness({ toolDeadlineMs: 1_500 });
    try {
      const id = await limited.addAndEnable(fixture.mcpUrl, 'Chatty');
      const error = await limited.manager
        .callTool(id, {
          name: 'slow_count',
          arguments: { steps: 1000, delayMs: 20 },
          timeoutMs: 1_000,
        })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'timeout',
        message:
          'slow_count on Chatty was still running after 1.5 s, the most a tool call may take, so Patchbay stopped waiting.',
      });
      expect(limited.keepAlive.active).toBe(0);
    } finally {
      await limited.dispose();
    }
  });

  it('throttles progress broadcasts of a fast-reporting tool', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const started = performance.now();
    const result = await harness.manager.callTool(id, {
      name: 'slow_count',
      arguments: { steps: 200, delayMs: 0 },
      callId: 'fast-1',
    });
    const elapsed = performance.now() - started;
    expect(result.content).toEqual([{ type: 'text', text: 'Counted to 200.' }]);
    const updates = harness.broadcaster.messages.filter(
      (message) => message.type === 'mcp/tool/progress' && message.payload.callId === 'fast-1',
    );
    // 200 notifications as fast as the server can send them: at most one broadcast per 100 ms
    // of the call (and the last), however long a busy machine made it take; on an idle one,
    // a handful rather than 200.
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
    expect(updates.length).toBeLessThan(200);
  });

  it('refreshes the tool cache when the server says its list changed', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const changed = new Promise<void>((resolve) => {
      harness.broadcaster.listen((message) => {
        if (message.type === 'mcp/tools/changed' && message.payload.serverId === id) resolve();
      });
    });
    await harness.manager.callTool(id, { name: 'add_tool', arguments: { name: 'late_tool' } });
    await changed;
    expect((await harness.manager.listEnabledTools()).map((tool) => tool.name)).toContain(
      'late_tool',
    );
  });

  it('coalesces a burst of list changes into a few tools/list requests', async () => {
    const id = await harness.addAndEnable(fixture.mcpUrl);
    const listsBefore = fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/list',
    ).length;
    const settled = new Promise<void>((resolve) => {
      harness.broadcaster.listen((message) => {
        if (message.type === 'mcp/tools/changed' && message.payload.server?.toolCount === 27)
          resolve();
      });
    });
    // Twenty tools added in one go: twenty notifications back to back, however busy the machine.
    await harness.manager.callTool(id, {
      name: 'add_tool',
      arguments: { name: 'burst', count: 20 },
    });
    await settled;
    const lists = fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/list',
    ).length;
    // Twenty notifications, debounced: a handful of lists, not twenty.
    expect(lists - listsBefore).toBeLessThanOrEqual(3);
  });
});

describe('testing a server before saving it', () => {
  it('reports the transport and tool count, and stores nothing', async () => {
    const result = await harness.manager.testConnection({ name: 'Probe', url: fixture.sseUrl });
    expect(result).toMatchObject({ ok: true, transport: 'sse', toolCount: 7 });
    expect(await harness.manager.listServers()).toEqual([]);
    expect(harness.store.snapshot()).toEqual({});
  });

  it('explains a failure the way the status would', async () => {
    const result = await harness.manager.testConnection({ url: `${fixture.url}/nowhere` });
    expect(result).toEqual({
      ok: false,
      error: `No MCP endpoint at ${fixture.url}/nowhere (HTTP 404). Check the path: MCP servers usually end in /mcp or /sse.`,
    });
  });

  it('exports custom servers with the transport found and no secrets', async () => {
    await harness.addAndEnable(fixture.sseUrl, 'Legacy', [
      { key: 'X-Api-Key', value: 'very-secret' },
    ]);
    const exported = await harness.manager.exportConfiguration();
    expect(exported).toEqual({
      mcpServers: {
        Legacy: { type: 'sse', url: fixture.sseUrl, headers: { 'X-Api-Key': '<X-Api-Key>' } },
      },
    });
  });
});
