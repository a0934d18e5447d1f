import type { Tool } from '@modelcontextprotocol/client';
import {
  ConnectionError,
  stateForError,
  userMessage,
  type AuthChallenge,
} from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import type { ServerStatus } from '../../messaging/contract';
import type { AuthSession } from '../../oauth/session';
import { headersOf, type ServerConfig } from '../catalog';
import { toConnectionError } from '../classify-error';
import type { Connection, TransportKind } from '../connection';
import { connectAndList, refusedBeforeRunning } from './connect-and-list';
import { ToolCache } from './tool-cache';
import { Backoff } from './backoff';
import { sessionFailure } from './failures';
import { readStoredEra, rememberEra, usableEra, type StoredEra } from './stored-era';
import { readHandshake, type Handshake } from '../resume-session';
import { storageKeys } from '../storage-keys';
import { serverView } from '../view';
import { authFailed, createAuthSession, refreshTokens } from './auth-flow';
import type { SessionContext } from './context';
import type { SessionState } from './session-state';
import { saveBestEffort } from './save-best-effort';
import { serverEventOptions } from './server-events';
import { refreshUnreachable, sameStatus, signInNeeded, stoppedRetrying } from './status';

/** How long the tool list waits for calls that were waiting for the connection to open. */
const EARLY_REQUESTS_HEAD_START_MS = 250;

/**
 * One server, live: the spec's ServerState (`client`, `tokens`, `status`, `isEnabled`, …) and
 * everything that happens to it: connecting (with the transport found earlier), retrying with
 * backoff, its tool cache, sign-in state, and shutting down. The manager holds one per server.
 */
export class ServerSession implements SessionState {
  status: ServerStatus = { state: 'disconnected' };
  isEnabled = false;
  /** The server answered 401 without Patchbay holding tokens: it wants a sign-in. */
  authDemanded = false;
  /** The authorization server's host while its sign-in window is open. */
  signInHost: string | undefined;
  /** The last WWW-Authenticate challenge, to sign in with what the server asked for. */
  lastChallenge: AuthChallenge | undefined;
  readonly toolCache = new ToolCache();
  disabledTools: string[] = [];
  transport: TransportKind | undefined;
  /** The protocol era found for the server, reused by every connection after the first. */
  era: StoredEra | undefined;
  /** A 2025-era session a stopped worker left open, for the next connection to go on with. */
  private resumable: { sessionId: string; handshake: Handshake } | undefined;
  /** The session id in storage, as far as this worker knows. */
  private storedSessionId: string | undefined;
  auth: AuthSession;
  /** The refresh in flight, shared by everyone who needs a new token meanwhile. */
  refreshing: Promise<boolean> | undefined;
  /** The last refresh could not reach the authorization server; its alarm tries again. */
  renewalUnreachable = false;
  /** Tool calls in flight, by call id. */
  readonly calls = new Map<string, AbortController>();
  /** Whether the person lets this server ask to run their model; off by default. */
  samplingEnabled = false;
  /** The server's own icon (SEP-973), checked and fetched, once the connection told it. */
  serverIconDataUrl: string | undefined;
  /** Resources pages asked to keep fresh, subscribed again on every new connection. */
  readonly subscriptions = new Set<string>();

  private connection: Connection | null = null;
  private connecting: Promise<Connection> | null = null;
  /** The connecting attempt's connection as soon as it can carry requests, before its tool list. */
  private opening: Promise<Connection> | null = null;
  /** Requests waiting for {@link opening}: the tool list is fetched after them. */
  private readonly earlyRequests = new Set<Promise<unknown>>();
  private earlyWaiters = 0;
  private readonly backoff: Backoff;
  /** Bumped when the server is switched off or changed, so stale attempts give up. */
  private generation = 0;

  constructor(
    public config: ServerConfig,
    readonly context: SessionContext,
  ) {
    this.transport = config.transport;
    this.auth = createAuthSession(config, context);
    this.backoff = new Backoff(context.retryPolicy);
  }

  get id(): string {
    return this.config.id;
  }

