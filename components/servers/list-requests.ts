import type { DetailList } from './details-state';

/** One request for a page of a list: the cursor it asks with, and whether its answer counts. */
export interface PageRequest {
  cursor: string | undefined;
  /** False once the list was reset (it changed, or its server was forgotten). */
  current(): boolean;
}

const keyOf = (serverId: string, list: DetailList) => `${serverId}\n${list}`;

/**
 * The bookkeeping of the lists servers' details page through, never rendered: which lists
 * have a request under way, each list's next cursor, which lists were asked for, and which
 * failed on a "Load more". Resetting a list drops the answers of the requests before.
 */
export class ListRequests {
  /** Bumped when a list is reset, so answers to older requests are dropped. */
  private readonly generation = new Map<string, number>();
  /** Lists with a request under way. */
  private readonly inFlight = new Set<string>();
  /** The cursor of each list's next page. */
  private readonly cursor = new Map<string, string>();
  /** Lists asked for at least once (so a change notice reloads them). */
  private readonly started = new Set<string>();
  /** Lists whose last failed request was a "Load more". */
  private readonly failedMore = new Set<string>();

  /**
   * Starts a request for a list's first page, or with `more` its next one; undefined while
   * one is under way, or when there is no next page.
   */
  start(serverId: string, list: DetailList, more: boolean): PageRequest | undefined {
    const key = keyOf(serverId, list);
    const cursor = more ? this.cursor.get(key) : undefined;
    if (this.inFlight.has(key) || (more && !cursor)) return undefined;
    const generation = this.generation.get(key) ?? 0;
    this.inFlight.add(key);
    this.started.add(key);
    return { cursor, current: () => (this.generation.get(key) ?? 0) === generation };
  }

  /** A page arrived: the list's next page is at `nextCursor`, or there is none. */
  paged(serverId: string, list: DetailList, nextCursor: string | undefined) {
    const key = keyOf(serverId, list);
    if (nextCursor) this.cursor.set(key, nextCursor);
    else this.cursor.delete(key);
    this.failedMore.delete(key);
  }

  /** A request failed; `more`: it was a "Load more", which Retry then repeats. */
  failed(serverId: string, list: DetailList, more: boolean) {
    const key = keyOf(serverId, list);
    if (more) this.failedMore.add(key);
    else this.failedMore.delete(key);
  }

  /** The request under way ended, its answer counted. */
  ended(serverId: string, list: DetailList) {
    this.inFlight.delete(keyOf(serverId, list));
  }

  /** Whether the list's last failed request was a "Load more". */
  failedOnMore(serverId: string, list: DetailList): boolean {
    return this.failedMore.has(keyOf(serverId, list));
  }

  wasStarted(serverId: string, list: DetailList): boolean {
    return this.started.has(keyOf(serverId, list));
  }

  /** Drops a list's answers under way so a fresh request may start. */
  reset(serverId: string, list: DetailList) {
    const key = keyOf(serverId, list);
    this.generation.set(key, (this.generation.get(key) ?? 0) + 1);
    this.inFlight.delete(key);
    this.cursor.delete(key);
    this.failedMore.delete(key);
  }

  /** Resets a list and counts it as never asked for. */
  forget(serverId: string, list: DetailList) {
    this.reset(serverId, list);
    this.started.delete(keyOf(serverId, list));
  }
}
