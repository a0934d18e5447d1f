/**
 * Whoever can write to the Redis cannot speak for an instance: messages published by hand
 * (forged, badly signed, or signed ones played again or to another instance) are dropped and
 * logged without their contents, and a presence record written by hand never lists a browser.
 * Two relays on a real redis-server, and a Redis client of the test's own.
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RelayClientTransport } from '../../src/clients/client-transport.js';
import { key } from '../../src/redis/keys.js';
import { MAX_MESSAGE_AGE_MS, RedisSigner } from '../../src/redis/signing.js';
import { rawClient, startTestRelay, type TestRelay } from '../helpers.js';
import { startRedis, type RedisServer } from '../processes.js';
import { connectStandIn, type StandIn } from '../stand-in-extension.js';

let redis: RedisServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A relay on the Redis, and its instance id (from its log). */
async function instance(): Promise<{ relay: TestRelay; id: string }> {
  const relay = await startTestRelay({ redisUrl: redis.url, presenceTtlMs: 2_000 });
  cleanups.push(() => relay.close());
  const joined = relay.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
  const id = joined.find((entry) => entry.event === 'redis.joined')?.instance as string;
  return { relay, id };
}

async function browserOn(relay: TestRelay, user = 'ada'): Promise<StandIn> {
  const browser = await connectStandIn({
    relayUrl: relay.url,
    token: await relay.token(user, 'browser'),
  });
  cleanups.push(() => browser.close());
  return browser;
}

/** A Redis client of the test's own: anyone who can write to the Redis. */
function intruder(): Redis {
  const client = new Redis(redis.url);
  cleanups.push(async () => client.disconnect());
  return client;
}

/** An SDK client on `relay` that called the browser's echo (through Redis, if it is elsewhere). */
async function echoFrom(relay: TestRelay, text: string): Promise<void> {
  const client = new Client({ name: 'signing', version: '1.0.0' });
  await client.connect(
    new RelayClientTransport({ url: relay.url, accessToken: await relay.token('ada', 'client') }),
  );
  cleanups.push(() => client.close());
  const result = await client.callTool({ name: 'echo', arguments: { text } });
  expect(result.content).toEqual([{ type: 'text', text }]);
}

const dropped = (relay: TestRelay) =>
  relay.logs.filter((line) => line.includes('"event":"redis.message_dropped"'));

describe('messages between instances', () => {
  it('one published by hand, naming a browser and a client it forged, reaches nobody', async () => {
    const [a, b] = [await instance(), await instance()];
    const browser = await browserOn(a.relay);
    const connection = `conn-${randomUUID()}`;
    const call = {
      jsonrpc: '2.0',
      id: `${connection}:1`,
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { text: 'forged-marker' },
        _meta: { 'io.patchbay/client': { user: 'ada', token: 'any' } },
      },
    };
    const forged = [
      { kind: 'attach', connection, extension: browser.id, user: 'ada', from: b.id },
      { kind: 'send', connection, extension: browser.id, message: call, from: b.id },
    ];
    const redisWriter = intruder();
    const channel = key.channel(a.id);
    for (const body of forged) await redisWriter.publish(channel, JSON.stringify(body));
    // Signed, but not with the relays' key.
    const stranger = new RedisSigner('not-the-relays-key-at-all', b.id);
    for (const body of forged) await redisWriter.publish(channel, stranger.seal(a.id, [body]));

    // A real client on B reaches the browser over the same channel, after what was forged.
    await echoFrom(b.relay, 'real');
    expect(JSON.stringify(browser.received)).not.toContain(connection);
    expect(dropped(a.relay).map((line) => JSON.parse(line).reason)).toEqual([
      'unsigned',
      'unsigned',
      'bad signature',
      'bad signature',
    ]);
    expect(a.relay.logs.join('')).not.toContain('forged-marker');
  });

  it('an announcement published by hand (a browser "left") makes no request wait', async () => {
    const relay = await startTestRelay({ redisUrl: redis.url, browserGraceMs: 10_000 });
    cleanups.push(() => relay.close());
    const left = {
      kind: 'left',
      info: { id: 'ext-forged', name: 'Chromium', user: 'ada' },
      from: randomUUID(),
      to: '*',
    };
    await intruder().publish(key.everyone, JSON.stringify(left));
    await expect.poll(() => dropped(relay).length).toBe(1);
    const started = performance.now();
    const response = await fetch(new URL('/tools', relay.url), {
      headers: { Authorization: `Bearer ${await relay.token('ada', 'client')}` },
    });
    expect(response.status).toBe(503);
    // A request that believed the forged "left" would wait out the browser's 10 s grace; half of
    // it tells the two apart, however long a busy machine takes to answer.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(JSON.parse(dropped(relay)[0]!).reason).toBe('unsigned');
  });

  it('a signed one played again, or to another instance, is dropped', async () => {
    const [a, b] = [await instance(), await instance()];
    const browser = await browserOn(a.relay);
    const listener = intruder();
    const captured: string[] = [];
    await listener.subscribe(key.channel(a.id));
    listener.on('message', (_channel: string, text: string) => captured.push(text));

    await echoFrom(b.relay, 'once');
    const echoes = () =>
      browser.received.filter((message) => JSON.stringify(message).includes('"once"')).length;
    expect(echoes()).toBe(1);
    const call = captured.find((text) => text.includes('once'));
    expect(call).toBeDefined();

    const redisWriter = intruder();
    await redisWriter.publish(key.channel(a.id), call!);
    await redisWriter.publish(key.channel(b.id), call!);
    await echoFrom(b.relay, 'twice'); // after the replays, on the same channels
    expect(echoes()).toBe(1);
    expect(dropped(a.relay).map((line) => JSON.parse(line).reason)).toEqual(['replayed']);
    expect(dropped(b.relay).map((line) => JSON.parse(line).reason)).toEqual([
      'for another instance',
    ]);
  });
});

