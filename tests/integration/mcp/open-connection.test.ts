/**
 * Opening one connection (`openConnection`) against real servers: which transport and era it
 * settles on when what was stored no longer fits, which failures it hands back as they are,
 * and what it tells its owner afterwards (the connection lost, lists changed).
 */
import { describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServerOptions } from '../../fixtures/mcp-fixture-server';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import { startModernServer, type ModernServerOptions } from '../../fixtures/modern-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';
import { openConnection, type OpenConnectionOptions } from '../../../src/mcp/connection';
import type { ConnectionError } from '../../../src/errors/connection-error';

const cleanups = cleanupsAfterEach();

async function legacyServer(options: FixtureServerOptions = {}) {
  const fixture = await startFixtureServer(options);
  cleanups.push(() => fixture.close());
  /** The JSON-RPC methods POSTed, in order. */
  const rpcs = () =>
    fixture.requests.flatMap((request) => {
      const method = (request.body as { method?: string } | undefined)?.method;
      return request.method === 'POST' && method ? [method] : [];
    });
  return { fixture, rpcs };
}

/** A strict 2026-07-28 server, and the era a first connection to it stored. */
async function modernServerWithEra(options: Partial<ModernServerOptions> = {}) {
  const server = await startModernServer({ legacy: 'reject', ...options });
  cleanups.push(() => server.close());
  const first = await openConnection({ url: server.mcpUrl });
  await first.close();
  const count = (method: string) => server.methods().filter((m) => m === method).length;
  return { server, era: first.era, count };
}

/** The change notifications each `subscriptions/listen` request asked for. */
function listenFilters(server: { requests: { body: unknown }[] }): unknown[] {
  return server.requests.flatMap((request) => {
    const body = request.body as { method?: string; params?: { notifications?: unknown } };
    return body?.method === 'subscriptions/listen' ? [body.params?.notifications] : [];
  });
}

/** Opens a connection, to close (ending its session) after the test. */
async function open(options: OpenConnectionOptions) {
  const connection = await openConnection(options);
  cleanups.push(() => connection.close({ terminate: true }));
  return connection;
}

/** Collects what `onLost` is told; `first` resolves with the first loss. */
function losses() {
  const lost: ConnectionError[] = [];
  let heard: (error: ConnectionError) => void = () => undefined;
  const first = new Promise<ConnectionError>((resolve) => (heard = resolve));
  const onLost = (error: ConnectionError) => {
    lost.push(error);
    heard(error);
  };
  return { lost, first, onLost };
}

