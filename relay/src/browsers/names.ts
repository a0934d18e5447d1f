/**
 * One name per user's browsers: a browser (its id, derived from its token and name) may connect
 * under a name only while no other browser of its user holds that name, on this instance or,
 * with Redis, on any. So no other token can pass for the person's browser by name, not even
 * after the real one reconnects; only the same browser (same token, same id) takes over.
 */
import type { LocalDirectory } from './directory.js';
import type { ExtensionInfo } from './extension-host.js';
import { NAME_TAKEN, type Refusal } from './extension-socket.js';
import type { Logger } from '../monitoring/log.js';
import type { RedisDirectory } from '../redis/directory.js';

export const NAME_TAKEN_REFUSAL: Refusal = {
  code: NAME_TAKEN,
  reason: 'Another browser of this user is connected with this name',
};

/** How the relay closes a browser's socket that another instance took from it. */
export function takenOver(why: 'replaced' | 'name-taken'): Refusal {
  return why === 'replaced'
    ? { code: 4409, reason: 'Replaced by a new connection' }
    : NAME_TAKEN_REFUSAL;
}

export function browserNames(
  local: LocalDirectory,
  shared: RedisDirectory | undefined,
  log: Logger,
) {
  return {
    /** After the token: why not, if the name is another's (with Redis, holds it for this one). */
    async admit(info: ExtensionInfo): Promise<Refusal | undefined> {
      if (local.holderOfName(info)) return NAME_TAKEN_REFUSAL;
      try {
        if (shared && !(await shared.announce(info))) return NAME_TAKEN_REFUSAL;
      } catch (error) {
        // Unchecked is not let in: the extension tries again later.
        log.warn('redis.announce_failed', { reason: (error as Error).message });
        return { code: 1013, reason: 'Try again later' };
      }
      return undefined;
    },
    /**
     * In the same step as the browser is added: why not after all (its socket closed, or another
     * browser here took the name meanwhile), letting go of what `admit` held in Redis.
     */
    settle(info: ExtensionInfo, open: boolean): Refusal | undefined {
      const refused = !open
        ? { code: 1001, reason: 'Closed' }
        : local.holderOfName(info)
          ? NAME_TAKEN_REFUSAL
          : undefined;
      // The same browser may still be here on its older socket: its presence stays.
      if (refused && !local.local(info.id)) void shared?.withdraw(info).catch(() => undefined);
      return refused;
    },
  };
}
