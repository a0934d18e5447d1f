/**
 * Messages between instances on a real redis-server: a turn's bodies arrive as one batch, in
 * order; a batch no one hears is reported unsent (and its instance named); while an instance
 * cannot hear answers it sends nothing that expects one.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/monitoring/log.js';
import { InstanceMessages } from '../../src/redis/instance-messages.js';
import { RedisSigner } from '../../src/redis/signing.js';
import { startRedis, type RedisServer } from '../processes.js';

let redis: RedisServer;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Body {
  kind: 'ask' | 'tell';
  n: number;
}

function instance(id: string) {
  const commands = new Redis(redis.url);
  const subscriber = new Redis(redis.url);
  cleanups.push(
    () => commands.disconnect(),
    () => subscriber.disconnect(),
  );
  const received: [string, Body][] = [];
  const unheard: string[] = [];
  const messages = new InstanceMessages<Body>({
    commands,
    subscriber,
    signer: new RedisSigner('a-key-of-some-length', id),
    instance: id,
    log: createLogger('error'),
    expectsAnswer: (body) => body.kind === 'ask',
    receive: (from, _at, body) => received.push([from, body]),
    unheard: (to) => void unheard.push(to),
  });
  return { messages, received, unheard };
}

describe('InstanceMessages', () => {
  it("delivers a turn's bodies in order, and reports a batch no one heard", async () => {
    const a = instance('a');
    const b = instance('b');
    await a.messages.subscribe();
    await b.messages.subscribe();
    const sent = [1, 2, 3].map((n) => a.messages.send('b', { kind: 'ask', n }));
    await expect(Promise.all(sent)).resolves.toEqual([true, true, true]);
    await expect.poll(() => b.received.length).toBe(3);
    expect(b.received).toEqual([1, 2, 3].map((n) => ['a', { kind: 'ask', n }]));

    await expect(a.messages.send('c', { kind: 'tell', n: 4 })).resolves.toBe(false);
    expect(a.unheard).toEqual(['c']);
  });

  it('sends nothing that expects an answer until it listens, and again after losing Redis', async () => {
    const a = instance('a');
    const b = instance('b');
    await b.messages.subscribe();
    await expect(a.messages.send('b', { kind: 'ask', n: 1 })).resolves.toBe(false);
    await expect(a.messages.send('b', { kind: 'tell', n: 2 })).resolves.toBe(true);
    await a.messages.subscribe();
    await expect(a.messages.send('b', { kind: 'ask', n: 3 })).resolves.toBe(true);
    a.messages.lost();
    await expect(a.messages.send('b', { kind: 'ask', n: 4 })).resolves.toBe(false);
    await expect.poll(() => b.received.map(([, body]) => body.n)).toEqual([2, 3]);
  });
});
