import { askViewSchema, type AskAnswer, type AskView } from '../../messaging/asks-contract';
import type { Attention, Broadcaster, KeepAlive } from '../../platform/ports';

/** How long a server's question waits for the person before it is answered "cancel" for them. */
export const ASK_TIMEOUT_MS = 10 * 60_000;
/** How long a URL elicitation stays tracked after the person opened it, waiting for completion. */
export const URL_TRACKING_MS = 30 * 60_000;
/** How long a URL elicitation the server confirmed stays listed, saying so. */
export const COMPLETED_SHOWN_MS = 15_000;
/** Asks one server may have waiting at once; more are refused so a server cannot flood the panel. */
export const MAX_ASKS_PER_SERVER = 5;

type AskBody = AskView extends infer View
  ? View extends AskView
    ? Omit<View, 'id' | 'serverId' | 'serverName' | 'createdAt' | 'expiresAt'>
    : never
  : never;

export type AskOutcome = AskAnswer | { action: 'expired' };

interface Pending {
  view: AskView;
  /** Settles the server's request; absent once answered (a URL ask stays tracked after that). */
  settle?: (outcome: AskOutcome) => void;
  timer: ReturnType<typeof setTimeout>;
  elicitationId?: string;
  /** Those waiting for a URL ask's page to be done: true when it is, false when given up. */
  completion?: Set<(done: boolean) => void>;
}

export interface AskBrokerOptions {
  broadcaster: Broadcaster;
  keepAlive: KeepAlive;
  /** Shows that questions wait while the panel may be closed. */
  attention?: Attention;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * The most a question may weigh (its text, schema and, for sampling, the messages with their
 * images): every open page receives the whole list of questions in one message.
 */
export const MAX_ASK_CHARACTERS = 2 * 1024 * 1024;

/** A question Patchbay will not show: too many from one server, malformed, or too large. */
export class AskRefusedError extends Error {
  override readonly name = 'AskRefusedError';
}

/**
 * What servers are waiting on the person for: forms, pages to open, model runs. Each ask waits
 * for a page to answer it (the panel may be closed: it lists the asks when it opens) or expires
 * with a clear outcome for the server. Asks are independent: one server waiting never blocks
 * another. The worker is kept alive while anything waits.
 */
export class AskBroker {
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<(serverId: string) => void>();
  private release: (() => void) | undefined;

  constructor(private readonly options: AskBrokerOptions) {}

  /** Every ask, oldest first. */
  list(): AskView[] {
    return [...this.pending.values()]
      .map((entry) => entry.view)
      .sort((first, second) => first.createdAt - second.createdAt);
  }

  /** True while a question from this server waits for the person (tool calls stop their clock). */
  isWaitingOn(serverId: string): boolean {
    return [...this.pending.values()].some(
      (entry) =>
        entry.view.serverId === serverId &&
        (entry.settle !== undefined ||
          Boolean(entry.completion?.size) ||
          // A 2025 server may hold the call open until the person is done on the page.
          (entry.view.kind === 'elicitation-url' && entry.view.phase === 'opened')),
    );
  }

