/**
 * The relay protocol end to end on loopback: a stand-in extension (written from the spec, its
 * MCP served by the SDK) and MCP clients, raw and through the SDK's Client over
 * RelayClientTransport.
 */
import { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RelayClientTransport } from '../../src/clients/client-transport.js';
import { handshaken, rawClient, startTestRelay, type TestRelay } from '../helpers.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let relay: TestRelay;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  relay = await startTestRelay();
  cleanups.push(() => relay.close());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function standIn(user = 'alice', name = 'Chromium'): Promise<StandIn> {
  const extension = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token(user, 'browser'),
    name,
  });
  cleanups.push(() => extension.close());
  return extension;
}

async function sdkClient(user = 'alice', extension?: string) {
  const client = new Client({ name: 'desktop-app', version: '1.0.0' });
  const transport = new RelayClientTransport({
    url: relay.url,
    accessToken: await relay.token(user, 'client'),
    extension,
  });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

describe('an extension', () => {
  it('connects, waits, is asked to authenticate, and is told who it is', async () => {
    const extension = await standIn();
    expect(extension.received[0]).toEqual({
      jsonrpc: '2.0',
      id: 'proxy:1',
      method: 'authenticate',
      params: {},
    });
    expect(extension.received[1]).toEqual({
      jsonrpc: '2.0',
      method: 'authenticated',
      params: { user_id: 'alice', extension_id: extension.id },
    });
    expect(extension.id).toMatch(/^ext-[0-9a-f]{32}$/);
    const health = (await (await fetch(`${relay.url}/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', extensions: 1, activeSessions: 0 });
  });

  it.each([
    ['a forged token', async () => 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl'],
    ['an expired token', () => relay.token('alice', 'browser', '-1m')],
    ['no token', async () => undefined],
  ])('is closed when it answers with %s', async (_case, makeToken) => {
    const token = await makeToken();
    await expect(
      connectStandIn({
        relayUrl: relay.url,
        token: '',
        authResult: { name: 'Chromium', accessToken: token },
      }),
    ).rejects.toThrow(/closed 4401 Authentication failed/);
    expect(relay.local.size).toBe(0);
    expect(relay.logs.join('')).not.toContain(String(token));
  });
});

describe('an MCP client', () => {
  it('handshakes, lists its extensions, connects, and talks MCP to the extension', async () => {
    const extension = await standIn();
    const client = await rawClient(relay.url);
    await expect(
      client.request('mcp_handshake', { accessToken: await relay.token('alice', 'client') }),
    ).resolves.toMatchObject({
      result: {
        authenticated: true,
        user_id: 'alice',
        mcp_client_id: expect.stringMatching(/^mcp-/),
      },
    });
    await expect(client.request('list_extensions')).resolves.toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { extensions: [{ id: extension.id, name: 'Chromium', connected: true }] },
    });
    const connected = await client.request('connect', { extension_id: extension.id });
    expect(connected.result).toEqual({
      connection_id: expect.stringMatching(/^conn-/),
      extension_id: extension.id,
      extension_name: 'Chromium',
    });
    const answer = await client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    // The client sees its own id; the extension saw it prefixed with the connection.
    expect(answer).toMatchObject({ id: 4, result: { serverInfo: { name: 'stand-in-browser' } } });
    const connectionId = (connected.result as { connection_id: string }).connection_id;
    expect(extension.received.find((message) => message.method === 'initialize')?.id).toBe(
      `${connectionId}:4`,
    );
    expect(extension.received.find((message) => message.method === 'status')).toMatchObject({
      params: { connected: true, peer_count: 1 },
    });
  });

  it('uses the extension through the SDK’s Client, and several clients keep their ids apart', async () => {
    await standIn();
    const [first, second] = await Promise.all([sdkClient(), sdkClient()]);
    await expect(
      first.client.callTool({ name: 'echo', arguments: { text: 'hello' } }),
    ).resolves.toEqual({
      content: [{ type: 'text', text: 'hello' }],
    });
    const [a, b] = await Promise.all([
      first.client.callTool({ name: 'whoami', arguments: {} }),
      second.client.callTool({ name: 'whoami', arguments: {} }),
    ]);
    expect(a.content).toEqual([{ type: 'text', text: first.transport.connectionId }]);
    expect(b.content).toEqual([{ type: 'text', text: second.transport.connectionId }]);
    expect(first.transport.connectionId).not.toBe(second.transport.connectionId);
  });

  it('gets progress for its own request, with its own token', async () => {
    await standIn();
    const { client } = await sdkClient();
    const progress: unknown[] = [];
    await client.callTool(
      { name: 'slow', arguments: { ms: 10 } },
      { onprogress: (update) => progress.push(update) },
    );
    expect(progress).toEqual([{ progress: 1, total: 2 }]);
  });

  it('sees only its own user’s extensions', async () => {
    const alices = await standIn('alice');
    const bob = await handshaken(relay, 'bob');
    await expect(bob.request('list_extensions')).resolves.toMatchObject({
      result: { extensions: [] },
    });
    await expect(bob.request('connect', { extension_id: alices.id })).resolves.toMatchObject({
      error: { code: -32000, message: 'Extension not found or not accessible' },
    });
  });

  it('hears when its extension goes, and its request in flight fails', async () => {
    const extension = await standIn();
    const { client, transport } = await sdkClient();
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    const call = client.callTool({ name: 'slow', arguments: { ms: 10_000 } });
    await expect
      .poll(() =>
        extension.received.some(
          (message) => (message.params as { name?: string })?.name === 'slow',
        ),
      )
      .toBe(true);
    await extension.close();
    await expect(call).rejects.toThrow(/extension disconnected/i);
    await closed;
  });

  it('letting go cancels its requests in flight at the extension, which drops its session', async () => {
    const extension = await standIn();
    const { client, transport } = await sdkClient();
    void client.callTool({ name: 'slow', arguments: { ms: 10_000 } }).catch(() => undefined);
    await expect
      .poll(() =>
        extension.received.some(
          (message) => (message.params as { name?: string })?.name === 'slow',
        ),
      )
      .toBe(true);
    await transport.close();
    await expect.poll(() => extension.cancelled).toEqual([transport.connectionId]);
    await expect.poll(() => extension.dropped).toEqual([transport.connectionId]);
  });
});

describe('what the relay refuses', () => {
  it.each([
    ['text that is not JSON', '{oops', -32700],
    ['a message without jsonrpc', '{"id":1,"method":"list_extensions"}', -32600],
    ['an id that is an object', '{"jsonrpc":"2.0","id":{},"method":"x"}', -32600],
    ['a batch', '[{"jsonrpc":"2.0","id":1,"method":"x"}]', -32600],
  ])('answers %s with its error code', async (_case, text, code) => {
    const client = await rawClient(relay.url);
    await expect(client.raw(text)).resolves.toMatchObject({ error: { code } });
  });

  it('answers requests in the wrong order with what to do first', async () => {
    const extension = await standIn();
    const client = await rawClient(relay.url);
    await expect(client.request('list_extensions')).resolves.toMatchObject({
      error: { code: -32000, message: 'Not authenticated: send mcp_handshake first.' },
    });
    await client.request('mcp_handshake', { accessToken: await relay.token('alice', 'client') });
    await expect(client.request('tools/list')).resolves.toMatchObject({
      error: { code: -32000, message: 'Not connected to an extension: send connect first.' },
    });
    await expect(client.request('connect', {})).resolves.toMatchObject({ error: { code: -32602 } });
    await client.request('connect', { extension_id: extension.id });
    await expect(client.request('connect', { extension_id: extension.id })).resolves.toMatchObject({
      error: { code: -32001, message: 'MCP client already connected to an extension' },
    });
    await expect(client.request('tools/list', {}, 'proxy:7')).resolves.toMatchObject({
      error: { code: -32600 },
    });
    await expect(client.request('disconnect')).resolves.toMatchObject({
      result: { disconnected: true },
    });
    await expect(client.request('disconnect')).resolves.toMatchObject({
      result: { disconnected: true },
    });
  });

  it('closes a client whose handshake fails, without logging its token', async () => {
    const client = await rawClient(relay.url);
    await expect(
      client.request('mcp_handshake', { accessToken: 'not-a-jwt' }),
    ).resolves.toMatchObject({
      error: { code: -32000, message: 'Authentication failed: Invalid token.' },
    });
    await expect(client.closed).resolves.toEqual({ code: 4401, reason: 'Authentication failed' });
    expect(relay.logs.join('')).not.toContain('not-a-jwt');
  });

  it('closes a socket sending a frame over the size limit, and goes on serving others', async () => {
    await relay.close();
    relay = await startTestRelay({ maxClientMessageBytes: 1024 });
    cleanups.push(() => relay.close());
    const big = await rawClient(relay.url);
    big.socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', params: { pad: 'x'.repeat(2048) } }),
    );
    await expect(big.closed).resolves.toMatchObject({ code: 1009 });
    const other = await handshaken(relay, 'alice');
    await expect(other.request('list_extensions')).resolves.toMatchObject({
      result: { extensions: [] },
    });
  });

  it('slows down a client over its rate', async () => {
    await relay.close();
    relay = await startTestRelay({ messagesPerSecond: 5 });
    cleanups.push(() => relay.close());
    const client = await handshaken(relay, 'alice');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.request('list_extensions')),
    );
    const limited = answers.filter((answer) =>
      (answer.error as { message?: string })?.message?.startsWith('Rate limit'),
    );
    expect(limited.length).toBeGreaterThan(15);
    expect(answers.length - limited.length).toBeGreaterThan(0);
  });

  it('closes a socket that stops answering heartbeats', async () => {
    await relay.close();
    relay = await startTestRelay({ heartbeatMs: 50 });
    cleanups.push(() => relay.close());
    const silent = await rawClient(relay.url, '/mcp', { autoPong: false });
    const alive = await rawClient(relay.url);
    await expect(silent.closed).resolves.toMatchObject({ code: 1006 });
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
  });

  it.each([
    ['a web page’s Origin', { origin: 'https://evil.example' }],
    ['a rebound Host name', { host: 'evil.example' }],
  ])('refuses an upgrade with %s', async (_case, headers) => {
    await expect(rawClient(relay.url, '/extension', { headers })).rejects.toThrow(/403/);
  });

  it('lets an extension’s Origin in', async () => {
    const client = await rawClient(relay.url, '/mcp', {
      headers: { origin: `chrome-extension://${'a'.repeat(32)}` },
    });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});
