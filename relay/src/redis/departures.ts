/**
 * Browsers other instances said left them, until they arrive again. An instance tells every
 * other that its browser left before it withdraws the browser's presence, so for a moment the
 * presence is still there: one that instance announced before it said so is stale, and requests
 * wait for the browser (the grace period) instead of reaching an instance it left.
 */
import type { ExtensionInfo } from '../browsers/extension-host.js';
import type { Presence } from './keys.js';

export class Departures {
  readonly #departed = new Map<string, { instance: string; at: number }>();

  /** How long a stale presence may live on: a TTL after its instance last refreshed it. */
  constructor(private readonly ttlMs: number) {}

  /** `from` said, at its time `at`, that the browser arrived there or left it. */
  heard(kind: 'arrived' | 'left', info: ExtensionInfo, from: string, at: number): void {
    if (kind === 'arrived') {
      this.#departed.delete(info.id);
      return;
    }
    for (const [id, departed] of this.#departed)
      if (departed.at < at - this.ttlMs) this.#departed.delete(id);
    this.#departed.set(info.id, { instance: from, at });
  }

  /** Announced by its instance before that instance said the browser left (one clock: its own). */
  stale(presence: Presence): boolean {
    const departed = this.#departed.get(presence.id);
    return (
      departed !== undefined &&
      departed.instance === presence.instance &&
      presence.since < departed.at
    );
  }
}