  /**
   * Resolves true when the page of a URL ask the person agreed to is done (the server said so,
   * or the person did), false when they dismiss it, it expires, or `signal` aborts.
   */
  whenCompleted(serverId: string, elicitationId: string, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    // The newest page of that id: a server that reuses an id must not find the page it
    // confirmed before (still listed as done for a moment) in place of the one just agreed to.
    const entry = [...this.pending.values()].findLast(
      (candidate) =>
        candidate.view.serverId === serverId && candidate.elicitationId === elicitationId,
    );
    if (!entry || entry.view.kind !== 'elicitation-url') return Promise.resolve(false);
    if (entry.view.phase === 'completed') return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiters = (entry.completion ??= new Set());
      const finish = (done: boolean) => {
        waiters.delete(finish);
        signal?.removeEventListener('abort', onAbort);
        resolve(done);
      };
      const onAbort = () => finish(false);
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.add(finish);
    });
  }

  /** Called when what a server waits on changes (an ask arrives or is settled). */
  onChange(listener: (serverId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Shows the person a question and waits for the answer. Resolves with `expired` after the
   * timeout, with `cancel` when `signal` aborts (the server gave up, or the call was stopped).
   */
  ask(
    server: { id: string; name: string },
    body: AskBody,
    { signal, elicitationId }: { signal?: AbortSignal; elicitationId?: string } = {},
  ): Promise<AskOutcome> {
    const waiting = [...this.pending.values()].filter(
      (entry) => entry.view.serverId === server.id && entry.settle,
    ).length;
    if (waiting >= MAX_ASKS_PER_SERVER) {
      return Promise.reject(
        new AskRefusedError(
          `${server.name} already has ${MAX_ASKS_PER_SERVER} questions waiting for the person.`,
        ),
      );
    }
    if (signal?.aborted) return Promise.resolve({ action: 'cancel' });
    const now = this.now();
    const timeoutMs = this.options.timeoutMs ?? ASK_TIMEOUT_MS;
    const id = crypto.randomUUID();
    const view = {
      ...body,
      id,
      serverId: server.id,
      serverName: server.name,
      createdAt: now,
      expiresAt: now + timeoutMs,
    } as AskView;
    // What the server sent is checked against what pages accept before anyone sees it: one
    // malformed question must not make the whole list unreadable for every other server's.
    const checked = askViewSchema.safeParse(view);
    if (!checked.success)
      return Promise.reject(
        new AskRefusedError(`${server.name} sent a question Patchbay cannot show.`),
      );
    if (JSON.stringify(view).length > MAX_ASK_CHARACTERS)
      return Promise.reject(
        new AskRefusedError(`${server.name} sent a question too large to show.`),
      );
    return new Promise<AskOutcome>((resolve) => {
      const onAbort = () => this.settle(id, { action: 'cancel' }, { remove: true });
      const entry: Pending = {
        view,
        settle: (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
        timer: setTimeout(
          () => this.settle(id, { action: 'expired' }, { remove: true }),
          timeoutMs,
        ),
        ...(elicitationId ? { elicitationId } : {}),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, entry);
      this.changed(server.id);
    });
  }

  /**
   * The person answered. A URL elicitation they agreed to stays listed, `opened`, until the
   * server says the page is done ({@link complete}) or they dismiss it. False when the ask is
   * gone (answered elsewhere, expired, or the server stopped waiting).
   */
  answer(id: string, answer: AskAnswer): boolean {
    const entry = this.pending.get(id);
    if (!entry) return false;
    if (!entry.settle) {
      // Already answered: the person either finished on the page, or dismisses the card.
      if (answer.action === 'accept' && entry.view.kind === 'elicitation-url')
        this.markCompleted(id, entry);
      else this.remove(id);
      return true;
    }
    const keepTracking =
      entry.view.kind === 'elicitation-url' && answer.action === 'accept' && entry.elicitationId;
    if (keepTracking && entry.view.kind === 'elicitation-url') {
      entry.view = { ...entry.view, phase: 'opened', expiresAt: this.now() + URL_TRACKING_MS };
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => this.remove(id), URL_TRACKING_MS);
      this.settle(id, answer, { remove: false });
      return true;
    }
    this.settle(id, answer, { remove: true });
    return true;
  }

  /** The server says the out-of-band interaction of a URL elicitation finished. */
  complete(serverId: string, elicitationId: string): void {
    for (const [id, entry] of this.pending) {
      if (entry.view.serverId !== serverId || entry.elicitationId !== elicitationId) continue;
      if (entry.view.kind !== 'elicitation-url') continue;
      if (entry.settle) {
        // Completed before the person even answered: nothing is left to ask.
        this.settle(id, { action: 'cancel' }, { remove: true });
        return;
      }
      this.markCompleted(id, entry);
    }
  }

  private markCompleted(id: string, entry: Pending): void {
    if (entry.view.kind !== 'elicitation-url') return;
    entry.view = { ...entry.view, phase: 'completed' };
    // The person sees it is done for a moment; then it leaves the list by itself.
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.remove(id), COMPLETED_SHOWN_MS);
    for (const waiter of [...(entry.completion ?? [])]) waiter(true);
    this.changed(entry.view.serverId);
  }

  /** The server went away (switched off, removed): its questions are withdrawn. */
  withdraw(serverId: string): void {
    for (const [id, entry] of this.pending) {
      if (entry.view.serverId !== serverId) continue;
      if (entry.settle) this.settle(id, { action: 'cancel' }, { remove: true });
      else this.remove(id);
    }
  }

  private settle(id: string, outcome: AskOutcome, { remove }: { remove: boolean }): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    const settle = entry.settle;
    delete entry.settle;
    if (remove) {
      clearTimeout(entry.timer);
      this.pending.delete(id);
    }
    settle?.(outcome);
    this.changed(entry.view.serverId);
  }

  private remove(id: string): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(id);
    for (const waiter of [...(entry.completion ?? [])]) waiter(false);
    this.changed(entry.view.serverId);
  }

  private changed(serverId: string): void {
    // The worker must not stop while a server waits for the person.
    const unanswered = [...this.pending.values()].filter((entry) => entry.settle).length;
    const waiting = unanswered > 0;
    this.options.attention?.showWaiting(unanswered);
    if (waiting && !this.release) this.release = this.options.keepAlive.hold();
    if (!waiting && this.release) {
      this.release();
      this.release = undefined;
    }
    this.options.broadcaster.broadcast({
      type: 'mcp/asks/changed',
      payload: { asks: this.list() },
    });
    for (const listener of this.listeners) listener(serverId);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
