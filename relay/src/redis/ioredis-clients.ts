/**
 * The two Redis connections an instance holds (ioredis): one for commands, one subscribed to
 * the instances' channels. Both fail fast while Redis is away instead of queueing.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../monitoring/log.js';
import { redactedUrl } from './keys.js';

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** Connects for commands (throws {@link RedisUnavailableError} if Redis cannot be reached). */
export async function openRedisClients(
  url: string,
  log: Logger,
): Promise<{ commands: Redis; subscriber: Redis }> {
  // No offline queue: while Redis is away a command fails at once instead of waiting for it;
  // and a command caught by Redis going away fails after 2 s: no request waits on Redis longer.
  // Nor is it sent again once Redis is back: its caller was told it failed (a message said
  // unsent and then delivered could run a request twice).
  const commands = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    commandTimeout: 2_000,
  });
  const warn = (error: Error) => log.warn('redis.error', { reason: error.message });
  commands.on('error', warn);
  try {
    await commands.connect();
  } catch (error) {
    commands.disconnect();
    throw new RedisUnavailableError(
      `Cannot reach Redis at ${redactedUrl(url)}: ${(error as Error).message}`,
    );
  }
  // Subscribed again by the directory itself once Redis is back, so that it knows when it can
  // hear answers again (ioredis's own resubscription says nothing when it is done). Connected
  // by its caller.
  const subscriber = commands.duplicate({ autoResubscribe: false });
  subscriber.on('error', warn);
  return { commands, subscriber };
}
