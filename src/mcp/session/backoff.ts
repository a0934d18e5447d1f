import { retryDelay, type RetryPolicy } from '../retry';

/** How long a connection must stay up before its failures count as new ones again. */
export const STABLE_CONNECTION_MS = 60_000;

/**
 * Reconnect attempts after failures, spaced by the retry policy, one timer at a time. A
 * connection that comes up and drops at once does not start the count over, so a server that
 * accepts and drops forever is retried at a decaying rate until the policy gives up.
 */
export class Backoff {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connectedAt: number | undefined;

  constructor(
    private readonly policy: RetryPolicy,
    private readonly stableMs = STABLE_CONNECTION_MS,
  ) {}

  /** Retries scheduled since the count last started over. */
  get attempts(): number {
    return this.attempt;
  }

  /** A connection came up. */
  connected(): void {
    this.connectedAt = Date.now();
  }

  /** The connection dropped: the count starts over only if it had stayed up long enough. */
  lost(): void {
    if (this.connectedAt !== undefined && Date.now() - this.connectedAt >= this.stableMs) {
      this.attempt = 0;
    }
    this.connectedAt = undefined;
  }

  /** Runs `retry` after the next delay; false once the policy's retries are used up. */
  schedule(retry: () => void): boolean {
    const delay = retryDelay(this.policy, this.attempt);
    if (delay === undefined) return false;
    this.attempt += 1;
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      retry();
    }, delay);
    return true;
  }

  /** Stops a pending retry (the attempt count stays). */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts counting from the first delay again (after a success, or a person's Retry). */
  reset(): void {
    this.attempt = 0;
  }
}
