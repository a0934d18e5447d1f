/** Where the relay keeps its shared state in Redis, and how it reads it. */
import { createHash } from 'node:crypto';
import { nameKey } from '../browsers/directory.js';
import type { ExtensionInfo } from '../browsers/extension-host.js';

const PREFIX = 'patchbay-relay';
export const key = {
  instance: (id: string) => `${PREFIX}:instance:${id}`,
  extension: (id: string) => `${PREFIX}:extension:${id}`,
  user: (user: string) => `${PREFIX}:user:${user}`,
  /** Which browser holds one of a user's browser names (hashed: names and users are free text). */
  name: (user: string, name: string) =>
    `${PREFIX}:name:${createHash('sha256')
      .update(JSON.stringify([user, nameKey(name)]))
      .digest('hex')}`,
  /** Which instance holds an HTTP session (by a hash of its id; see session-records.ts). */
  session: (hash: string) => `${PREFIX}:session:${hash}`,
  channel: (instance: string) => `${PREFIX}:to:${instance}`,
  /** Where instances tell every instance that a browser arrived or left. */
  everyone: `${PREFIX}:everyone`,
};

export interface Presence extends ExtensionInfo {
  instance: string;
  since: number;
}

/**
 * Deletes a presence (and the browser's hold on its name) only if this instance still holds it,
 * and announced it before ARGV[3] (ms): not a presence the browser announced on connecting again.
 */
export const WITHDRAW = `
local value = redis.call('GET', KEYS[1])
local presence = value and cjson.decode(value)
if presence and presence.instance == ARGV[1] and presence.since < tonumber(ARGV[3]) then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[2], ARGV[2])
  if redis.call('GET', KEYS[3]) == ARGV[2] then redis.call('DEL', KEYS[3]) end
  return 1
end
return 0`;

/**
 * Holds a user's browser name for a browser (its id) for a TTL: 1 when the name was free or
 * already this browser's, 0 when another browser holds it.
 */
export const CLAIM_NAME = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** A stored presence, or undefined when absent or not one. */
export function presenceOf(value: string | null): Presence | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Presence;
    return typeof parsed.id === 'string' && typeof parsed.instance === 'string'
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

/** A Redis URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
