/**
 * The heartbeat on a real redis-server: it announces again a browser whose presence was lost
 * (Redis came back empty), and not one that left while the beat waited on Redis.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDirectory } from '../../src/browsers/directory.js';
import type { ExtensionInfo, ExtensionPort } from '../../src/browsers/extension-host.js';
import { createLogger } from '../../src/monitoring/log.js';
import { Heartbeat } from '../../src/redis/heartbeat.js';
import { key } from '../../src/redis/keys.js';
import { PresenceRecords } from '../../src/redis/presence.js';
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

const info: ExtensionInfo = { id: 'ext-beat', name: 'Chromium', user: 'ada' };

/** A heartbeat whose one browser is listed, and is still here only while `here()` says so. */
function beatWith(here: () => boolean) {
  const commands = new Redis(redis.url);
  cleanups.push(() => commands.disconnect());
  const port = { info } as ExtensionPort;
  const local = {
    ports: () => [port],
    local: (id: string) => (id === info.id && here() ? port : undefined),
  } as unknown as LocalDirectory;
  const arrived: string[] = [];
  const heartbeat = new Heartbeat({
    commands,
    presence: new PresenceRecords(
      commands,
      new RedisSigner('a-key-of-some-length', 'i'),
      'i',
      3_000,
      createLogger('error'),
    ),
    local,
    instance: 'i',
    ttlMs: 3_000,
    log: createLogger('error'),
    onTakenOver: () => undefined,
    arrived: (each) => void arrived.push(each.id),
    peers: () => [],
    peerGone: () => undefined,
  });
  return { heartbeat, arrived, commands };
}

describe('Heartbeat', () => {
  it('announces again a browser here whose presence was lost', async () => {
    const { heartbeat, arrived, commands } = beatWith(() => true);
    await commands.del(key.extension(info.id));
    await heartbeat.beat();
    expect(arrived).toEqual([info.id]);
    await expect(commands.get(key.extension(info.id))).resolves.toContain('"instance":"i"');
    await commands.del(key.extension(info.id), key.user(info.user), key.name(info.user, info.name));
  });

  it('does not announce again a browser that left while it waited on Redis', async () => {
    // Listed when the beat began (its snapshot of ports), gone when it looks again.
    const { heartbeat, arrived, commands } = beatWith(() => false);
    await heartbeat.beat();
    expect(arrived).toEqual([]);
    await expect(commands.get(key.extension(info.id))).resolves.toBeNull();
  });
});
