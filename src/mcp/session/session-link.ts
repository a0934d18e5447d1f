import type { Tool } from '@modelcontextprotocol/client';
import { ConnectionError, stateForError } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import { headersOf } from '../catalog';
import { toConnectionError } from '../classify-error';
import type { Connection } from '../connection';
import type { Handshake } from '../resume-session';
import { authFailed, refreshBeforeConnecting } from './auth-flow';
import { Backoff } from './backoff';
import { connectAndList, refusedBeforeRunning } from './connect-and-list';
import { EarlyRequests } from './early-requests';
import { failureSentence, sessionFailure } from './failures';
import { saveBestEffort } from './save-best-effort';
import { serverEventOptions } from './server-events';
import type { SessionState } from './session-state';
import { signInNeeded, stoppedRetrying } from './status';
import { rememberEra, usableEra, type StoredEra } from './stored-era';
import { changedFacts, connectionFacts } from './stored-session';

/** What the link reads and changes of its session besides the shared state. */
export interface LinkHost extends SessionState {
  /** The protocol era found for the server, reused by every connection after the first. */
  era: StoredEra | undefined;
  /** The session id in storage, as far as this worker knows. */
  storedSessionId: string | undefined;
  /** A 2025-era session a stopped worker left open, for the next connection to go on with. */
  resumable: { sessionId: string; handshake: Handshake } | undefined;
  readonly subscriptions: Set<string>;
  needsSignIn(): boolean;
  announce(): void;
  toolsChanged(): void;
  bearerAuth(): { accessToken(): string | undefined; refresh(): Promise<boolean> };
}

/**
 * A server session's connection, over its life: connecting (with the transport and era found
 * earlier), letting early calls go first, retrying with backoff, noticing a lost connection,
 * sending a request again on a fresh one when it certainly never ran, and closing. Everything
 * else about the server (its status, tools, sign-in, what storage keeps) is its session's.
 */
export class SessionLink {
  private connection: Connection | null = null;
  private connecting: Promise<Connection> | null = null;
  /** Tool calls sent as soon as a connection opens, before its tool list. */
  private readonly early = new EarlyRequests();
  private readonly backoff: Backoff;
  /** Bumped when the server is switched off or changed, so stale attempts give up. */
  private generation = 0;

  constructor(private readonly session: LinkHost) {
    this.backoff = new Backoff(session.context.retryPolicy);
  }

  /** The live connection, if any. */
  get live(): Connection | null {
    return this.connection;
  }

  get isConnecting(): boolean {
    return this.connecting !== null;
  }

  /** The live connection, connecting first if needed; `fresh` starts the backoff over. */
  ensureConnected({ fresh = false }: { fresh?: boolean } = {}): Promise<Connection> {
    const { session } = this;
    if (this.connection) return Promise.resolve(this.connection);
    if (fresh) this.backoff.reset();
    if (session.needsSignIn()) {
      if (session.status.state !== 'invalid-token' && session.status.state !== 'needs-auth') {
        session.setStatus(signInNeeded(session.config.name));
      }
      const message = session.status.error ?? signInNeeded(session.config.name).error ?? '';
      return Promise.reject(new PatchbayError('auth-required', message));
    }
    if (!this.connecting) {
      let opened: (connection: Connection) => void = () => undefined;
      const opening = new Promise<Connection>((resolve) => (opened = resolve));
      const attempt: Promise<Connection> = this.connect(opened).finally(() => {
        // A newer attempt (after a switch off and on) may have replaced this one.
        if (this.connecting === attempt) {
          this.connecting = null;
          this.early.end();
        }
      });
      this.connecting = attempt;
      // Settles with the attempt when it fails before opening anything; a failure nobody was
      // waiting for here is the attempt's to report.
      this.early.begin(Promise.race([opening, attempt]));
    }
    return this.connecting;
  }

  /**
   * The connection as soon as it can carry a request, for tool calls: they need not wait for
   * the tool list the connecting attempt fetches after opening. A request that a stored era
   * makes the server refuse is sent again by {@link withConnection}.
   */
  private ensureOpen(): Promise<Connection> {
    if (this.connection) return Promise.resolve(this.connection);
    const attempt = this.ensureConnected();
    return this.early.wait() ?? attempt;
  }

  private async connect(onOpen: (connection: Connection) => void): Promise<Connection> {
    const { session } = this;
    const { config, context } = session;
    const generation = this.generation;
    const stillCurrent = () => {
      if (generation !== this.generation)
        throw new PatchbayError('cancelled', 'The server was switched off.');
    };
    const release = context.keepAlive.hold();
    this.backoff.cancel();
    let connection: Connection | undefined;
    try {
      await refreshBeforeConnecting(session, () => generation === this.generation);
      stillCurrent();
      session.setStatus({ state: 'connecting' });
      const era = usableEra(session.era);
      // A stored session is tried once; connections after this one shake hands as usual.
      const resume = era?.kind === 'legacy' ? session.resumable : undefined;
      session.resumable = undefined;
      const opened = await connectAndList({
        url: config.url,
        headers: headersOf(config),
        auth: session.bearerAuth(),
        ...(session.transport ? { transport: session.transport } : {}),
        ...(era ? { era } : {}),
        ...(resume ? { resume } : {}),
        ...(context.fetch ? { fetch: context.fetch } : {}),
        ...(context.connectTimeoutMs ? { connectTimeoutMs: context.connectTimeoutMs } : {}),
        onToolsChanged: (tools) => this.toolsReplaced(generation, tools),
        ...serverEventOptions(session, () => generation === this.generation),
        onLost: (error) => this.connectionLost(generation, error),
        onOpen: (open) => {
          if (generation !== this.generation) return;
          onOpen(open);
          return this.early.headStart();
        },
      });
      connection = opened.connection;
      stillCurrent();
      session.toolCache.set(opened.list);
      this.connection = connection;
      const before = connectionFacts(session);
      session.transport = connection.transport;
      session.era = rememberEra(session.era, connection.era);
      session.storedSessionId = connection.sessionId;
      this.backoff.connected();
      const changed = changedFacts(session.id, before, connectionFacts(session), connection);
      if (Object.keys(changed).length) await saveBestEffort(context.store, config.name, changed);
      session.setStatus({ state: 'connected' });
      session.toolsChanged();
      this.afterConnect(connection, generation);
      return connection;
    } catch (error) {
      await connection?.close({ terminate: true });
      if (PatchbayError.isInstance(error)) {
        if (error.code === 'cancelled' && !session.isEnabled)
          session.setStatus({ state: 'disconnected' });
        throw error;
      }
      const connectionError = toConnectionError(error);
      if (generation === this.generation) this.failed(connectionError);
      throw sessionFailure(session, connectionError);
    } finally {
      release();
    }
  }