  get isConnected(): boolean {
    return this.connection !== null;
  }

  get isConnecting(): boolean {
    return this.connecting !== null;
  }

  /** The protocol version negotiated on the live connection, if any. */
  get connectedProtocolVersion(): string | undefined {
    return this.connection?.protocolVersion;
  }

  /** The live connection's capabilities, instructions and icons, if any. */
  get live(): Connection | null {
    return this.connection;
  }

  /** The transport of the live connection, if any. */
  get connectedTransport(): TransportKind | undefined {
    return this.connection ? this.transport : undefined;
  }

  needsSignIn(): boolean {
    return (this.config.requiresAuthentication || this.authDemanded) && !this.auth.tokens;
  }

  /** Moves to `status` and tells every open page, with the whole server view. */
  setStatus(status: ServerStatus, { announce = false }: { announce?: boolean } = {}): void {
    if (sameStatus(this.status, status) && !announce) return;
    this.status = status;
    this.announce();
  }

  /** Tells every open page how the server looks now. */
  announce(): void {
    this.context.broadcaster.broadcast({
      type: 'mcp/status/changed',
      payload: { serverId: this.id, status: this.status, server: serverView(this) },
    });
  }

  toolsChanged(): void {
    this.context.broadcaster.broadcast({
      type: 'mcp/tools/changed',
      payload: { serverId: this.id, server: serverView(this) },
    });
  }

  /** Restores what storage says about this server (a worker may have just started). */
  restore(stored: Record<string, unknown>): void {
    this.isEnabled = stored[storageKeys.enabled(this.id)] === true;
    const disabled = stored[storageKeys.disabledTools(this.id)];
    this.disabledTools = Array.isArray(disabled)
      ? disabled.filter((name): name is string => typeof name === 'string')
      : [];
    const transport = stored[storageKeys.transport(this.id)];
    if (transport === 'streamable-http' || transport === 'sse') this.transport = transport;
    this.era = readStoredEra(stored[storageKeys.era(this.id)]);
    this.samplingEnabled = stored[storageKeys.sampling(this.id)] === true;
    const sessionId = stored[storageKeys.sessionId(this.id)];
    this.storedSessionId = typeof sessionId === 'string' ? sessionId : undefined;
    const handshake = readHandshake(stored[storageKeys.handshake(this.id)]);
    this.resumable =
      typeof sessionId === 'string' && sessionId && handshake
        ? { sessionId, handshake }
        : undefined;
  }

  // ---- connecting -------------------------------------------------------------------------

  /** Connects in the background; the status carries any failure. */
  startConnecting(): void {
    this.ensureConnected().catch(() => undefined);
  }

