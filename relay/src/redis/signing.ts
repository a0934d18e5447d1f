/**
 * What instances write to Redis, signed: anyone who can write to the Redis must not be able to
 * attach to a browser with a forged message, nor list a browser that is not there. Messages and
 * presence records carry an HMAC-SHA256 keyed from the relay's secret (or its Redis key), and
 * what is unsigned or badly signed is dropped. A message is a batch of what one instance sent
 * another in one turn (batches-per-turn.ts), written as its signature, a dot and its JSON (the
 * JSON is not escaped into another). A message also names its sender, its recipient,
 * when it was sent and its place in the sender's sequence: a receiver takes only messages for
 * itself (or for every instance), at most MAX_MESSAGE_AGE_MS old (either way: the instances' clocks must agree that
 * closely), each sender's in increasing order (Redis delivers one connection's messages in
 * order), so none can be played again. A presence record is signed as a whole, tied to its
 * browser's id; replaying an old one can at most list a browser that left, which its instance
 * then says is gone.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Presence } from './keys.js';

/** The recipient of a message for every instance (announcements of browsers coming and going). */
export const EVERYONE = '*';

/** How far (ms) a message's time may be from the receiver's clock. */
export const MAX_MESSAGE_AGE_MS = 30_000;

export type Opened =
  | { ok: true; from: string; at: number; bodies: Record<string, unknown>[] }
  | { ok: false; reason: string };

/** An HMAC-SHA256 in base64url: the characters before a message's dot. */
const SIGNATURE_LENGTH = 43;

export class RedisSigner {
  readonly #key: Buffer;
  #sequence = 0;
  /** Per sender: the last sequence number taken, and its latest time (for forgetting it). */
  readonly #senders = new Map<string, { sequence: number; at: number }>();
  #sweptAt: number;

  constructor(
    secret: string,
    private readonly instance: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!secret) throw new Error('Signing Redis messages needs a key.');
    // A key of its own, so a signature here is never a token's (or anything else's).
    this.#key = Buffer.from(hkdfSync('sha256', secret, '', 'patchbay-relay/redis/v1', 32));
    this.#sweptAt = now();
  }

  #mac(kind: string, text: string): string {
    return createHmac('sha256', this.#key).update(`${kind}\n${text}`).digest('base64url');
  }

  #verifies(kind: string, text: string, signature: unknown): boolean {
    if (typeof signature !== 'string') return false;
    const expected = Buffer.from(this.#mac(kind, text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A message of `bodies` for the instance `to` (or EVERYONE), signed. */
  seal(to: string, bodies: object[]): string {
    this.#sequence += 1;
    const payload = JSON.stringify({
      from: this.instance,
      to,
      at: this.now(),
      seq: this.#sequence,
      bodies,
    });
    return `${this.#mac('message', payload)}.${payload}`;
  }

  /** A message from another instance, if it is signed, for this instance, recent and new. */
  open(text: string): Opened {
    if (text.charAt(SIGNATURE_LENGTH) !== '.') return { ok: false, reason: 'unsigned' };
    const payload = text.slice(SIGNATURE_LENGTH + 1);
    if (!this.#verifies('message', payload, text.slice(0, SIGNATURE_LENGTH)))
      return { ok: false, reason: 'bad signature' };
    let envelope: Record<string, unknown>;
    try {
      envelope = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const { from, to, at, seq, bodies } = envelope;
    if (to !== this.instance && to !== EVERYONE)
      return { ok: false, reason: 'for another instance' };
    if (
      typeof from !== 'string' ||
      typeof at !== 'number' ||
      typeof seq !== 'number' ||
      !Array.isArray(bodies) ||
      !bodies.every((body) => typeof body === 'object' && body !== null)
    )
      return { ok: false, reason: 'malformed' };
    const now = this.now();
    if (Math.abs(now - at) > MAX_MESSAGE_AGE_MS) return { ok: false, reason: 'too old' };
    this.#sweep(now);
    const last = this.#senders.get(from);
    if (last && seq <= last.sequence) return { ok: false, reason: 'replayed' };
    this.#senders.set(from, { sequence: seq, at: Math.max(at, last?.at ?? at) });
    return { ok: true, from, at, bodies: bodies as Record<string, unknown>[] };
  }

  /**
   * Forgets senders quiet for longer than a message may be old: any message of theirs that was
   * taken is now too old to be taken again.
   */
  #sweep(now: number): void {
    if (now - this.#sweptAt < MAX_MESSAGE_AGE_MS) return;
    this.#sweptAt = now;
    for (const [sender, last] of this.#senders) {
      if (last.at < now - MAX_MESSAGE_AGE_MS) this.#senders.delete(sender);
    }
  }

  /** The signature of a record of `kind` (what it covers is the caller's `text`). */
  signRecord(kind: string, text: string): string {
    return this.#mac(kind, text);
  }

  /** Whether `signature` is this key's over a record of `kind`. */
  verifiesRecord(kind: string, text: string, signature: unknown): boolean {
    return this.#verifies(kind, text, signature);
  }

  /** A presence record as stored: its fields and their signature. */
  signPresence(presence: Presence): string {
    return JSON.stringify({ ...presence, sig: this.#mac('presence', presenceText(presence)) });
  }

  /** A stored presence of this browser, if signed with the key. */
  verifyPresence(value: Presence & { sig?: unknown }, extensionId: string): boolean {
    return value.id === extensionId && this.#verifies('presence', presenceText(value), value.sig);
  }
}

/** What a presence's signature covers. */
function presenceText(presence: Presence): string {
  return JSON.stringify([
    presence.id,
    presence.name,
    presence.user,
    presence.instance,
    presence.since,
  ]);
}
