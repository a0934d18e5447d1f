/**
 * Messages to a socket are written as they are sent, in order; a socket that closed is not
 * written.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sender } from '../../src/websocket/socket-sender.js';
import type { Message } from '../../src/wire/jsonrpc.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A server-side socket, the client that receives what it sends, and its TCP writes counted. */
async function pair() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [socket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  cleanups.push(() => {
    client.terminate();
    server.close();
  });
  const received: Message[] = [];
  client.on('message', (data) => received.push(JSON.parse(String(data)) as Message));
  // Every write that reaches the kernel goes through _write (one chunk) or _writev (several).
  const tcp = (socket as unknown as { _socket: Socket & Record<string, unknown> })._socket;
  let writes = 0;
  for (const name of ['_write', '_writev'] as const) {
    const original = tcp[name] as (...args: unknown[]) => unknown;
    tcp[name] = (...args: unknown[]) => {
      writes += 1;
      return original.apply(tcp, args);
    };
  }
  return { socket, received, writes: () => writes };
}

const call = (id: number): Message => ({
  jsonrpc: '2.0',
  id: `conn-x:${id}`,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: `call ${id}` } },
});

describe('sender', () => {
  it('writes each message as it is sent (a client socket)', async () => {
    const { socket, received, writes } = await pair();
    const send = sender(socket);
    for (let id = 1; id <= 3; id += 1) send(call(id));
    await expect.poll(() => received.length).toBe(3);
    expect(writes()).toBe(3);
    expect(received.map((message) => message.id)).toEqual(['conn-x:1', 'conn-x:2', 'conn-x:3']);
  });

  it('sends nothing on a socket that closed', async () => {
    const { socket, writes } = await pair();
    const send = sender(socket);
    socket.terminate();
    send(call(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes()).toBe(0);
  });
});
