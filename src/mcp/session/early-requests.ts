import type { Connection } from '../connection';

/** How long the tool list waits for calls that were waiting for the connection to open. */
const EARLY_REQUESTS_HEAD_START_MS = 250;

/**
 * Requests that go before a new connection's tool list: a tool call made while the server
 * connects is sent as soon as the connection can carry it (`opening`), and the tool list the
 * connecting attempt fetches next waits for those calls, or {@link EARLY_REQUESTS_HEAD_START_MS}
 * at most (a long-running tool must not keep the server "connecting"). On a worker that just
 * started, the list's parsing, storing and broadcasting would otherwise share the one thread
 * with the call someone waits for.
 */
export class EarlyRequests {
  /** The connecting attempt's connection as soon as it can carry requests. */
  private opening: Promise<Connection> | null = null;
  private readonly running = new Set<Promise<unknown>>();
  private waiters = 0;

  /** A connecting attempt started: `opening` settles when it opens or fails first. */
  begin(opening: Promise<Connection>): void {
    this.opening = opening;
    opening.catch(() => undefined);
  }

  /** The attempt ended, or the server was switched off. */
  end(): void {
    this.opening = null;
  }

  /** The opening connection, for a request that need not wait for the tool list; or none. */
  wait(): Promise<Connection> | undefined {
    if (!this.opening) return undefined;
    this.waiters += 1;
    return this.opening.finally(() => (this.waiters -= 1));
  }

  /** A request sent on the opening connection, which the tool list waits for. */
  track(request: Promise<unknown>): void {
    this.running.add(request);
    const done = () => this.running.delete(request);
    void request.then(done, done);
  }

  /** Once the connection opens: lets the waiting requests go first (see the class comment). */
  async headStart(): Promise<void> {
    if (this.waiters === 0) return;
    // The waiters resume and send their requests in microtasks; a task later, all have.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timer = setTimeout(resolve, EARLY_REQUESTS_HEAD_START_MS))),
    ]);
    clearTimeout(timer);
    // The calls' answers go on to their callers in microtasks and a reply to the page: a task
    // later, those have gone, and the list's work does not come between a call and its reply.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
