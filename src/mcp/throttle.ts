/**
 * Passes on at most one value per `intervalMs`: the first at once, then the latest one at the
 * end of each interval (so the last value is never lost). `flush` sends a pending value now;
 * `cancel` drops it.
 */
export function throttleLatest<T>(
  send: (value: T) => void,
  intervalMs: number,
): { push(value: T): void; flush(): void; cancel(): void } {
  let lastSent = -Infinity;
  let pending: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    lastSent = Date.now();
    send(value);
  };
  return {
    push(value) {
      pending = { value };
      const wait = lastSent + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