  /** What a new connection picks up in the background: the server's icon, subscriptions. */
  private afterConnect(connection: Connection, generation: number): void {
    const { session } = this;
    const current = () => generation === this.generation && this.connection === connection;
    void session.context.icons.resolve(connection.serverIcons, session.config.url).then((icon) => {
      if (!current() || icon === session.serverIconDataUrl) return;
      session.serverIconDataUrl = icon;
      session.announce();
    });
    for (const uri of session.subscriptions) {
      connection.subscribe(uri).catch(() => session.subscriptions.delete(uri));
    }
  }

  /** A failure that ends (or prevents) the connection: say why, and retry when it may pass. */
  private failed(error: ConnectionError): void {
    const { session } = this;
    if (error.kind === 'auth') {
      authFailed(session, error);
      return;
    }
    const message = failureSentence(session, error);
    const retrying =
      error.retryable &&
      session.isEnabled &&
      this.backoff.schedule(() => {
        if (session.isEnabled && !this.connection) session.startConnecting();
      });
    const gaveUp = !retrying && error.retryable && this.backoff.attempts > 0;
    session.setStatus({
      state: stateForError(error),
      error: gaveUp ? stoppedRetrying(message, this.backoff.attempts) : message,
      ...(error.details.sitePattern ? { needsAccess: [error.details.sitePattern] } : {}),
    });
  }

  /** The tool list, asked for again first when its freshness has run out. */
  async currentTools(): Promise<Tool[] | null> {
    const { toolCache } = this.session;
    const connection = this.connection;
    if (!connection) return toolCache.tools;
    const generation = this.generation;
    return toolCache.current(connection, {
      stillCurrent: () => generation === this.generation && this.connection === connection,
      onChanged: () => this.session.toolsChanged(),
      onFailed: (error) => this.connectionLost(generation, toConnectionError(error)),
    });
  }

  /** The server changed its tool list and the SDK fetched the new one. */
  private toolsReplaced(generation: number, tools: Tool[]): void {
    if (!this.connection || generation !== this.generation) return;
    this.session.toolCache.replace(tools);
    this.session.toolsChanged();
  }

  /** The connection broke while in use. */
  private connectionLost(generation: number, error: ConnectionError): void {
    if (generation !== this.generation || !this.session.isEnabled) return;
    const lost = this.connection;
    this.connection = null;
    void lost?.close();
    this.backoff.lost();
    this.failed(error);
  }

  /** Drops the live connection after the current generation failed on it. */
  lose(error: ConnectionError): void {
    this.connectionLost(this.generation, error);
  }

  /**
   * Stops everything: attempts under way give up, no retry is due, and the live connection is
   * handed back for the caller to close once it has stopped what runs on it.
   */
  stop(): Connection | null {
    this.generation += 1;
    this.backoff.cancel();
    const connection = this.connection;
    this.connection = null;
    this.connecting = null;
    this.early.end();
    this.backoff.reset();
    return connection;
  }

  /** Starts over on a new connection (after a sign-in): the old one has the old credentials. */
  async reconnect(): Promise<void> {
    const stale = this.connection;
    this.connection = null;
    await stale?.close({ terminate: true });
    await this.ensureConnected({ fresh: true }).catch(() => undefined);
  }

  /**
   * Runs an operation on the server's connection (`early`: as soon as it opens, see
   * {@link ensureOpen}). Sent again once, on a fresh connection, when it certainly never ran:
   * a Streamable HTTP session the server has forgotten (404), or a stored era the server no
   * longer speaks (refused at the HTTP level while the connecting attempt probed afresh).
   */
  async withConnection<T>(
    operation: (connection: Connection) => Promise<T>,
    { early = false }: { early?: boolean } = {},
  ): Promise<T> {
    const opening = early && !this.connection;
    // A live connection carries the request in this very turn: nothing to wait for.
    const connection =
      this.connection ?? (await (early ? this.ensureOpen() : this.ensureConnected()));
    const running = operation(connection);
    if (opening) this.early.track(running);
    try {
      return await running;
    } catch (error) {
      const failure = toConnectionError(error);
      if (connection.eraReused && refusedBeforeRunning(failure)) {
        const settled = (await this.connecting?.catch(() => undefined)) ?? this.connection;
        if (settled && settled !== connection) return operation(settled);
      }
      const sessionExpired =
        connection.transport === 'streamable-http' &&
        failure.details.status === 404 &&
        connection.sessionId;
      if (!sessionExpired || this.connection !== connection) throw error;
      this.connection = null;
      await connection.close();
      return operation(await this.ensureConnected());
    }
  }
}
