import { retryDelay, type RetryPolicy } from '../retry';

/** Reconnect attempts after failures, spaced by the retry policy, one timer at a time. */
export class Backoff {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly policy: RetryPolicy) {}

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
