/** A token bucket per connection: `burst` messages at once, refilled at `perSecond`. */
export class RateLimit {
  #tokens: number;
  #at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number = perSecond * 2,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.perSecond);
    this.#at = now;
  }

  /** Takes one message's token; false when the connection is over its rate. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** How long (ms) until a token is there again; 0 when one is. */
  get waitMs(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : ((1 - this.#tokens) / this.perSecond) * 1000;
  }

  /** Whether the bucket is full again: nothing would change if it were made anew. */
  get idle(): boolean {
    this.#refill();
    return this.#tokens >= this.burst;
  }
}

/**
 * A token bucket per user (HTTP requests, on this instance). Buckets that filled up again are
 * dropped now and then, so the map holds only users who were busy lately.
 */
export class RateLimitPerUser {
  readonly #buckets = new Map<string, RateLimit>();
  #sweptAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#sweptAt = now();
  }

  /** Takes one of the user's tokens: 0 when the request may go ahead, else ms to wait. */
  take(user: string): number {
    this.#sweep();
    let bucket = this.#buckets.get(user);
    if (!bucket) {
      bucket = new RateLimit(this.perSecond, this.perSecond * 2, this.now);
      this.#buckets.set(user, bucket);
    }
    return bucket.take() ? 0 : Math.max(1, Math.ceil(bucket.waitMs));
  }

  #sweep(): void {
    if (this.now() - this.#sweptAt < 60_000) return;
    this.#sweptAt = this.now();
    for (const [user, bucket] of this.#buckets) if (bucket.idle) this.#buckets.delete(user);
  }
}
