/**
 * A client's connection to a browser on another instance: the attach must be answered, or the
 * connection ends with a clear error instead of its requests waiting for ever (pub/sub keeps
 * nothing, so right after Redis comes back an attach or its answer can be lost).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalDirectory } from '../../src/browsers/directory.js';
import { InstanceConnections, type ConnectionBody } from '../../src/redis/instance-connections.js';

const presence = { id: 'browser-1', name: 'Laptop', user: 'ada', instance: 'b', since: 0 };

function here() {
  const sent: { to: string; body: ConnectionBody }[] = [];
  const connections = new InstanceConnections(
    new LocalDirectory(),
    async (to, body) => {
      sent.push({ to, body });
      return true;
    },
    1_000,
  );
  const heard: string[] = [];
  const port = connections.port(presence);
  port.attach('c-1', {
    deliver: (message) => heard.push(`deliver ${JSON.stringify(message)}`),
    gone: (reason) => heard.push(`gone: ${reason}`),
  });
  return { connections, sent, heard, port };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an attach to a browser on another instance', () => {
  it('ends with a clear error when the browser’s instance never answers it', async () => {
    vi.useFakeTimers();
    const { sent, heard } = here();
    expect(sent.map(({ to, body }) => [to, body.kind])).toEqual([['b', 'attach']]);
    await vi.advanceTimersByTimeAsync(999);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual([
      'gone: The relay instance holding the browser did not answer; try again.',
    ]);
  });

  it('lasts once answered, by the attach’s answer or by what the browser says', async () => {
    vi.useFakeTimers();
    const first = here();
    first.connections.receive('b', { kind: 'attached', connection: 'c-1' });
    const second = here();
    second.connections.receive('b', {
      kind: 'deliver',
      connection: 'c-1',
      message: { jsonrpc: '2.0', method: 'notifications/ping' },
    });
    // An answer from an instance that does not hold the connection counts for nothing.
    const third = here();
    third.connections.receive('c', { kind: 'attached', connection: 'c-1' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first.heard).toEqual([]);
    expect(second.heard).toEqual(['deliver {"jsonrpc":"2.0","method":"notifications/ping"}']);
    expect(third.heard).toEqual([
      'gone: The relay instance holding the browser did not answer; try again.',
    ]);
  });

  it('is answered by the browser’s instance as soon as it takes it', async () => {
    const local = new LocalDirectory();
    const sent: { to: string; body: ConnectionBody }[] = [];
    const connections = new InstanceConnections(local, async (to, body) => {
      sent.push({ to, body });
      return true;
    });
    local.add({
      info: { id: 'browser-1', name: 'Laptop', user: 'ada' },
      attach: () => undefined,
      detach: () => undefined,
      send: () => undefined,
    });
    connections.receive('a', {
      kind: 'attach',
      connection: 'c-1',
      extension: 'browser-1',
      user: 'ada',
    });
    await vi.waitFor(() =>
      expect(sent).toEqual([{ to: 'a', body: { kind: 'attached', connection: 'c-1' } }]),
    );
  });
});

/**
 * Two instances wired through an in-memory "Redis": `a` holds the client, `b` the browser. Each
 * ends the connection when it takes the other for gone (its key lapsed); the other may be alive
 * (a slow heartbeat under load) and must hear it, or its requests wait for ever.
 */
function twoInstances() {
  const instances = new Map<string, InstanceConnections>();
  const wire =
    (from: string) =>
    async (to: string, body: ConnectionBody): Promise<boolean> => {
      queueMicrotask(() => instances.get(to)?.receive(from, body));
      return true;
    };
  const browserSide = new LocalDirectory();
  const atBrowser: string[] = [];
  const sinks = new Map<string, { gone(reason: string): void }>();
  browserSide.add({
    info: { id: 'browser-1', name: 'Laptop', user: 'ada' },
    attach: (connection, sink) => void sinks.set(connection, sink),
    detach: (connection) => {
      sinks.delete(connection);
      atBrowser.push(`detach ${connection}`);
    },
    send: (connection, message) => atBrowser.push(`${connection} ${String(message.method)}`),
  });
  const a = new InstanceConnections(new LocalDirectory(), wire('a'));
  const b = new InstanceConnections(browserSide, wire('b'));
  instances.set('a', a).set('b', b);
  const atClient: string[] = [];
  a.port(presence).attach('c-1', {
    deliver: (message) => atClient.push(`deliver ${String(message.method)}`),
    gone: (reason) => atClient.push(`gone: ${reason}`),
  });
  return { a, b, atClient, atBrowser, sinks };
}

describe('a connection whose other instance is taken for gone', () => {
  it('ends at the browser’s instance too when the client’s instance lets go of it', async () => {
    const { a, b, atClient, atBrowser, sinks } = twoInstances();
    await vi.waitFor(() => expect(sinks.has('c-1')).toBe(true));
    expect(b.peers()).toEqual(['a']);
    a.peerGone('b');
    expect(atClient).toEqual(['gone: The relay instance holding the browser stopped.']);
    // The browser hears the connection ended (it drops its session), then lets go of it.
    await vi.waitFor(() => expect(atBrowser).toEqual(['c-1 disconnected', 'detach c-1']));
    expect(b.peers()).toEqual([]);
  });

  it('ends at the client’s instance too when the browser’s instance lets go of it', async () => {
    const { a, b, atClient, sinks } = twoInstances();
    await vi.waitFor(() => expect(sinks.has('c-1')).toBe(true));
    b.peerGone('a');
    await vi.waitFor(() =>
      expect(atClient).toEqual([
        'gone: The relay instance holding the browser lost sight of this one; connect again.',
      ]),
    );
    expect(a.peers()).toEqual([]);
  });

  it('ends on both sides when Redis goes away from one of them', async () => {
    const { a, b, atClient, sinks } = twoInstances();
    await vi.waitFor(() => expect(sinks.has('c-1')).toBe(true));
    b.allLost();
    await vi.waitFor(() =>
      expect(atClient).toEqual([
        'gone: The relay instance holding the browser lost its connection to Redis; connect again.',
      ]),
    );
    expect(a.peers()).toEqual([]);
  });
});
