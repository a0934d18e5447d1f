/** Where the relay keeps its shared state in Redis, and how it reads it. */
import type { ExtensionInfo } from './extension-host.js';

const PREFIX = 'patchbay-relay';
export const key = {
  instance: (id: string) => `${PREFIX}:instance:${id}`,
  extension: (id: string) => `${PREFIX}:extension:${id}`,
  user: (user: string) => `${PREFIX}:user:${user}`,
  channel: (instance: string) => `${PREFIX}:to:${instance}`,
};

export interface Presence extends ExtensionInfo {
  instance: string;
  since: number;
}

/** Deletes a presence only if this instance still holds it. */
export const WITHDRAW = `
local value = redis.call('GET', KEYS[1])
if value and cjson.decode(value).instance == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[2], ARGV[2])
  return 1
end
return 0`;

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