/** What `promise` rejected with; fails the test when it resolves. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the connection to fail'),
    (error: unknown) => error,
  );
}

describe('a stored era that no longer fits', () => {
  it('probes afresh when the server now speaks only 2026-07-28', async () => {
    const server = await startModernServer({ legacy: 'reject' });
    cleanups.push(() => server.close());
    const connection = await open({ url: server.mcpUrl, era: { kind: 'legacy' } });
    expect(connection.transport).toBe('streamable-http');
    expect(connection.era.kind).toBe('modern');
    expect(connection.eraReused).toBe(false);
    expect(server.methods()).toContain('server/discover');
  });

  it('probes afresh when the server refuses the stored era’s handshake with a JSON-RPC error', async () => {
    const { fixture, rpcs } = await legacyServer();
    fixture.inject({
      path: '/mcp',
      rpcMethod: 'initialize',
      rpcError: { code: -32602, message: 'Unsupported protocol version' },
    });
    const connection = await open({ url: fixture.mcpUrl, era: { kind: 'legacy' } });
    expect(connection.eraReused).toBe(false);
    expect(connection.era).toEqual({ kind: 'legacy' });
    expect(rpcs()).toEqual([
      'initialize',
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
  });

  it('hands back a server error on the stored era as it is, without probing', async () => {
    const { fixture, rpcs } = await legacyServer();
    fixture.inject({ path: '/mcp', rpcMethod: 'initialize', status: 500 });
    const error = await failure(openConnection({ url: fixture.mcpUrl, era: { kind: 'legacy' } }));
    expect(error).toMatchObject({ kind: 'server', details: { status: 500 } });
    expect(rpcs()).toEqual(['initialize']);
  });

  it('hands back a credentials failure on the stored era without probing', async () => {
    const { fixture, rpcs } = await legacyServer({ requiredHeaders: { 'x-team': 'blue' } });
    const error = await failure(
      openConnection({
        url: fixture.mcpUrl,
        era: { kind: 'legacy' },
        headers: { 'x-team': 'red' },
      }),
    );
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(rpcs()).toEqual(['initialize']);
  });
});

describe('the transport', () => {
  it('goes straight to HTTP+SSE when that transport was stored, with no Streamable HTTP POST', async () => {
    const { fixture, rpcs } = await legacyServer();
    const connection = await open({ url: fixture.sseUrl, transport: 'sse' });
    expect(connection.transport).toBe('sse');
    // The legacy transport is 2025-era only: no server/discover probe over it.
    expect(rpcs()).toEqual(['initialize', 'notifications/initialized']);
    expect(
      fixture.requests.some((request) => request.path === '/sse' && request.method === 'POST'),
    ).toBe(false);
  });

  it('does not try HTTP+SSE when a stored Streamable HTTP endpoint answers 404', async () => {
    const { fixture } = await legacyServer();
    const url = `${fixture.url}/gone`;
    const error = await failure(openConnection({ url, transport: 'streamable-http' }));
    expect(error).toMatchObject({
      kind: 'not-found',
      message: 'HTTP 404',
      details: { status: 404 },
    });
    expect(fixture.requests.filter((request) => request.method === 'GET')).toEqual([]);
  });

  it('says there is no MCP endpoint when both transports answer 404', async () => {
    const { fixture } = await legacyServer();
    const url = `${fixture.url}/gone`;
    const error = await failure(openConnection({ url }));
    expect(error).toMatchObject({
      kind: 'not-found',
      message: 'No MCP endpoint at this URL',
      details: { status: 404 },
    });
    expect(
      fixture.requests.some((request) => request.method === 'GET' && request.path === '/gone'),
    ).toBe(true);
  });

  it('never tries HTTP+SSE after a credentials failure', async () => {
    const { fixture, rpcs } = await legacyServer({ requiredHeaders: { 'x-team': 'blue' } });
    const error = await failure(openConnection({ url: fixture.mcpUrl }));
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(fixture.requests.filter((request) => request.method === 'GET')).toEqual([]);
    expect(rpcs()).toHaveLength(1);
  });
});

describe('a connection lost', () => {
  it('is told once when the HTTP+SSE event stream drops', async () => {
    const { fixture } = await legacyServer();
    const { lost, first, onLost } = losses();
    const connection = await open({ url: fixture.sseUrl, transport: 'sse', onLost });
    await fixture.dropConnections();
    expect(await first).toMatchObject({
      kind: 'network',
      message: 'The server could not be reached',
    });
    await connection.close();
    expect(lost).toHaveLength(1);
  });

  it('is told once when the SDK client closes without close() being called', async () => {
    const { fixture } = await legacyServer();
    const { lost, first, onLost } = losses();
    const connection = await open({ url: fixture.mcpUrl, onLost });
    await connection.client.close();
    expect(await first).toMatchObject({
      kind: 'network',
      message: 'The connection to the server closed',
    });
    expect(lost).toHaveLength(1);
  });

  it('is not told when the connection is closed on purpose', async () => {
    const { fixture } = await legacyServer();
    const { lost, onLost } = losses();
    const connection = await open({ url: fixture.sseUrl, transport: 'sse', onLost });
    await connection.close();
    expect(lost).toEqual([]);
  });

  it('is not told of a failure before the connection opened', async () => {
    const { fixture } = await legacyServer();
    const { lost, onLost } = losses();
    const error = await failure(
      openConnection({ url: `${fixture.url}/gone`, transport: 'sse', onLost }),
    );
    expect(error).toMatchObject({ kind: 'not-found' });
    expect(lost).toEqual([]);
  });

  it('closes quietly when nobody listens for losses', async () => {
    const { fixture } = await legacyServer();
    const connection = await open({ url: fixture.mcpUrl });
    await expect(connection.client.close()).resolves.toBeUndefined();
  });
});

describe('closing', () => {
  it('ends the server-side session when asked to', async () => {
    const { fixture } = await legacyServer();
    const connection = await openConnection({ url: fixture.mcpUrl });
    await connection.close({ terminate: true });
    expect(fixture.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(fixture.sessionCount().streamable).toBe(0);
  });

  it('leaves the server-side session open unless asked to end it', async () => {
    const { fixture } = await legacyServer();
    const connection = await open({ url: fixture.mcpUrl });
    await connection.close();
    expect(fixture.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(fixture.sessionCount().streamable).toBe(1);
  });
});

describe('following changes on a stored 2026 era', () => {
  const noop = () => undefined;

  it('asks for the tool, prompt and resource changes the server offers and someone hears', async () => {
    const { server, era } = await modernServerWithEra({ fullClient: true });
    const connection = await open({
      url: server.mcpUrl,
      era,
      onToolsChanged: noop,
      onFeaturesChanged: noop,
    });
    connection.followChanges();
    await expect.poll(() => listenFilters(server)).toHaveLength(1);
    expect(listenFilters(server)).toEqual([
      { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true },
    ]);
  });

  it('asks for tool changes only when nobody hears of prompts and resources', async () => {
    const { server, era } = await modernServerWithEra({ fullClient: true });
    const connection = await open({ url: server.mcpUrl, era, onToolsChanged: noop });
    connection.followChanges();
    await expect.poll(() => listenFilters(server)).toHaveLength(1);
    expect(listenFilters(server)).toEqual([{ toolsListChanged: true }]);
  });

  it('opens one stream however often it is asked to follow', async () => {
    const { server, era, count } = await modernServerWithEra();
    const connection = await open({ url: server.mcpUrl, era, onToolsChanged: noop });
    connection.followChanges();
    connection.followChanges();
    await expect.poll(() => count('subscriptions/listen')).toBe(1);
    await connection.ping();
    expect(count('subscriptions/listen')).toBe(1);
  });

  it('opens no stream when the server announces no changes', async () => {
    const { server, era, count } = await modernServerWithEra({ listChanged: false });
    const connection = await open({ url: server.mcpUrl, era, onToolsChanged: noop });
    connection.followChanges();
    const discovers = count('server/discover');
    await connection.ping();
    expect(count('server/discover')).toBe(discovers + 1);
    expect(count('subscriptions/listen')).toBe(0);
  });

  it('ends the stream it opened when closed', async () => {
    const { server, era, count } = await modernServerWithEra();
    const connection = await openConnection({ url: server.mcpUrl, era, onToolsChanged: noop });
    connection.followChanges();
    await expect.poll(() => count('subscriptions/listen')).toBe(1);
    await connection.ping();
    await connection.close();
    expect(count('notifications/cancelled')).toBe(1);
  });

  it('checks the server is still there when the stream cannot be opened', async () => {
    const { server, era, count } = await modernServerWithEra();
    const { lost, onLost } = losses();
    const connection = await open({ url: server.mcpUrl, era, onToolsChanged: noop, onLost });
    const discovers = count('server/discover');
    server.failNext('subscriptions/listen');
    connection.followChanges();
    await expect.poll(() => count('server/discover')).toBe(discovers + 1);
    expect(lost).toEqual([]);
  });

  it('checks the server is still there when it refuses the stream with a JSON-RPC error', async () => {
    const { server, era, count } = await modernServerWithEra();
    const connection = await open({ url: server.mcpUrl, era, onToolsChanged: noop });
    const discovers = count('server/discover');
    server.refuseNext('subscriptions/listen');
    connection.followChanges();
    await expect.poll(() => count('server/discover')).toBe(discovers + 1);
  });
});

describe('the handshake', () => {
  it('gives up on a server that does not answer it in the time given', async () => {
    const { fixture } = await legacyServer();
    const held = fixture.holdNext('server/discover');
    const error = await failure(openConnection({ url: fixture.mcpUrl, connectTimeoutMs: 200 }));
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'The server did not finish the handshake in time',
    });
    held.release();
  });

  it('sends its requests through the fetch it is given', async () => {
    const { fixture } = await legacyServer();
    const seen: string[] = [];
    const connection = await open({
      url: fixture.mcpUrl,
      fetch: (input, init) => {
        seen.push(init?.method ?? 'GET');
        return fetch(input, init);
      },
    });
    await connection.client.listTools();
    expect(seen.filter((method) => method === 'POST').length).toBe(
      fixture.requests.filter((request) => request.method === 'POST').length,
    );
    expect(seen).toContain('POST');
  });

  it('shakes hands afresh when given a stored session without the era it belongs to', async () => {
    const { fixture, rpcs } = await legacyServer();
    const first = await openConnection({ url: fixture.mcpUrl });
    const resume = { sessionId: first.sessionId!, handshake: first.handshake! };
    await first.close();
    const connection = await open({ url: fixture.mcpUrl, resume });
    expect(connection.resumed).toBe(false);
    expect(connection.sessionId).not.toBe(resume.sessionId);
    expect(rpcs().filter((method) => method === 'initialize')).toHaveLength(2);
  });

  it('connects on a stored 2026 era whose discover result does not name the server', async () => {
    const { server, era } = await modernServerWithEra();
    if (era.kind !== 'modern') expect.fail('expected a 2026 era');
    const discover = { ...era.discover };
    delete discover._meta;
    const connection = await open({ url: server.mcpUrl, era: { kind: 'modern', discover } });
    expect(connection.serverIcons).toBeUndefined();
    expect(connection.eraReused).toBe(true);
  });

  it('gives a server without tools no tool-list handling, and still connects', async () => {
    const server = await startPaginatedServer({
      toolCount: 0,
      pageSize: 10,
      noTools: true,
      promptCount: 1,
    });
    cleanups.push(() => server.close());
    const connection = await open({ url: server.url, onToolsChanged: () => undefined });
    expect(connection.capabilities).toMatchObject({ prompts: {} });
    expect(connection.capabilities).not.toHaveProperty('tools');
  });

  it('times out a ping the server does not answer, in the time asked', async () => {
    const { fixture } = await legacyServer();
    const connection = await open({ url: fixture.mcpUrl });
    const held = fixture.holdNext('ping');
    await expect(connection.ping({ timeout: 100 })).rejects.toThrow(/timed out/i);
    held.release();
  });
});

describe('lists that change', () => {
  it('tells of a lost connection when the changed tool list cannot be fetched', async () => {
    const { fixture } = await legacyServer();
    const { first, onLost } = losses();
    const tools: string[][] = [];
    const connection = await open({
      url: fixture.mcpUrl,
      onToolsChanged: (list) => tools.push(list.map((tool) => tool.name)),
      onLost,
    });
    fixture.inject({ path: '/mcp', rpcMethod: 'tools/list', status: 500 });
    await connection.client.callTool({ name: 'add_tool', arguments: { name: 'late_tool' } });
    expect(await first).toMatchObject({ kind: 'server', details: { status: 500 } });
    expect(tools).toEqual([]);
  });

  it('tells that the prompts changed without fetching them', async () => {
    const server = await startModernServer({ legacy: 'reject', fullClient: true });
    cleanups.push(() => server.close());
    let heard: (kind: string) => void = () => undefined;
    const changed = new Promise<string>((resolve) => (heard = resolve));
    await open({ url: server.mcpUrl, onToolsChanged: () => undefined, onFeaturesChanged: heard });
    await expect.poll(() => server.methods()).toContain('subscriptions/listen');
    server.featuresChanged('prompts');
    expect(await changed).toBe('prompts');
    expect(server.methods()).not.toContain('prompts/list');
  });
});

describe('checking the server after a failed request', () => {
  /** A 2025-era connection whose next `count` tools/list requests fail with HTTP 500. */
  async function withFailingLists(options: Partial<OpenConnectionOptions> = {}) {
    const server = await legacyServer();
    const connection = await open({ url: server.fixture.mcpUrl, ...options });
    const failList = () => {
      server.fixture.inject({ path: '/mcp', rpcMethod: 'tools/list', status: 500 });
      return failure(connection.client.listTools());
    };
    const pings = () => server.rpcs().filter((method) => method === 'ping').length;
    return { ...server, connection, failList, pings };
  }

  it('pings, and keeps the connection when the server answers', async () => {
    const { lost, onLost } = losses();
    const { connection, failList, pings } = await withFailingLists({ onLost });
    await failList();
    await expect.poll(pings).toBe(1);
    await connection.client.listTools();
    expect(lost).toEqual([]);
  });

  it('pings after a request refused with a plain 403, which asks for no more scope', async () => {
    const { fixture, connection, pings } = await withFailingLists();
    fixture.inject({ path: '/mcp', rpcMethod: 'tools/list', status: 403 });
    expect(await failure(connection.client.listTools())).toMatchObject({ kind: 'auth' });
    await expect.poll(pings).toBe(1);
  });

  it('pings once while a check is still running', async () => {
    const { fixture, connection, failList, pings } = await withFailingLists();
    const held = fixture.holdNext('ping');
    await failList();
    await held.arrived;
    await failList();
    await connection.client.listTools();
    expect(pings()).toBe(1);
    held.release();
  });

  it('pings again after an earlier check passed', async () => {
    const { connection, failList, pings } = await withFailingLists();
    await failList();
    await expect.poll(pings).toBe(1);
    await connection.client.listTools();
    await failList();
    await expect.poll(pings).toBe(2);
  });

  it('tells of a lost connection once when the ping fails too', async () => {
    const { lost, first, onLost } = losses();
    const { fixture, connection, failList } = await withFailingLists({ onLost });
    fixture.inject({ path: '/mcp', rpcMethod: 'ping', status: 500 });
    await failList();
    expect(await first).toMatchObject({ kind: 'server', details: { status: 500 } });
    await connection.close();
    expect(lost).toHaveLength(1);
  });

  it('does not tell of a loss when closed while the ping is out', async () => {
    const { lost, onLost } = losses();
    const { fixture, connection, failList } = await withFailingLists({ onLost });
    const held = fixture.holdNext('ping');
    await failList();
    await held.arrived;
    await connection.close();
    held.release();
    // Nothing to await when nothing happens: let the ping's rejection, already queued, run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lost).toEqual([]);
  });
});
