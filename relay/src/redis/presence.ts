/**
 * Where the browsers are, in Redis: one presence record per browser (its instance; expiring
 * unless refreshed) and a set of browser ids per user. Records are signed (signing.ts):
 * one that no instance with the key wrote is never read as a browser.
 */
import type { Redis } from 'ioredis';
import type { ExtensionInfo } from '../browsers/extension-host.js';
import type { Logger } from '../monitoring/log.js';
import { CLAIM_NAME, key, presenceOf, WITHDRAW, type Presence } from './keys.js';
import type { RedisSigner } from './signing.js';

export class PresenceRecords {
  constructor(
    private readonly commands: Redis,
    private readonly signer: RedisSigner,
    private readonly instance: string,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  /**
   * A browser connected to this instance. `again`: its record expired (Redis was away), so it is
   * written only if no other instance wrote one meanwhile.
   */
  async announce(info: ExtensionInfo, again = false): Promise<void> {
    const presence: Presence = { ...info, instance: this.instance, since: Date.now() };
    const record = this.signer.signPresence(presence);
    const id = key.extension(info.id);
    const transaction = this.commands.multi();
    if (again) transaction.set(id, record, 'PX', this.ttlMs, 'NX');
    else transaction.set(id, record, 'PX', this.ttlMs);
    await transaction.sadd(key.user(info.user), info.id).exec();
  }

  /**
   * Holds the browser's name for it (refreshing the hold): false when another browser of its
   * user has it. The hold is the browser's id, unsigned: a forged one can only keep a name
   * taken, which anyone able to write to the Redis could do anyway by deleting keys.
   */
  async claimName(info: ExtensionInfo): Promise<boolean> {
    const held = await this.commands.eval(
      CLAIM_NAME,
      1,
      key.name(info.user, info.name),
      info.id,
      this.ttlMs,
    );
    return held === 1;
  }

  /**
   * A browser left this instance: its record (and its hold on its name) are removed unless
   * another instance has it, or it was announced at `before` (ms) or later.
   */
  async withdraw(info: ExtensionInfo, before = Number.MAX_SAFE_INTEGER): Promise<void> {
    // In one step (Lua): another instance may be taking the browser over right now.
    await this.commands.eval(
      WITHDRAW,
      3,
      key.extension(info.id),
      key.user(info.user),
      key.name(info.user, info.name),
      this.instance,
      info.id,
      before,
    );
  }

  /** The user's browsers, oldest first; ids without a (valid) record are dropped from the set. */
  async list(user: string): Promise<Presence[]> {
    const ids = await this.commands.smembers(key.user(user));
    if (ids.length === 0) return [];
    const values = await this.commands.mget(ids.map((id) => key.extension(id)));
    const live: Presence[] = [];
    const stale: string[] = [];
    values.forEach((value, index) => {
      const presence = this.#verified(value, ids[index]!);
      if (presence?.user === user) live.push(presence);
      else stale.push(ids[index]!);
    });
    if (stale.length) await this.commands.srem(key.user(user), ...stale);
    return live.sort((a, b) => a.since - b.since);
  }

  async get(extensionId: string): Promise<Presence | undefined> {
    return this.#verified(await this.commands.get(key.extension(extensionId)), extensionId);
  }

  /** Keeps this browser's record another TTL. */
  async refresh(extensionId: string): Promise<void> {
    await this.commands.pexpire(key.extension(extensionId), this.ttlMs);
  }

  /** A stored record of this browser, if an instance with the key wrote it. */
  #verified(value: string | null, extensionId: string): Presence | undefined {
    if (!value) return undefined;
    const presence = presenceOf(value);
    if (presence && this.signer.verifyPresence(presence, extensionId)) return presence;
    this.log.warn('redis.presence_dropped', { extension: extensionId });
    return undefined;
  }
}
