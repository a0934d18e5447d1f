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

  /** Takes one message's token; false when the connection is over its rate. */
  take(): boolean {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.perSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
