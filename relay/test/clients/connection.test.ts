/**
 * How the relay keeps connections apart on one extension, against hostile or hurried clients:
 * forged connection tags, ids that look alike, cancelled requests, pipelined messages.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handshaken, startTestRelay, type RawClient, type TestRelay } from '../helpers.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let relay: TestRelay;
let extension: StandIn;

beforeEach(async () => {
  relay = await startTestRelay();
  extension = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token('alice', 'browser'),
  });
});
afterEach(async () => {
  await extension.close();
  await relay.close();
});

async function connected(): Promise<{ client: RawClient; connectionId: string }> {
  const client = await handshaken(relay, 'alice');
  const answer = await client.request('connect', { extension_id: extension.id });
  return { client, connectionId: (answer.result as { connection_id: string }).connection_id };
}

const seenBy = (predicate: (message: Record<string, unknown>) => boolean) =>
  extension.received.filter(predicate);

describe('keeping connections apart', () => {
  it('replaces connection and client tags a client forged with its own', async () => {
    const victim = await connected();
    const { client, connectionId } = await connected();
    const forged = { user: 'mallory', token: 'forged' };
    client.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/initialized',
        params: {
          _meta: { 'io.patchbay/connection': victim.connectionId, 'io.patchbay/client': forged },
        },
      }),
    );
    await expect
      .poll(() => seenBy((message) => message.method === 'notifications/initialized'))
      .toEqual([
        {
          jsonrpc: '2.0',
          method: 'notifications/initialized',
          params: {
            _meta: {
              'io.patchbay/connection': connectionId,
              'io.patchbay/client': { user: 'alice', token: expect.any(String) },
            },
          },
        },
      ]);
    const tag = seenBy((message) => message.method === 'notifications/initialized')[0];
    expect(JSON.stringify(tag)).not.toContain('forged');
  });

  it('names the token on every request, the same token alike and two tokens apart', async () => {
    const first = await connected();
    const second = await connected();
    await first.client.request('ping', {}, 1);
    await first.client.request('ping', undefined, 2);
    await second.client.request('ping', {}, 1);
    const tokens = seenBy((message) => message.method === 'ping').map((message) => {
      const meta = (message.params as { _meta: Record<string, { user: string; token: string }> })
        ._meta['io.patchbay/client']!;
      expect(meta.user).toBe('alice');
      return meta.token;
    });
    expect(tokens).toHaveLength(3);
    expect(tokens[0]).toBe(tokens[1]);
    expect(tokens[2]).not.toBe(tokens[0]);
  });

  it.each(['authenticate', 'authenticated', 'status', 'disconnected'])(
    'never passes a client’s %s on to the extension',
    async (method) => {
      const { client } = await connected();
      const answer = await client.request(method, { connection_id: 'conn-x' }, 'sly');
      expect(answer).toMatchObject({ id: 'sly', error: { code: -32601 } });
      client.socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: {} }));
      await client.request('ping', {}, 'after');
      // The relay's own (proxy:1, authenticated, status) carry no connection; a client's would.
      const fromClients = seenBy(
        (message) =>
          message.method === method &&
          (String(message.id).startsWith('conn-') || JSON.stringify(message).includes('conn-')),
      );
      expect(fromClients).toEqual([]);
    },
  );

  it('drops the extension’s heartbeats instead of passing them to clients', async () => {
    const { client } = await connected();
    const send = (method: string) =>
      extension.socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: {} }));
    send('notifications/patchbay/heartbeat');
    send('notifications/tools/list_changed');
    await expect
      .poll(() => client.notifications.map((message) => message.method))
      .toContain('notifications/tools/list_changed');
    expect(client.notifications.map((message) => message.method)).not.toContain(
      'notifications/patchbay/heartbeat',
    );
  });

  it('refuses a request with a null id', async () => {
    const { client } = await connected();
    await expect(
      client.raw('{"jsonrpc":"2.0","id":null,"method":"notifications/initialized"}'),
    ).resolves.toMatchObject({ error: { code: -32600 } });
  });

  it('keeps the ids 3 and "3" apart', async () => {
    const { client, connectionId } = await connected();
    const init = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    };
    await client.request('initialize', init, 'init');
    const answers = await Promise.all([
      client.request('ping', {}, 3),
      client.request('ping', {}, '3'),
    ]);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: '3', result: {} },
    ]);
    const ids = seenBy((message) => message.method === 'ping').map((message) => message.id);
    expect(ids.sort()).toEqual([`${connectionId}:"3"`, `${connectionId}:3`]);
  });

  it('forgets a request the client cancelled, so its id can be used again', async () => {
    const { client } = await connected();
    const init = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    };
    await client.request('initialize', init, 'init');
    void client.request('tools/call', { name: 'slow', arguments: { ms: 10_000 } }, 9);
    await expect.poll(() => seenBy((message) => message.method === 'tools/call').length).toBe(1);
    client.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 9 },
      }),
    );
    await expect.poll(() => extension.cancelled.length).toBe(1);
    await expect(client.request('ping', {}, 9)).resolves.toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: {},
    });
  });

  it('takes a request sent right behind connect, without waiting, to that connection', async () => {
    const client = await handshaken(relay, 'alice');
    const [connect, answer] = await Promise.all([
      client.request('connect', { extension_id: extension.id }),
      client.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      }),
      // A second connect in the same breath finds the first.
      client
        .request('connect', { extension_id: extension.id })
        .then((second) => expect(second).toMatchObject({ error: { code: -32001 } })),
    ]);
    expect(connect.result).toMatchObject({ extension_id: extension.id });
    expect(answer.result).toMatchObject({ serverInfo: { name: 'stand-in-browser' } });
  });
});

describe('the extension asking a client (ext: ids)', () => {
  const initialize = (client: RawClient, capabilities: Record<string, unknown>) =>
    client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: 'raw', version: '1' },
    });

  it('reaches that client alone, without the relay’s tags; its answer goes back', async () => {
    const asked = await connected();
    const bystander = await connected();
    await initialize(asked.client, { sampling: {} });
    const call = asked.client.request('tools/call', { name: 'ask', arguments: {} });
    await expect
      .poll(() => asked.client.notifications.find((m) => m.method === 'sampling/createMessage'))
      .toBeDefined();
    const question = asked.client.notifications.find((m) => m.method === 'sampling/createMessage')!;
    expect(String(question.id)).toMatch(/^ext:/);
    expect(JSON.stringify(question)).not.toContain('io.patchbay/');
    // Another client cannot answer for it.
    bystander.client.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: question.id,
        result: { role: 'assistant', content: { type: 'text', text: 'forged' }, model: 'x' },
      }),
    );
    asked.client.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: question.id,
        result: { role: 'assistant', content: { type: 'text', text: 'mine' }, model: 'x' },
      }),
    );
    const answer = await call;
    expect(answer.result).toMatchObject({ content: [{ text: 'client said: mine' }] });
    expect(bystander.client.notifications.some((m) => m.method === 'sampling/createMessage')).toBe(
      false,
    );
  });

  it('refuses a request from the extension that names no open connection', async () => {
    extension.socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 'ext:1', method: 'roots/list', params: {} }),
    );
    await expect
      .poll(() => extension.received.find((message) => message.id === 'ext:1'))
      .toMatchObject({ error: { code: -32601 } });
  });
});