  /** The live connection, connecting first if needed; `fresh` starts the backoff over. */
  ensureConnected({ fresh = false }: { fresh?: boolean } = {}): Promise<Connection> {
    if (this.connection) return Promise.resolve(this.connection);
    if (fresh) this.backoff.reset();
    if (this.needsSignIn()) {
      if (this.status.state !== 'invalid-token' && this.status.state !== 'needs-auth') {
        this.setStatus(signInNeeded(this.config.name));
      }
      const message = this.status.error ?? signInNeeded(this.config.name).error ?? '';
      return Promise.reject(new PatchbayError('auth-required', message));
    }
    if (!this.connecting) {
      let opened: (connection: Connection) => void = () => undefined;
      const opening = new Promise<Connection>((resolve) => (opened = resolve));
      const attempt: Promise<Connection> = this.connect(opened).finally(() => {
        // A newer attempt (after a switch off and on) may have replaced this one.
        if (this.connecting === attempt) {
          this.connecting = null;
          this.opening = null;
        }
      });
      this.connecting = attempt;
      // Settles with the attempt when it fails before opening anything; a failure nobody was
      // waiting for here is the attempt's to report.
      this.opening = Promise.race([opening, attempt]);
      this.opening.catch(() => undefined);
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
    if (!this.opening) return attempt;
    this.earlyWaiters += 1;
    return this.opening.finally(() => (this.earlyWaiters -= 1));
  }

  /**
   * Once a connection opens: lets the requests that were waiting for it go first, and holds the
   * tool list back until they are answered, or {@link EARLY_REQUESTS_HEAD_START_MS} at most (a
   * long-running tool must not keep the server "connecting"). On a worker that just started,
   * the list's parsing, storing and broadcasting would otherwise share the one thread with the
   * call someone waits for.
   */
  private async letEarlyRequestsFirst(): Promise<void> {
    if (this.earlyWaiters === 0) return;
    // The waiters resume and send their requests in microtasks; a task later, all have.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.earlyRequests]),
      new Promise((resolve) => (timer = setTimeout(resolve, EARLY_REQUESTS_HEAD_START_MS))),
    ]);
    clearTimeout(timer);
  }

  private async connect(onOpen: (connection: Connection) => void): Promise<Connection> {
    const { config, context } = this;
    const generation = this.generation;
    const stillCurrent = () => {
      if (generation !== this.generation)
        throw new PatchbayError('cancelled', 'The server was switched off.');
    };
    const release = context.keepAlive.hold();
    this.backoff.cancel();
    let connection: Connection | undefined;
    try {
      if (this.auth.tokens && this.auth.isExpired() && !(await refreshTokens(this))) {
        if (!this.auth.tokens) {
          throw new PatchbayError(
            'auth-required',
            this.status.error ?? signInNeeded(config.name).error ?? '',
          );
        }
        // The authorization server could not be reached; the sign-in itself may still be fine.
        const message = refreshUnreachable(config.name);
        if (generation === this.generation) this.setStatus({ state: 'error', error: message });
        throw new PatchbayError('connection-failed', message, { retryable: true });
      }
      stillCurrent();
      this.setStatus({ state: 'connecting' });
      const era = usableEra(this.era);
      // A stored session is tried once; connections after this one shake hands as usual.
      const resume = era?.kind === 'legacy' ? this.resumable : undefined;
      this.resumable = undefined;
      const opened = await connectAndList({
        url: config.url,
        headers: headersOf(config),
        auth: this.bearerAuth(),
        ...(this.transport ? { transport: this.transport } : {}),
        ...(era ? { era } : {}),
        ...(resume ? { resume } : {}),
        ...(context.fetch ? { fetch: context.fetch } : {}),
        ...(context.connectTimeoutMs ? { connectTimeoutMs: context.connectTimeoutMs } : {}),
        onToolsChanged: (tools) => this.toolsReplaced(generation, tools),
        ...serverEventOptions(this, () => generation === this.generation),
        onLost: (error) => this.connectionLost(generation, error),
        onOpen: (open) => {
          if (generation !== this.generation) return;
          onOpen(open);
          return this.letEarlyRequestsFirst();
        },
      });
      connection = opened.connection;
      stillCurrent();
      this.toolCache.set(opened.list);
      this.connection = connection;
      const before = { transport: this.transport, era: this.era, sessionId: this.storedSessionId };
      this.transport = connection.transport;
      this.era = rememberEra(this.era, connection.era);
      this.storedSessionId = connection.sessionId;
      this.backoff.connected();
      // Only what changed: a worker starting with many servers has better things to do.
      const changed: Record<string, unknown> = {};
      if (before.transport !== this.transport)
        changed[storageKeys.transport(this.id)] = this.transport;
      if (JSON.stringify(before.era) !== JSON.stringify(this.era))
        changed[storageKeys.era(this.id)] = this.era;
      if (before.sessionId !== connection.sessionId) {
        changed[storageKeys.sessionId(this.id)] = connection.sessionId;
        changed[storageKeys.handshake(this.id)] = connection.sessionId
          ? connection.handshake
          : undefined;
      }
      if (Object.keys(changed).length) await saveBestEffort(context.store, config.name, changed);
      this.setStatus({ state: 'connected' });
      this.toolsChanged();
      this.afterConnect(connection, generation);
      return connection;
    } catch (error) {
      await connection?.close({ terminate: true });
      if (PatchbayError.isInstance(error)) {
        if (error.code === 'cancelled' && !this.isEnabled)
          this.setStatus({ state: 'disconnected' });
        throw error;
      }
      const connectionError = toConnectionError(error);
      if (generation === this.generation) this.failed(connectionError);
      throw sessionFailure(this, connectionError);
    } finally {
      release();
    }
  }

  /** What a new connection picks up in the background: the server's icon, subscriptions. */
  private afterConnect(connection: Connection, generation: number): void {
    const current = () => generation === this.generation && this.connection === connection;
    void this.context.icons.resolve(connection.serverIcons, this.config.url).then((icon) => {
      if (!current() || icon === this.serverIconDataUrl) return;
      this.serverIconDataUrl = icon;
      this.announce();
    });
    for (const uri of this.subscriptions) {
      connection.subscribe(uri).catch(() => this.subscriptions.delete(uri));
    }
  }

  /** A failure that ends (or prevents) the connection: say why, and retry when it may pass. */
  private failed(error: ConnectionError): void {
    if (error.kind === 'auth') {
      authFailed(this, error);
      return;
    }
    const message = userMessage(error, this.config.name, this.config.url);
    const retrying =
      error.retryable &&
      this.isEnabled &&
      this.backoff.schedule(() => {
        if (this.isEnabled && !this.connection) this.startConnecting();
      });
    const gaveUp = !retrying && error.retryable && this.backoff.attempts > 0;
    this.setStatus({
      state: stateForError(error),
      error: gaveUp ? stoppedRetrying(message, this.backoff.attempts) : message,
    });
  }

  /** The tool list, asked for again first when its freshness has run out. */
  async currentTools(): Promise<Tool[] | null> {
    const connection = this.connection;
    if (!connection) return this.toolCache.tools;
    const generation = this.generation;
    return this.toolCache.current(connection, {
      stillCurrent: () => generation === this.generation && this.connection === connection,
      onChanged: () => this.toolsChanged(),
      onFailed: (error) => this.connectionLost(generation, toConnectionError(error)),
    });
  }

  /** The server changed its tool list and the SDK fetched the new one. */
  private toolsReplaced(generation: number, tools: Tool[]): void {
    if (!this.connection || generation !== this.generation) return;
    this.toolCache.replace(tools);
    this.toolsChanged();
  }

  /** The connection broke while in use. */
  connectionLost(generation: number, error: ConnectionError): void {
    if (generation !== this.generation || !this.isEnabled) return;
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

  /** The access token the server's fetch sends, and how it refreshes after a 401. */
  bearerAuth() {
    return { accessToken: () => this.auth.accessToken(), refresh: () => refreshTokens(this) };
  }

  /** Closes the connection and stops everything in flight for the server. */
  async shutDown({ terminate }: { terminate: boolean }): Promise<void> {
    this.generation += 1;
    this.context.asks.withdraw(this.id);
    this.subscriptions.clear();
    this.backoff.cancel();
    for (const controller of this.calls.values())
      controller.abort(new PatchbayError('cancelled', 'The server was switched off.'));
    this.calls.clear();
    const connection = this.connection;
    this.connection = null;
    this.connecting = null;
    this.opening = null;
    this.backoff.reset();
    await connection?.close({ terminate });
    this.resumable = undefined;
    this.storedSessionId = undefined;
    await this.context.store.remove([
      storageKeys.sessionId(this.id),
      storageKeys.handshake(this.id),
    ]);
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
    const connection = await (early ? this.ensureOpen() : this.ensureConnected());
    const running = operation(connection);
    if (opening) {
      this.earlyRequests.add(running);
      void running.then(
        () => this.earlyRequests.delete(running),
        () => this.earlyRequests.delete(running),
      );
    }
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

  /** The endpoint changed: the transport and era found for the old one mean nothing now. */
  async forgetTransport(): Promise<void> {
    this.transport = undefined;
    this.era = undefined;
    await this.context.store.remove([storageKeys.transport(this.id), storageKeys.era(this.id)]);
  }
}
