import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/mcp-fixture-server';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import { createHarness } from '../../helpers/manager-harness';
import { createMemoryStore } from '../../../src/platform/memory';
import { MAX_ANSWER_BYTES } from '../../../src/mcp/server-fetch';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

async function fixtureServer(
  options: Parameters<typeof startFixtureServer>[0] = {},
): Promise<FixtureServer> {
  const fixture = await startFixtureServer(options);
  cleanups.push(() => fixture.close());
  return fixture;
}

function harness(options: Parameters<typeof createHarness>[0] = {}) {
  const created = createHarness(options);
  cleanups.push(() => created.manager.closeAll());
  return created;
}

const CLOUDFLARE_1101 = `<!DOCTYPE html><html><head><title>Worker threw exception | mcp.example.com | Cloudflare</title></head>
<body><div id="cf-error-details"><h1>Error <span class="code-label">1101</span></h1><h2>Worker threw exception</h2>
<p>Cloudflare Ray ID: 8f1c2d3e4a5b6c7d</p></div></body></html>`;

describe('connection faults', () => {
  it('reports a server that is down at enable, keeping its configuration', async () => {
    const down = await fixtureServer();
    await down.close();
    const { manager, store } = harness();
    const server = await manager.addServer({ name: 'Down', url: down.mcpUrl });
    const status = await manager.enable(server.id);
    expect(status).toEqual({
      state: 'error',
      error: `Couldn't reach 127.0.0.1:${down.port} (ECONNREFUSED). Check the URL and that the server is running, then retry.`,
    });
    expect((await manager.listServers()).map((view) => view.id)).toContain(server.id);
    expect(store.snapshot()[`mcp.${server.id}.enabled`]).toBe(true);
    expect(store.snapshot().customMcpServers).toHaveLength(1);
  });

  it.each([500, 502, 503])('reports HTTP %i as a retryable server error', async (status) => {
    const fixture = await fixtureServer();
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status,
      body: 'upstream trouble',
      contentType: 'text/plain',
    });
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Flaky', url: fixture.mcpUrl });
    // Never connected from here: its address is what to check, not "temporary".
    expect(await manager.enable(server.id)).toEqual({
      state: 'error',
      error: `Flaky answered with a server error (HTTP ${status}) and has never connected from here. Check its address (${fixture.mcpUrl}) and that the server behind it is running; Edit to change the address, or Retry.`,
    });
    // Retrying (what the Retry button does) connects once the server recovers.
    expect(await manager.enable(server.id)).toEqual({ state: 'connected' });
    // Once it has worked, the same error is the server's passing trouble.
    await manager.disable(server.id);
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status,
      body: 'again',
      contentType: 'text/plain',
    });
    expect(await manager.enable(server.id)).toEqual({
      state: 'error',
      error: `Flaky had a server error (HTTP ${status}). This is usually temporary; retry in a moment.`,
    });
  });

  it('recognises a Cloudflare worker error 1101 page', async () => {
    const fixture = await fixtureServer();
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status: 500,
      contentType: 'text/html; charset=UTF-8',
      body: CLOUDFLARE_1101,
    });
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Workerish', url: fixture.mcpUrl });
    expect(await manager.enable(server.id)).toEqual({
      state: 'cloudflare-error',
      error:
        "Workerish's Cloudflare worker crashed (error 1101). The problem is on the server's side; retry later or contact its maintainer.",
    });
  });

  it('says so when the URL serves an HTML page instead of MCP', async () => {
    const fixture = await fixtureServer();
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status: 200,
      contentType: 'text/html',
      body: '<html>Welcome</html>',
    });
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Website', url: fixture.mcpUrl });
    const status = await manager.enable(server.id);
    expect(status.state).toBe('error');
    expect(status.error).toBe(
      "Website answered with something that isn't MCP: it returned an HTML page. Check that the URL points at an MCP endpoint.",
    );
  });

  it('reports malformed JSON', async () => {
    const fixture = await fixtureServer();
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status: 200,
      contentType: 'application/json',
      body: '{"jsonrpc": "2.0", "id": 0, "result": ',
    });
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Broken JSON', url: fixture.mcpUrl });
    const status = await manager.enable(server.id);
    expect(status.state).toBe('error');
    expect(status.error).toContain("Broken JSON answered with something that isn't MCP");
  });

  it('reports malformed SSE frames without waiting for the timeout', async () => {
    const fixture = await fixtureServer();
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status: 200,
      contentType: 'text/event-stream',
      body: 'event: message\ndata: {not json\n\n',
    });
    // A connect timeout far past the test's own: waiting for it would fail the test.
    const { manager } = harness({ connectTimeoutMs: 10 * 60_000 });
    const server = await manager.addServer({ name: 'Broken SSE', url: fixture.mcpUrl });
    const status = await manager.enable(server.id);
    expect(status).toEqual({
      state: 'error',
      error:
        "Broken SSE answered with something that isn't MCP: its reply was not valid JSON-RPC. Check that the URL points at an MCP endpoint.",
    });
  });

  it('says no MCP endpoint exists when both transports answer 404', async () => {
    const fixture = await fixtureServer();
    const { manager } = harness();
    const server = await manager.addServer({
      name: 'Wrong path',
      url: `${fixture.url}/nothing-here`,
    });
    expect(await manager.enable(server.id)).toEqual({
      state: 'error',
      error: `No MCP endpoint at ${fixture.url}/nothing-here (HTTP 404). Check the path: MCP servers usually end in /mcp or /sse.`,
    });
  });

  it('treats 401 as needing sign-in or credentials, never as a reason to try the other transport', async () => {
    const fixture = await fixtureServer({ requiredHeaders: { Authorization: 'Bearer right' } });
    const { manager } = harness();
    const server = await manager.addServer({
      name: 'Guarded',
      url: fixture.mcpUrl,
      headers: [{ key: 'Authorization', value: 'Bearer wrong' }],
    });
    const status = await manager.enable(server.id);
    expect(status.state).toBe('needs-auth');
    expect(status.error).toContain('HTTP 401');
    expect(
      fixture.requests.some((request) => request.path === '/mcp' && request.method === 'GET'),
    ).toBe(false);
    expect(fixture.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('not making things worse', () => {
  it('does not reconnect a failing server every time the tools are listed', async () => {
    const fixture = await fixtureServer();
    fixture.inject({ path: '/mcp', method: 'POST', status: 503, times: 1000 });
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Down', url: fixture.mcpUrl });
    await manager.enable(server.id);
    const attempts = fixture.requests.length;
    for (let round = 0; round < 5; round += 1) expect(await manager.listEnabledTools()).toEqual([]);
    expect(fixture.requests.length).toBe(attempts);
    expect((await manager.getStatus(server.id)).state).toBe('error');
  });

  it('gives up on a legacy SSE stream that never announces its endpoint', async () => {
    const silent = createServer((_request, response) => {
      response.writeHead(_request.method === 'GET' ? 200 : 405, {
        'content-type': 'text/event-stream',
      });
      if (_request.method !== 'GET') response.end();
      // GET: headers sent, then nothing, ever.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });
    const { port } = silent.address() as AddressInfo;
    const { manager } = harness({ connectTimeoutMs: 500 });
    const server = await manager.addServer({ name: 'Silent', url: `http://127.0.0.1:${port}/sse` });
    expect(await manager.enable(server.id)).toEqual({
      state: 'error',
      error:
        'Silent did not answer in time. The server may be overloaded or unreachable; retry in a moment.',
    });
  });
});

describe('sessions and streams', () => {
  it('re-initializes transparently when the server forgets the session (404) and retries once', async () => {
    const fixture = await fixtureServer();
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Forgetful', url: fixture.mcpUrl });
    await manager.enable(server.id);
    fixture.expireSessions();
    const result = await manager.callTool(server.id, {
      name: 'echo',
      arguments: { text: 'still here' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'still here' }]);
    const initializes = fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'initialize',
    );
    expect(initializes).toHaveLength(2);
    // The era stored at the first connection is reused: no second server/discover probe.
    expect(
      fixture.requests.filter(
        (request) =>
          (request.body as { method?: string } | undefined)?.method === 'server/discover',
      ),
    ).toHaveLength(1);
    expect(await manager.getStatus(server.id)).toEqual({ state: 'connected' });
  });

  it('keeps the connection when the optional GET stream is refused', async () => {
    const fixture = await fixtureServer();
    fixture.inject({ path: '/mcp', method: 'GET', status: 406, times: 20 });
    const { manager } = harness();
    const server = await manager.addServer({ name: 'No stream', url: fixture.mcpUrl });
    expect(await manager.enable(server.id)).toEqual({ state: 'connected' });
    const result = await manager.callTool(server.id, { name: 'echo', arguments: { text: 'ok' } });
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('keeps a healthy connection when storage refuses to save its details', async () => {
    const fixture = await fixtureServer();
    const store = createMemoryStore();
    const { manager } = harness({ store });
    const server = await manager.addServer({ name: 'Full disk', url: fixture.mcpUrl });
    const set = store.set.bind(store);
    store.set = async (entries) => {
      if (Object.keys(entries).some((key) => key.endsWith('.transport')))
        throw new Error('QUOTA_BYTES quota exceeded');
      return set(entries);
    };
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await manager.enable(server.id)).toEqual({ state: 'connected' });
      const result = await manager.callTool(server.id, { name: 'echo', arguments: { text: 'ok' } });
      expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
      expect(warned).toHaveBeenCalledWith(
        expect.stringContaining('could not save the connection details of Full disk'),
        'QUOTA_BYTES quota exceeded',
      );
    } finally {
      warned.mockRestore();
    }
  });

  it('stops reading an answer larger than the cap, with a clear error', async () => {
    const fixture = await fixtureServer();
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Flood', url: fixture.mcpUrl });
    await manager.enable(server.id);
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 99,
      result: { content: [{ type: 'text', text: 'x'.repeat(MAX_ANSWER_BYTES) }] },
    });
    fixture.inject({
      path: '/mcp',
      method: 'POST',
      status: 200,
      contentType: 'application/json',
      body: huge,
    });
    const error = await manager
      .callTool(server.id, { name: 'echo', arguments: { text: 'hi' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      message: expect.stringContaining('it sent more than 8 MB in one answer'),
    });
  });

  it('gives up on a server that accepts and drops every connection, instead of looping', async () => {
    const fixture = await fixtureServer();
    const { manager, broadcaster } = harness({
      retryPolicy: { maxRetries: 2, initialDelay: 20, maxDelay: 40, backoffMultiplier: 2 },
    });
    let connects = 0;
    broadcaster.listen((message) => {
      if (message.type !== 'mcp/status/changed' || message.payload.status.state !== 'connected')
        return;
      connects += 1;
      setTimeout(() => void fixture.dropConnections(), 0);
    });
    const server = await manager.addServer({ name: 'Flaky', url: fixture.sseUrl });
    await manager.enable(server.id);
    const gaveUp = new Promise<string>((resolve) => {
      broadcaster.listen((message) => {
        const error = message.type === 'mcp/status/changed' ? message.payload.status.error : '';
        if (error?.includes('stopped')) resolve(error);
      });
    });
    // The first connection and the two retries the policy allows; then it stays in error.
    await expect(gaveUp).resolves.toMatch(/tried 2 more times and stopped; click Retry/);
    expect(connects).toBe(3);
    expect((await manager.getStatus(server.id)).state).toBe('error');
  });

  it('recovers when the server is killed mid-session and restarted', async () => {
    const fixture = await fixtureServer();
    const { manager, waitForState } = harness({
      retryPolicy: { maxRetries: 20, initialDelay: 50, maxDelay: 200, backoffMultiplier: 2 },
    });
    const server = await manager.addServer({ name: 'Phoenix', url: fixture.mcpUrl });
    await manager.enable(server.id);
    await fixture.close();

    const failed = await manager
      .callTool(server.id, { name: 'echo', arguments: { text: 'x' } })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 'connection-failed', retryable: true });
    expect((await manager.getStatus(server.id)).state).toBe('error');

    await fixture.restart();
    await waitForState(server.id, 'connected');
    const result = await manager.callTool(server.id, { name: 'echo', arguments: { text: 'back' } });
    expect(result.content).toEqual([{ type: 'text', text: 'back' }]);
  });

  it('notices on its own when a Streamable HTTP server goes away, and reconnects when it is back', async () => {
    const fixture = await fixtureServer();
    const { manager, waitForState } = harness({
      retryPolicy: { maxRetries: 20, initialDelay: 100, maxDelay: 500, backoffMultiplier: 2 },
    });
    const server = await manager.addServer({ name: 'Vanishing', url: fixture.mcpUrl });
    await manager.enable(server.id);
    await fixture.close();
    await waitForState(server.id, 'error');
    expect((await manager.getStatus(server.id)).error).toContain("Couldn't reach");
    await fixture.restart();
    await waitForState(server.id, 'connected');
  });

  it('reconnects the legacy SSE transport when its stream drops', async () => {
    const fixture = await fixtureServer();
    const { manager, waitForState } = harness({
      retryPolicy: { maxRetries: 20, initialDelay: 50, maxDelay: 200, backoffMultiplier: 2 },
    });
    const server = await manager.addServer({ name: 'Legacy', url: fixture.sseUrl });
    await manager.enable(server.id);
    await fixture.close();
    await waitForState(server.id, 'error');
    await fixture.restart();
    await waitForState(server.id, 'connected');
    const result = await manager.callTool(server.id, {
      name: 'echo',
      arguments: { text: 'sse again' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'sse again' }]);
  });
});

describe('many servers and many tools', () => {
  it('follows tools/list pagination through 1,000 tools', async () => {
    const paginated = await startPaginatedServer({ toolCount: 1000, pageSize: 100 });
    cleanups.push(() => paginated.close());
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Huge', url: paginated.url });
    await manager.enable(server.id);
    const tools = await manager.listEnabledTools();
    expect(tools).toHaveLength(1000);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(1000);
    expect(paginated.listRequests).toBe(10);
    const result = await manager.callTool(server.id, { name: 'tool_0999', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'ran tool_0999' }]);
  });

  it('keeps the same tool name on two servers apart and routes each call to its server', async () => {
    const first = await fixtureServer({ name: 'first' });
    const second = await fixtureServer({ name: 'second' });
    const { manager } = harness();
    const a = await manager.addServer({ name: 'First', url: first.mcpUrl });
    const b = await manager.addServer({ name: 'Second', url: second.sseUrl });
    await manager.enable(a.id);
    await manager.enable(b.id);
    const echoes = (await manager.listEnabledTools()).filter((tool) => tool.name === 'echo');
    expect(echoes.map((tool) => tool.serverId).sort()).toEqual([a.id, b.id].sort());
    await manager.callTool(b.id, { name: 'echo', arguments: { text: 'to b' } });
    expect(second.requests.some((request) => request.path === '/messages')).toBe(true);
    expect(
      first.requests
        .filter((request) => request.method === 'POST')
        .map((request) => (request.body as { method?: string }).method),
    ).toEqual(['server/discover', 'initialize', 'notifications/initialized', 'tools/list']);
  });

  it('isolates one server’s failure from the others', async () => {
    const healthy = await fixtureServer();
    const down = await fixtureServer();
    await down.close();
    const { manager } = harness();
    const good = await manager.addServer({ name: 'Good', url: healthy.mcpUrl });
    const bad = await manager.addServer({ name: 'Bad', url: down.mcpUrl });
    await manager.enable(good.id);
    await manager.enable(bad.id);
    const tools = await manager.listEnabledTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((tool) => tool.serverId === good.id)).toBe(true);
    expect((await manager.getStatus(good.id)).state).toBe('connected');
    expect((await manager.getStatus(bad.id)).state).toBe('error');
  });

  it('health check pings a connected server and reports latency, or the error', async () => {
    const fixture = await fixtureServer();
    const { manager } = harness();
    const server = await manager.addServer({ name: 'Pingable', url: fixture.mcpUrl });
    await manager.enable(server.id);
    const health = await manager.healthCheck(server.id);
    expect(health.ok).toBe(true);
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    await fixture.close();
    const down = await manager.healthCheck(server.id);
    expect(down.ok).toBe(false);
    expect(down.error).toContain("Couldn't reach");
  });
});

