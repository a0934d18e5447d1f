/**
 * The extension's side of one relay connection: what it sends carries the relay's tags (named
 * once for both sides, relay/src/wire/tags.ts), its own requests get `ext:` ids the relay routes
 * (numbers and strings kept apart), and answers come back to the server with its own ids.
 */
import { describe, expect, it } from 'vitest';
import { CONNECTION_META, RELATED_META } from '../../../relay/src/wire/tags';
import { RelayConnectionTransport } from '../../../src/relay-link/connection-transport';

const CONNECTION = 'conn-00000000-0000-4000-8000-000000000000';

function transport() {
  const written: Record<string, unknown>[] = [];
  const received: unknown[] = [];
  const link = new RelayConnectionTransport(CONNECTION, (message) =>
    written.push(message as Record<string, unknown>),
  );
  link.onmessage = (message) => received.push(message);
  return { link, written, received };
}

describe('RelayConnectionTransport', () => {
  it('tags notifications with the connection and the request they belong to', async () => {
    const { link, written } = transport();
    await link.send(
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } },
      { relatedRequestId: `${CONNECTION}:7` },
    );
    expect(written).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: {
          level: 'info',
          data: 'x',
          _meta: { [CONNECTION_META]: CONNECTION, [RELATED_META]: `${CONNECTION}:7` },
        },
      },
    ]);
  });

  it.each([
    [5, `ext:${CONNECTION}:5`],
    ['5', `ext:${CONNECTION}:"5"`],
    ['a:b', `ext:${CONNECTION}:"a:b"`],
  ])('asks with id %j as %s, and hands the answer back with the same id', async (id, wire) => {
    const { link, written, received } = transport();
    await link.send({ jsonrpc: '2.0', id, method: 'sampling/createMessage', params: {} });
    expect(written[0]?.id).toBe(wire);
    link.receive({ jsonrpc: '2.0', id: wire, result: {} });
    expect(received).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
    expect(RelayConnectionTransport.connectionOfAnswer(wire)).toBe(CONNECTION);
  });

  it('passes answers and requests with the relay’s ids through as they are', async () => {
    const { link, written, received } = transport();
    link.receive({ jsonrpc: '2.0', id: `${CONNECTION}:3`, method: 'tools/list' });
    await link.send({ jsonrpc: '2.0', id: `${CONNECTION}:3`, result: { tools: [] } });
    expect(received).toEqual([{ jsonrpc: '2.0', id: `${CONNECTION}:3`, method: 'tools/list' }]);
    expect(written).toEqual([{ jsonrpc: '2.0', id: `${CONNECTION}:3`, result: { tools: [] } }]);
  });

  it('sends and hands on nothing once closed', async () => {
    const { link, written, received } = transport();
    let closed = 0;
    link.onclose = () => (closed += 1);
    await link.close();
    await link.close();
    await link.send({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    link.receive({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect([written, received, closed]).toEqual([[], [], 1]);
  });
});
