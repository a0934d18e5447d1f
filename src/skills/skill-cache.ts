import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import type { Connection } from '../mcp/connection-types';
import type { SessionState } from '../mcp/session/session-state';

/** A skills listing as the server gave it, with how long it may keep it (SEP-2549). */
export interface SkillListing {
  skills: Skill[];
  ttlMs?: number | undefined;
}

/**
 * One server's skills list (`skills/list`), kept for the chat, which reads it with every
 * request: until the server says its list changed (skills are resources, so
 * `notifications/resources/list_changed`), the connection it came over goes (a reconnect
 * lists again), or the time the server gave it runs out. A failed listing is not kept.
 */
export class SkillCache {
  private held:
    { connection: Connection; listing: Promise<Skill[]>; freshUntil: number } | undefined;

  /**
   * The list over `connection`: the one held, when it came over this connection and is still
   * fresh and `fresh` is not asked for; otherwise `list`'s, which is held from then on.
   */
  entries(
    connection: Connection,
    list: () => Promise<SkillListing>,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<Skill[]> {
    const held = this.held;
    if (!fresh && held?.connection === connection && Date.now() < held.freshUntil)
      return held.listing;
    const entry = { connection, listing: Promise.resolve<Skill[]>([]), freshUntil: Infinity };
    entry.listing = list().then(
      ({ skills, ttlMs }) => {
        if (ttlMs !== undefined && ttlMs > 0) entry.freshUntil = Date.now() + ttlMs;
        return skills;
      },
      (error: unknown) => {
        if (this.held === entry) this.held = undefined;
        throw error;
      },
    );
    this.held = entry;
    return entry.listing;
  }

  /** The server said its list changed. */
  clear(): void {
    this.held = undefined;
  }
}

const caches = new WeakMap<Pick<SessionState, 'featureListeners'>, SkillCache>();

/**
 * The skills list `session` keeps, made with the first listing: skills are resources, so a
 * change to the server's resource list drops it.
 */
export function skillCacheOf(session: Pick<SessionState, 'featureListeners'>): SkillCache {
  const held = caches.get(session);
  if (held) return held;
  const cache = new SkillCache();
  session.featureListeners.add((kind) => {
    if (kind === 'resources') cache.clear();
  });
  caches.set(session, cache);
  return cache;
}
