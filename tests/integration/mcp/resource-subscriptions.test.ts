/**
 * Subscriptions to single resources on one connection, against real servers: `resources/subscribe`
 * in the 2025 era; in 2026-07-28 a `subscriptions/listen` stream per resource, shared while it
 * is open, closed on unsubscribing, and opened again once the server or the client ended it.
 */
import { describe, expect, it } from 'vitest';
import { openConnection, type Connection } from '../../../src/mcp/connection';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { startModernServer } from '../../fixtures/modern-server';
import { cleanupsAfterEach } from '../../helpers/cleanups';

const cleanups = cleanupsAfterEach();

const TODAY = 'notes://today';

/** A 2026-07-28 server that tells when a resource changes, and a connection to it. */
async function modern() {
  const server = await startModernServer({
    legacy: 'reject',
    fullClient: true,
    resourceSubscriptions: true,
  });
  cleanups.push(() => server.close());
  const updated: string[] = [];
  const connection = await openConnection({
    url: server.mcpUrl,
    onResourceUpdated: (uri) => updated.push(uri),
  });
  cleanups.push(() => connection.close());
  const bodies = () =>
    server.requests.map(
      (request) =>
        request.body as {
          id?: unknown;
          method?: string;
          params?: { requestId?: unknown; notifications?: { resourceSubscriptions?: string[] } };
        },
    );
  /** The `subscriptions/listen` requests that asked about resources, in order. */
  const listens = () =>
    bodies()
      .filter(
        (body) =>
          body?.method === 'subscriptions/listen' &&
          body.params?.notifications?.resourceSubscriptions,
      )
      .map((body) => body.params?.notifications?.resourceSubscriptions);
  /** The ids of the resource listens the client told the server it cancelled. */
  const cancelled = () => {
    const ids = new Set(
      bodies()
        .filter((body) => body?.method === 'notifications/cancelled')
        .map((body) => body.params?.requestId),
    );
    return bodies()
      .filter(
        (body) =>
          body?.method === 'subscriptions/listen' &&
          body.params?.notifications?.resourceSubscriptions &&
          ids.has(body.id),
      )
      .map((body) => body.params?.notifications?.resourceSubscriptions);
  };
  return { server, connection, updated, listens, cancelled };
}

/** Calls `action` and gives how it settled, without letting a rejection go unhandled. */
function settled(action: Promise<unknown>): Promise<unknown> {
  return action.then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

describe('resource subscriptions on a 2026-07-28 connection', () => {
  it('open a stream for the resource and hear of its changes on it', async () => {
    const { server, connection, updated, listens } = await modern();
    await connection.subscribe(TODAY);
    expect(listens()).toEqual([[TODAY]]);
    expect(server.resourceStreams()).toEqual([[TODAY]]);
    server.resourceUpdated(TODAY);
    await expect.poll(() => updated, { timeout: 10_000 }).toEqual([TODAY]);
  });

  it('share one stream between subscribers of the same resource, at once or later', async () => {
    const { server, connection, listens } = await modern();
    await Promise.all([connection.subscribe(TODAY), connection.subscribe(TODAY)]);
    await connection.subscribe(TODAY);
    expect(listens()).toEqual([[TODAY]]);
    expect(server.resourceStreams()).toEqual([[TODAY]]);
  });

  it('close the stream on unsubscribing, and open a new one on subscribing again', async () => {
    const { server, connection, listens, cancelled } = await modern();
    await connection.subscribe(TODAY);
    await connection.unsubscribe(TODAY);
    await expect.poll(cancelled, { timeout: 10_000 }).toEqual([[TODAY]]);
    await expect.poll(() => server.resourceStreams(), { timeout: 10_000 }).toEqual([]);
    await connection.subscribe(TODAY);
    expect(listens()).toEqual([[TODAY], [TODAY]]);
    expect(server.resourceStreams()).toEqual([[TODAY]]);
  });

  it('open a new stream once the server ended the last one', async () => {
    const { server, connection, listens } = await modern();
    await connection.subscribe(TODAY);
    server.endResourceStreams();
    // Subscribing shares the old stream until the connection hears that it ended.
    await expect
      .poll(
        async () => {
          await connection.subscribe(TODAY);
          return listens().length;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(server.resourceStreams()).toEqual([[TODAY]]);
  });

  it('keep the new stream when the one it replaced closes after it opened', async () => {
    const { connection, listens } = await modern();
    await connection.subscribe(TODAY);
    // The old stream closes while the new one is opening.
    await Promise.all([connection.unsubscribe(TODAY), connection.subscribe(TODAY)]);
    expect(listens()).toEqual([[TODAY], [TODAY]]);
    await connection.subscribe(TODAY);
    expect(listens()).toEqual([[TODAY], [TODAY]]);
  });

  it('ask again after a stream could not be opened', async () => {
    const { server, connection, listens } = await modern();
    server.failNext('subscriptions/listen');
    expect(await settled(connection.subscribe(TODAY))).toBeInstanceOf(Error);
    await connection.subscribe(TODAY);
    expect(listens()).toEqual([[TODAY], [TODAY]]);
    expect(server.resourceStreams()).toEqual([[TODAY]]);
  });

  it.each([
    ['never subscribed to', async () => undefined],
    [
      'whose stream could not be opened',
      async (connection: Connection, server: Awaited<ReturnType<typeof modern>>['server']) => {
        server.failNext('subscriptions/listen');
        // Unsubscribed while the stream is still opening; it fails afterwards.
        return connection.subscribe(TODAY);
      },
    ],
  ])('unsubscribe quietly from a resource %s', async (_name, before) => {
    const { server, connection, listens } = await modern();
    const subscribing = settled(before(connection, server));
    await expect(connection.unsubscribe(TODAY)).resolves.toBeUndefined();
    await subscribing;
    expect(server.resourceStreams()).toEqual([]);
    expect(listens().length).toBeLessThanOrEqual(1);
  });

  it('end every stream when the connection closes, even one that could not open', async () => {
    const { server, connection, cancelled } = await modern();
    await connection.subscribe(TODAY);
    server.failNext('subscriptions/listen');
    const failing = settled(connection.subscribe('notes://day/2026-11-20'));
    await expect(connection.close()).resolves.toBeUndefined();
    await failing;
    await expect.poll(() => server.resourceStreams(), { timeout: 10_000 }).toEqual([]);
    // The client said so for the stream that was open.
    await expect.poll(cancelled, { timeout: 10_000 }).toEqual([[TODAY]]);
    // A closed connection subscribes to nothing, not even to what it had a stream for.
    expect(await settled(connection.subscribe(TODAY))).toBeInstanceOf(Error);
  });
});

describe('resource subscriptions on a 2025 connection', () => {
  it('ask the server with resources/subscribe and resources/unsubscribe', async () => {
    const server = await startFixtureServer({ resources: true });
    cleanups.push(() => server.close());
    const updated: string[] = [];
    const connection = await openConnection({
      url: server.mcpUrl,
      onResourceUpdated: (uri) => updated.push(uri),
    });
    cleanups.push(() => connection.close());
    await connection.subscribe('fixture://notes');
    expect(server.subscribers('fixture://notes')).toBe(1);
    await server.updateResource('fixture://notes');
    await expect.poll(() => updated, { timeout: 10_000 }).toEqual(['fixture://notes']);
    await connection.unsubscribe('fixture://notes');
    expect(server.subscribers('fixture://notes')).toBe(0);
  });
});
