/**
 * Keeps sync writes under chrome.storage.sync's rate limits (120 a minute, 1,800 an hour): it
 * remembers when each write call went out and says how long the next ones must wait.
 */
import { SYNC_LIMITS, type SyncLimits } from './sync-limits';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export class WriteLimiter {
  private readonly sent: number[] = [];

  constructor(private readonly limits: SyncLimits = SYNC_LIMITS) {}

  /** Milliseconds until `count` more writes fit in both windows (0: now). */
  waitFor(count: number, now: number): number {
    this.forget(now);
    const wait = (window: number, limit: number) => {
      const inWindow = this.sent.filter((time) => time > now - window);
      const over = inWindow.length + count - limit;
      return over <= 0 ? 0 : inWindow[over - 1]! + window - now + 1;
    };
    return Math.max(
      wait(MINUTE, this.limits.writesPerMinute),
      wait(HOUR, this.limits.writesPerHour),
    );
  }

  /** Records `count` writes sent at `now`. */
  record(count: number, now: number): void {
    for (let index = 0; index < count; index += 1) this.sent.push(now);
  }

  private forget(now: number): void {
    while (this.sent.length && this.sent[0]! <= now - HOUR) this.sent.shift();
  }
}
