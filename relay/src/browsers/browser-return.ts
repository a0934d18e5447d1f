/**
 * A browser coming back: a browser's link drops whenever its service worker restarts, and comes
 * back within seconds. For a grace period after a browser left, requests that mean it (same
 * user; by id, by name, or any when none is named) wait for it instead of failing: they go on
 * when a browser of the user arrives (`arrived`, from this instance's directory or, with Redis,
 * another instance's announcement) and give up when the grace period ends or the client goes.
 * No polling: a waiting request sleeps until an arrival of its user or its deadline. A user may
 * have only so many requests waiting (the rest fail at once, as without the grace period).
 */
import type { ExtensionInfo } from './extension-host.js';

/**
 * How long requests wait for a browser that left, by default: Patchbay's link comes back
 * within its 30 s watchdog alarm after Chrome stopped its worker, and then needs a moment to
 * connect.
 */
export const DEFAULT_BROWSER_GRACE_MS = 45_000;

interface Departed {
  id: string;
  name: string;
  /** Until when requests for it wait. */
  until: number;
}

export class BrowserReturns {
  readonly #departed = new Map<string, Map<string, Departed>>();
  /** Per user: what wakes each waiting request. */
  readonly #waiting = new Map<string, Set<() => void>>();
  #count = 0;
  #sweptAt = 0;

  constructor(
    /** 0: no waiting (a request for a browser that is not there fails at once). */
    readonly graceMs: number,
    readonly maxWaitingPerUser = 32,
    /** A request waited: its browser came back (`returned`), or not (`gave_up`). */
    private readonly onWaited: (outcome: 'returned' | 'gave_up') => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Requests waiting right now, all users. */
  get waiting(): number {
    return this.#count;
  }

  /** What a request that waited for its browser in vain is told. */
  notBack(): string {
    const seconds = Math.round(this.graceMs / 1000);
    return `The browser left the relay and did not come back within ${seconds} s: Patchbay in it may be restarting (Chrome restarts its background worker after an update or a crash), or the browser was closed. Try again in a moment.`;
  }

  /** A browser's link dropped: requests for it may wait for it for the grace period. */
  left(info: ExtensionInfo): void {
    if (this.graceMs <= 0) return;
    this.#sweep();
    const mine = this.#departed.get(info.user) ?? new Map<string, Departed>();
    mine.set(info.id, { id: info.id, name: info.name, until: this.now() + this.graceMs });
    this.#departed.set(info.user, mine);
  }

  /** A browser of the user arrived (here or elsewhere): waiting requests look again. */
  arrived(info: ExtensionInfo): void {
    const mine = this.#departed.get(info.user);
    mine?.delete(info.id);
    if (mine?.size === 0) this.#departed.delete(info.user);
    for (const wake of [...(this.#waiting.get(info.user) ?? [])]) wake();
  }

  /**
   * `find` until it finds, while a browser the request means is due back: its answer, or
   * undefined when none came back in time, the client went (`signal`), or too many wait.
   * `outcome.waited` says whether it waited at all (a request that did is told {@link notBack}).
   */
  async wait<T>(
    user: string,
    named: string | undefined,
    find: () => Promise<T | undefined>,
    signal?: AbortSignal,
    outcome: { waited: boolean } = { waited: false },
  ): Promise<T | undefined> {
    for (let waited = false; ; waited = true) {
      const due = this.#dueBy(user, named);
      const waiters = this.#waiting.get(user) ?? new Set<() => void>();
      if (due === undefined || signal?.aborted || waiters.size >= this.maxWaitingPerUser) {
        const found = await find();
        if (waited) this.onWaited(found === undefined ? 'gave_up' : 'returned');
        return found;
      }
      // Listening before looking: an arrival between the two is not missed.
      let wake!: () => void;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      waiters.add(wake);
      this.#waiting.set(user, waiters);
      this.#count += 1;
      const timer = setTimeout(wake, Math.max(0, due - this.now()));
      signal?.addEventListener('abort', wake, { once: true });
      try {
        const found = await find();
        if (found !== undefined) {
          if (waited) this.onWaited('returned');
          return found;
        }
        outcome.waited = true;
        await woken;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', wake);
        waiters.delete(wake);
        if (waiters.size === 0) this.#waiting.delete(user);
        this.#count -= 1;
      }
    }
  }

  /** Forgets browsers past their grace period, once a grace period at most. */
  #sweep(): void {
    const now = this.now();
    if (now - this.#sweptAt < this.graceMs) return;
    this.#sweptAt = now;
    for (const [user, mine] of this.#departed) {
      for (const [id, departed] of mine) if (departed.until <= now) mine.delete(id);
      if (mine.size === 0) this.#departed.delete(user);
    }
  }

  /** When the latest browser the request means is due back by; undefined if none is. */
  #dueBy(user: string, named: string | undefined): number | undefined {
    const mine = this.#departed.get(user);
    if (!mine) return undefined;
    const now = this.now();
    let due: number | undefined;
    for (const departed of [...mine.values()]) {
      if (departed.until <= now) {
        mine.delete(departed.id);
        continue;
      }
      if (named !== undefined && named !== departed.id && named !== departed.name) continue;
      due = Math.max(due ?? 0, departed.until);
    }
    if (mine.size === 0) this.#departed.delete(user);
    return due;
  }
}