describe('custom servers', () => {
  it('updates and removes a custom server, reconnecting on change and clearing its storage', async () => {
    const fixture = await fixtureServer();
    const { manager, store } = harness();
    const server = await manager.addServer({
      name: 'Editable',
      url: fixture.mcpUrl,
      headers: [{ key: 'X-Team', value: 'blue' }],
    });
    await manager.enable(server.id);
    await manager.setDisabledTools(server.id, ['fail']);
    // An empty value keeps the stored one: pages never see header values.
    const updated = await manager.updateServer({
      id: server.id,
      url: fixture.sseUrl,
      headers: [{ key: 'X-Team', value: '' }],
    });
    expect(updated.headerNames).toEqual(['X-Team']);
    expect(await manager.getStatus(server.id)).toEqual({ state: 'connecting' });
    await expect
      .poll(async () => (await manager.getStatus(server.id)).state, { timeout: 10_000 })
      .toBe('connected');
    expect((await manager.viewOf(server.id)).transport).toBe('sse');
    expect(
      fixture.requests
        .filter((request) => request.path === '/sse')
        .every((request) => request.headers['x-team'] === 'blue'),
    ).toBe(true);

    await expect(manager.updateServer({ id: server.id, name: '' })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'name',
    });
    expect((await manager.viewOf(server.id)).name).toBe('Editable');

    await manager.removeServer(server.id);
    expect((await manager.listServers()).map((view) => view.id)).not.toContain(server.id);
    expect(Object.keys(store.snapshot()).filter((key) => key.includes(server.id))).toEqual([]);
    expect(store.snapshot().customMcpServers).toEqual([]);
  });
});
