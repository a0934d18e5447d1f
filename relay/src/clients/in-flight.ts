/**
 * A connection's requests in flight, as the extension knows them: each prefixed id with the
 * client's own id, and the progress tokens they report on (prefixed → the client's own). MCP
 * wants progress tokens unique, but a client may reuse one while its first request is still in
 * flight: a token is kept until the last request using it is over.
 */
import type { Id } from '../wire/jsonrpc.js';

/** A progress token in use: the client's own, and the (client's) id of the request it reports on. */
export interface ProgressToken {
  original: Id;
  request: Id;
}

export class InFlight {
  /** Prefixed id → the client's own id, and its prefixed progress token. */
  readonly #requests = new Map<string, { id: Id; token?: string }>();
  readonly #tokens = new Map<string, ProgressToken & { users: number }>();

  get size(): number {
    return this.#requests.size;
  }

  has(mapped: string): boolean {
    return this.#requests.has(mapped);
  }

  /** A request sent on (`mapped`: its prefixed id), with its progress token if it has one. */
  add(mapped: string, id: Id, token?: { mapped: string; original: Id }): void {
    this.#requests.set(mapped, { id, token: token?.mapped });
    if (!token) return;
    const known = this.#tokens.get(token.mapped);
    if (known) known.users += 1;
    else this.#tokens.set(token.mapped, { original: token.original, request: id, users: 1 });
  }

  /** The client's own id of a request in flight, from its prefixed form. */
  originalOf(mapped: unknown): Id | undefined {
    return typeof mapped === 'string' ? this.#requests.get(mapped)?.id : undefined;
  }

  /** A progress token in use, by its prefixed form. */
  progress(mapped: string): ProgressToken | undefined {
    return this.#tokens.get(mapped);
  }

  /** The request is over (answered, cancelled): its token too, unless another request uses it. */
  forget(mapped: string): void {
    const token = this.#requests.get(mapped)?.token;
    this.#requests.delete(mapped);
    if (token === undefined) return;
    const known = this.#tokens.get(token);
    if (!known) return;
    // Another request in flight may share the token: it stays theirs.
    known.users -= 1;
    if (known.users === 0) this.#tokens.delete(token);
  }

  /** Every request's prefixed id (as the extension knows it). */
  mappedIds(): IterableIterator<string> {
    return this.#requests.keys();
  }

  /** Every request's own id (as the client knows it). */
  *originalIds(): IterableIterator<Id> {
    for (const { id } of this.#requests.values()) yield id;
  }

  clear(): void {
    this.#requests.clear();
    this.#tokens.clear();
  }
}
