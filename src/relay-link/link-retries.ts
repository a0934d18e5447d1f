/**
 * When the relay link tries again after losing its socket: growing delays, started over once a
 * link stayed up a while.
 */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/** A link that stayed up this long starts its retry count over. */
const STABLE_MS = 60_000;

export function createRetries(now: () => number, retry: () => void) {
  let attempt = 0;
  let upSince: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  return {
    /** The link is up (from now on it may count as stable). */
    up(): void {
      upSince = now();
    },
    /** Settings changed: the next loss is a first one. */
    reset(): void {
      attempt = 0;
    },
    /** Sets the next try; `announce` hears when it is due, before the timer is set. */
    later(announce: (retryAt: number) => void): void {
      const stable = upSince !== undefined && now() - upSince >= STABLE_MS;
      if (stable) attempt = 0;
      upSince = undefined;
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
      attempt += 1;
      announce(now() + delay);
      clearTimeout(timer);
      timer = setTimeout(retry, delay);
    },
    cancel(): void {
      clearTimeout(timer);
    },
  };
}
