import type { Tool } from '@modelcontextprotocol/client';
import type { AuthChallenge, ConnectionError } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import type { ServerStatus } from '../../messaging/contract';
import type { AuthSession } from '../../oauth/session';
import type { ServerConfig } from '../catalog';
import type { Connection, TransportKind } from '../connection';
import type { Handshake } from '../resume-session';
import { storageKeys } from '../storage-keys';
import { serverView } from '../view';
import { createAuthSession, refreshTokens } from './auth-flow';
import type { SessionContext } from './context';
import { SessionLink, type LinkHost } from './session-link';
import { sameStatus } from './status';
import type { StoredEra } from './stored-era';
import { restoredSession } from './stored-session';
import { ToolCache } from './tool-cache';

/**
 * One server, live: the spec's ServerState (`client`, `tokens`, `status`, `isEnabled`, …) and
 * everything that happens to it: its status told to the pages, its tool cache, sign-in state,
 * what storage keeps of it, and shutting down. Its connection's life (connecting, retrying,
 * losing it) is its link's (session-link.ts). The manager holds one per server.
 */
export class ServerSession implements LinkHost {
  status: ServerStatus = { state: 'disconnected' };
  isEnabled = false;
  /** The server answered 401 without Patchbay holding tokens: it wants a sign-in. */
  authDemanded = false;
  /** The authorization server's host while its sign-in window is open. */
  signInHost: string | undefined;
  /** Other sites a sign-in reaches (its authorization servers'), once the server said them. */
  signInSites: string[] | undefined;
  /** The last WWW-Authenticate challenge, to sign in with what the server asked for. */
  lastChallenge: AuthChallenge | undefined;
  readonly toolCache = new ToolCache();
  readonly featureListeners = new Set<(kind: 'resources' | 'prompts') => void>();
  disabledTools: string[] = [];
  transport: TransportKind | undefined;
  /** The protocol era found for the server, reused by every connection after the first. */
  era: StoredEra | undefined;
  /** A 2025-era session a stopped worker left open, for the next connection to go on with. */
  resumable: { sessionId: string; handshake: Handshake } | undefined;
  /** The session id in storage, as far as this worker knows. */
  storedSessionId: string | undefined;
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

  private readonly link: SessionLink;

  constructor(
    public config: ServerConfig,
    readonly context: SessionContext,
  ) {
    this.transport = config.transport;
    this.auth = createAuthSession(config, context);
    this.link = new SessionLink(this);
  }

  get id(): string {
    return this.config.id;
  }

  get isConnected(): boolean {
    return this.link.live !== null;
  }

  get isConnecting(): boolean {
    return this.link.isConnecting;
  }

  /** The protocol version negotiated on the live connection, if any. */
  get connectedProtocolVersion(): string | undefined {
    return this.link.live?.protocolVersion;
  }

  /** The live connection's capabilities, instructions and icons, if any. */
  get live(): Connection | null {
    return this.link.live;
  }

  /** The transport of the live connection, if any. */
  get connectedTransport(): TransportKind | undefined {
    return this.link.live ? this.transport : undefined;
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
    const { transport, ...restored } = restoredSession(this.id, stored);
    Object.assign(this, restored);
    if (transport) this.transport = transport;
  }

  // ---- the connection (session-link.ts) --------------------------------------------------

  /** Connects in the background; the status carries any failure. */
  startConnecting(): void {
    this.ensureConnected().catch(() => undefined);
  }

  /** The live connection, connecting first if needed; `fresh` starts the backoff over. */
  ensureConnected(options?: { fresh?: boolean }): Promise<Connection> {
    return this.link.ensureConnected(options);
  }

  /** The tool list, asked for again first when its freshness has run out. */
  currentTools(): Promise<Tool[] | null> {
    return this.link.currentTools();
  }

  /** Drops the live connection after the current generation failed on it. */
  lose(error: ConnectionError): void {
    this.link.lose(error);
  }

  /** The access token the server's fetch sends, and how it refreshes after a 401. */
  bearerAuth() {
    return { accessToken: () => this.auth.accessToken(), refresh: () => refreshTokens(this) };
  }

  /** Closes the connection and stops everything in flight for the server. */
  async shutDown({ terminate }: { terminate: boolean }): Promise<void> {
    const connection = this.link.stop();
    this.context.asks.withdraw(this.id);
    this.subscriptions.clear();
    for (const controller of this.calls.values())
      controller.abort(new PatchbayError('cancelled', 'The server was switched off.'));
    this.calls.clear();
    await connection?.close({ terminate });
    this.resumable = undefined;
    this.storedSessionId = undefined;
    await this.context.store.remove([
      storageKeys.sessionId(this.id),
      storageKeys.handshake(this.id),
    ]);
  }

  /** Starts over on a new connection (after a sign-in): the old one has the old credentials. */
  reconnect(): Promise<void> {
    return this.link.reconnect();
  }

  /** Runs an operation on the server's connection; see {@link SessionLink.withConnection}. */
  withConnection<T>(
    operation: (connection: Connection) => Promise<T>,
    options?: { early?: boolean },
  ): Promise<T> {
    return this.link.withConnection(operation, options);
  }

  /** The endpoint changed: the transport and era found for the old one mean nothing now. */
  async forgetTransport(): Promise<void> {
    this.transport = undefined;
    this.era = undefined;
    await this.context.store.remove([storageKeys.transport(this.id), storageKeys.era(this.id)]);
  }
}
