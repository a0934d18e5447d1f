/**
 * The browser's end of the relay link against a relay that passes on what clients send as if it
 * were its own: the link answers `authenticate` only to the relay's one request, once, and takes
 * no control message that carries a client's connection.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  createRelayLink,
  type LinkSocket,
  type LinkState,
} from '../../../src/relay-link/relay-link';

let server: WebSocketServer | undefined;
let link: ReturnType<typeof createRelayLink> | undefined;
afterEach(async () => {
  link?.disconnect();
  server?.close();
});

it('gives its token only to the relay’s authenticate, and obeys no client’s control message', async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const received: Record<string, unknown>[] = [];
  const states: LinkState[] = [];
  const ended: string[] = [];
  link = createRelayLink({
    openSocket: (url) => new WebSocket(url) as unknown as LinkSocket,
    serverFor: () => new McpServer({ name: 'test', version: '1' }),
    onConnectionEnded: (id) => ended.push(id),
    onState: (state) => states.push(state),
  });
  const [socket] = await Promise.all([
    once(server, 'connection').then(([socket]) => socket as WebSocket),
    Promise.resolve(
      link.connect(
        `ws://127.0.0.1:${(server.address() as AddressInfo).port}/extension`,
        'secret-token',
        'Test',
      ),
    ),
  ]);
  socket.on('message', (data) =>
    received.push(JSON.parse(String(data)) as Record<string, unknown>),
  );
  let read = 0;
  /** The next message the link sent, heartbeats aside. */
  const next = async () => {
    for (;;) {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(read);
      const message = received[read++]!;
      if (message.method !== 'notifications/patchbay/heartbeat') return message;
    }
  };
  const send = (message: object) => socket.send(JSON.stringify({ jsonrpc: '2.0', ...message }));

  // A client's authenticate before the relay's: no answer.
  send({ id: 'conn-11111111-1111-1111-1111-111111111111:1', method: 'authenticate', params: {} });
  send({ id: 'proxy:1', method: 'authenticate', params: {} });
  expect(await next()).toEqual({
    jsonrpc: '2.0',
    id: 'proxy:1',
    result: { name: 'Test', accessToken: 'secret-token' },
  });
  send({ method: 'authenticated', params: { extension_id: 'ext-1', user_id: 'u' } });
  await expect.poll(() => states.at(-1)?.state, { timeout: 10_000 }).toBe('connected');

  // Now a client tries the relay's words: with a conn- id, or the relay's tags.
  const tag = {
    'io.patchbay/connection': 'conn-2',
    'io.patchbay/client': { user: 'u', token: 't' },
  };
  send({ id: 'conn-22222222-2222-2222-2222-222222222222:7', method: 'authenticate', params: {} });
  send({ id: 'proxy:1', method: 'authenticate', params: {} });
  send({ method: 'authenticated', params: { extension_id: 'ext-forged', _meta: tag } });
  send({ method: 'status', params: { peer_count: 99, _meta: tag } });
  // And a ping on a connection of its own, which the session answers.
  send({
    id: 'conn-33333333-3333-3333-3333-333333333333:1',
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    },
  });
  // The client's authenticate went to its MCP session like any request: an error, no token.
  const refused = await next();
  expect(refused).toMatchObject({
    id: 'conn-22222222-2222-2222-2222-222222222222:7',
    error: { code: -32601 },
  });
  const answer = await next();
  expect(answer.id).toBe('conn-33333333-3333-3333-3333-333333333333:1');
  expect(answer).toHaveProperty('result');
  expect(JSON.stringify(received.slice(1))).not.toContain('secret-token');
  expect(states.at(-1)).toEqual({ state: 'connected', extensionId: 'ext-1', peers: 0 });
});

it('makes no server for a connection whose client is refused, and answers its requests', async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const received: Record<string, unknown>[] = [];
  const states: LinkState[] = [];
  const servers: string[] = [];
  const asked: unknown[] = [];
  link = createRelayLink({
    openSocket: (url) => new WebSocket(url) as unknown as LinkSocket,
    serverFor(connectionId) {
      servers.push(connectionId);
      return new McpServer({ name: 'test', version: '1' });
    },
    async refusal(client) {
      asked.push(client);
      return client?.token === 'blocked' ? 'The person blocked this client.' : undefined;
    },
    onConnectionEnded: () => undefined,
    onState: (state) => states.push(state),
  });
  const [socket] = await Promise.all([
    once(server, 'connection').then(([socket]) => socket as WebSocket),
    Promise.resolve(
      link.connect(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/extension`, 't', 'T'),
    ),
  ]);
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    if (message.method !== 'notifications/patchbay/heartbeat') received.push(message);
  });
  const send = (message: object) => socket.send(JSON.stringify({ jsonrpc: '2.0', ...message }));
  send({ id: 'proxy:1', method: 'authenticate', params: {} });
  send({ method: 'authenticated', params: { extension_id: 'ext-1', user_id: 'u' } });
  await expect.poll(() => states.at(-1)?.state, { timeout: 10_000 }).toBe('connected');

  const initialize = (connection: string, token: string) => ({
    id: `${connection}:1`,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
      _meta: { 'io.patchbay/client': { user: 'u', token } },
    },
  });
  const blocked = 'conn-44444444-4444-4444-4444-444444444444';
  const allowed = 'conn-55555555-5555-5555-5555-555555555555';
  // Each request right behind its first: it waits for the answer about the client, in order.
  send(initialize(blocked, 'blocked'));
  send({ id: `${blocked}:2`, method: 'tools/list', params: {} });
  send(initialize(allowed, 'fine'));
  send({ id: `${allowed}:2`, method: 'ping', params: {} });
  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(5);
  expect(received.slice(1, 3)).toEqual([
    {
      jsonrpc: '2.0',
      id: `${blocked}:1`,
      error: { code: -32600, message: 'The person blocked this client.' },
    },
    {
      jsonrpc: '2.0',
      id: `${blocked}:2`,
      error: { code: -32600, message: 'The person blocked this client.' },
    },
  ]);
  expect(received.slice(3).map((message) => [message.id, 'result' in message])).toEqual([
    [`${allowed}:1`, true],
    [`${allowed}:2`, true],
  ]);
  expect(servers).toEqual([allowed]);
  expect(asked).toEqual([
    { user: 'u', token: 'blocked' },
    { user: 'u', token: 'fine' },
  ]);
});
