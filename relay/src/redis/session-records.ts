/**
 * Which instance holds each HTTP session (2025 Streamable HTTP, legacy SSE), in Redis: one signed
 * record per session, keyed by a hash of its id (ids are a session's key; Redis never holds
 * them), naming its instance and the token it is bound to (user and `jti`). Records last as
 * long as an idle session may (two hours), are refreshed while used, deleted when the session
 * ends, and written again when Redis comes back without them. A record whose instance no longer
 * keeps its own key alive means the session died with it.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { key } from './keys.js';
import type { RedisSigner } from './signing.js';
import type { TokenClaims } from '../access/tokens.js';

const sessionKey = (sessionId: string) =>
  key.session(createHash('sha256').update(sessionId).digest('hex'));

/** A session's record and whether its instance is alive, in one round trip. */
const OWNER = `
local value = redis.call('GET', KEYS[1])
if not value then return nil end
local ok, record = pcall(cjson.decode, value)
if not ok or type(record.instance) ~= 'string' then return {value, 0} end
return {value, redis.call('EXISTS', ARGV[1] .. record.instance)}`;

/** Records outlive the idle time of a session (two hours) by a little. */
export const SESSION_RECORD_MS = 2 * 60 * 60_000 + 5 * 60_000;

export interface SessionRecord {
  instance: string;
  user: string;
  tokenId: string;
}

export class SessionRecords {
  constructor(
    private readonly commands: Redis,
    private readonly signer: RedisSigner,
    private readonly instance: string,
  ) {}

  /** Writes (or writes again) the records of sessions held here. */
  async register(sessions: Iterable<[string, TokenClaims]>): Promise<void> {
    const pipeline = this.commands.pipeline();
    for (const [sessionId, claims] of sessions) {
      const record: SessionRecord = {
        instance: this.instance,
        user: claims.user,
        tokenId: claims.tokenId,
      };
      const id = sessionKey(sessionId);
      const signed = { ...record, sig: this.signer.signRecord('session', textOf(id, record)) };
      pipeline.set(id, JSON.stringify(signed), 'PX', SESSION_RECORD_MS);
    }
    await pipeline.exec();
  }

  async forget(sessionId: string): Promise<void> {
    await this.commands.del(sessionKey(sessionId));
  }

  /** The session's record, if an instance with the key wrote it, and whether that one lives. */
  async find(sessionId: string): Promise<(SessionRecord & { alive: boolean }) | undefined> {
    const id = sessionKey(sessionId);
    const found = (await this.commands.eval(OWNER, 1, id, key.instance(''))) as
      [string, number] | null;
    if (!found) return undefined;
    let record: Partial<SessionRecord> & { sig?: unknown };
    try {
      record = JSON.parse(found[0]) as typeof record;
    } catch {
      return undefined;
    }
    const { instance, user, tokenId, sig } = record;
    if (typeof instance !== 'string' || typeof user !== 'string' || typeof tokenId !== 'string')
      return undefined;
    const fields = { instance, user, tokenId };
    if (!this.signer.verifiesRecord('session', textOf(id, fields), sig)) return undefined;
    return { ...fields, alive: found[1] === 1 };
  }
}

/** What a session record's signature covers (tied to its key, so it cannot be moved). */
function textOf(id: string, record: SessionRecord): string {
  return JSON.stringify([id, record.instance, record.user, record.tokenId]);
}
