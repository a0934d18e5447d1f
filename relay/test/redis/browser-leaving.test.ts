/**
 * A browser leaving one instance, as the others see it: they are told before its presence goes,
 * so a request for it on another instance waits for it (the grace period) instead of finding
 * nothing (503), and a presence its instance announced before saying it left is not used.
 * Two relay processes on a real redis-server, and a Redis client of the test's own.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { key } from '../../src/redis/keys.js';
import { EVERYONE, RedisSigner } from '../../src/redis/signing.js';
import { issueToken } from '../../src/access/tokens.js';
import { rawClient } from '../helpers.js';
import { SECRET, startRedis, startRelayProcess, type RedisServer } from '../processes.js';
import { connectStandIn } from '../stand-in-extension.js';
import { monitorRedis } from './redis-monitor.js';

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

async function relay() {
  const started = await startRelayProcess(['--redis', redis.url]);
  cleanups.push(() => started.stop());
  return started;
}

function redisClient(): Redis {
  const client = new Redis(redis.url);
  cleanups.push(async () => client.disconnect());
  return client;
}

const waiting = async (url: string) =>
  ((await (await fetch(new URL('/health', url))).json()) as { waitingForBrowser: number })
    .waitingForBrowser;

describe('a browser leaving an instance', () => {
  it('is announced to every instance before its presence is withdrawn', async () => {
    const a = await relay();
    await relay(); // a peer, listening
    const browser = await connectStandIn({
      relayUrl: a.url,
      token: await issueToken({ user: 'ada', role: 'browser', secret: SECRET }),
    });
    cleanups.push(() => browser.close());
    const seen: string[] = [];
    const monitor = await monitorRedis(redis.url, (words) => {
      const [command, first, message, withdrawn] = words;
      if (command?.toLowerCase() === 'publish' && first === key.everyone && /"left"/.test(message!))
        seen.push('left announced');
      if (command?.toLowerCase() === 'eval' && withdrawn === key.extension(browser.id))
        seen.push('presence withdrawn');
    });
    cleanups.push(async () => monitor.close());

    browser.socket.terminate();
    await expect.poll(() => seen.length).toBe(2);
    expect(seen).toEqual(['left announced', 'presence withdrawn']);
    await expect.poll(() => redisClient().get(key.extension(browser.id))).toBeNull();
  });

  it('a presence announced before its instance said the browser left is not used: requests wait', async () => {
    const b = await relay();
    // An instance of the test's own (alive, but it never answers): its browser, then its word
    // that the browser left, before any withdrawal.
    const elsewhere = 'an-instance-of-the-test';
    const signer = new RedisSigner(SECRET, elsewhere);
    const info = { id: 'ext-leaving', name: 'Leaving', user: 'lee' };
    const writer = redisClient();
    await writer.set(key.instance(elsewhere), '1', 'PX', 60_000);
    await writer.set(
      key.extension(info.id),
      signer.signPresence({ ...info, instance: elsewhere, since: Date.now() - 1_000 }),
    );
    await writer.sadd(key.user(info.user), info.id);
    const client = await rawClient(b.url);
    cleanups.push(async () => client.socket.close());
    await client.request('mcp_handshake', {
      accessToken: await issueToken({ user: info.user, role: 'client', secret: SECRET }),
    });
    const listed = async () =>
      ((await client.request('list_extensions')).result as { extensions: { id: string }[] })
        .extensions;
    expect((await listed()).map((each) => each.id)).toEqual([info.id]);

    await writer.publish(key.everyone, signer.seal(EVERYONE, [{ kind: 'left', info }]));
    await expect.poll(listed).toEqual([]);
    // Connecting to it waits for it to come back, instead of reaching an instance it left.
    void client.request('connect', { extension_id: info.id }); // answered only if it came back
    await expect.poll(() => waiting(b.url)).toBe(1);
    client.socket.close();
    await expect.poll(() => waiting(b.url)).toBe(0);
  });
});