describe('presence', () => {
  it('a browser written by hand into the Redis is neither listed nor reached', async () => {
    const [a, b] = [await instance(), await instance()];
    const browser = await browserOn(a.relay);
    const redisWriter = intruder();
    const real = JSON.parse((await redisWriter.get(key.extension(browser.id)))!) as Record<
      string,
      unknown
    >;
    const forged = { id: 'ext-forged', name: 'Evil', user: 'ada', instance: a.id, since: 0 };
    // Unsigned; and signed with the real browser's signature, which is not its.
    await redisWriter.set(key.extension('ext-forged'), JSON.stringify(forged));
    await redisWriter.set(
      key.extension('ext-copied'),
      JSON.stringify({ ...real, id: 'ext-copied', name: 'Copy' }),
    );
    await redisWriter.sadd(key.user('ada'), 'ext-forged', 'ext-copied');

    const client = await rawClient(b.relay.url);
    cleanups.push(async () => client.socket.close());
    await client.request('mcp_handshake', { accessToken: await b.relay.token('ada', 'client') });
    await expect(client.request('list_extensions')).resolves.toMatchObject({
      result: { extensions: [{ id: browser.id, name: 'Chromium', connected: true }] },
    });
    await expect(client.request('connect', { extension_id: 'ext-forged' })).resolves.toMatchObject({
      error: { code: -32000, message: 'Extension not found or not accessible' },
    });
    expect(b.relay.logs.join('')).toContain('"event":"redis.presence_dropped"');
  });
});

describe('RedisSigner', () => {
  const at = { now: 1_000_000 };
  const sender = new RedisSigner('a-key-of-some-length', 'a', () => at.now);
  const receiver = new RedisSigner('a-key-of-some-length', 'b', () => at.now);

  it('takes a message once, in order, for itself, while it is recent', () => {
    const gone = { kind: 'gone', connection: 'c', reason: 'r' };
    const first = sender.seal('b', [gone]);
    const second = sender.seal('b', [gone, { ...gone, connection: 'd' }]);
    expect(receiver.open(second)).toEqual({
      ok: true,
      from: 'a',
      at: at.now,
      bodies: [gone, { ...gone, connection: 'd' }],
    });
    expect(receiver.open(second)).toEqual({ ok: false, reason: 'replayed' });
    expect(receiver.open(first)).toEqual({ ok: false, reason: 'replayed' });
    expect(receiver.open(sender.seal('c', [{}]))).toEqual({
      ok: false,
      reason: 'for another instance',
    });
    const late = sender.seal('b', [{}]);
    at.now += MAX_MESSAGE_AGE_MS + 1;
    expect(receiver.open(late)).toEqual({ ok: false, reason: 'too old' });
    const tampered = sender.seal('b', [{ reason: 'x' }]).replace('"x"', '"y"');
    expect(receiver.open(tampered)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('drops what is not a signature, a dot and a batch of objects', () => {
    const stranger = new RedisSigner('a-key-of-some-length', 'a', () => at.now);
    expect(receiver.open('')).toEqual({ ok: false, reason: 'unsigned' });
    expect(receiver.open(JSON.stringify({ payload: '{}', sig: 'x' }))).toEqual({
      ok: false,
      reason: 'unsigned',
    });
    const signed = stranger.seal('b', [{}]);
    const flipped = `${signed[0] === 'A' ? 'B' : 'A'}${signed.slice(1)}`;
    expect(receiver.open(flipped)).toEqual({ ok: false, reason: 'bad signature' });
    // Signed with the key, yet not a batch: bodies that are not objects, or no list at all.
    for (const bodies of [[1], ['text'], [null]] as unknown as object[][]) {
      expect(stranger.open(stranger.seal('a', bodies))).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
    const payload = JSON.stringify({ from: 'a', to: 'b', at: at.now, seq: 1e9, bodies: {} });
    expect(receiver.open(`${stranger.signRecord('message', payload)}.${payload}`)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
