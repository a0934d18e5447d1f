/**
 * When to ask about a task next. The server suggests an interval (`pollInterval` in 2025,
 * `pollIntervalMs` in 2026) and Patchbay honours it within bounds: never more often than
 * {@link MIN_POLL_MS} (a server may not make Patchbay spin) nor less than every
 * {@link MAX_POLL_MS}; a request that failed waits twice as long each time (a server out of
 * reach is asked again every {@link MAX_POLL_MS}, for as long as its task may live).
 */

/** The interval when the server suggests none. */
export const DEFAULT_POLL_MS = 1_000;
export const MIN_POLL_MS = 250;
export const MAX_POLL_MS = 30_000;

/** How long to wait before the next `tasks/get`, after `failures` failed polls in a row. */
export function pollDelay(suggestedMs: number | undefined, failures = 0): number {
  const suggested =
    suggestedMs !== undefined && Number.isFinite(suggestedMs) ? suggestedMs : DEFAULT_POLL_MS;
  const base = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
  return Math.min(MAX_POLL_MS, base * 2 ** Math.max(0, failures));
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
