import { CallToolResultSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ConnectionError, stateForError, userMessage } from '../errors/connection-error';
import { PatchbayError, notFound } from '../errors/patchbay-error';
import type {
  AddServerPayload,
  CallToolResultView,
  ServerStatus,
  ServerView,
  ToolCallPayload,
  ToolView,
  UpdateServerPayload,
} from '../messaging/contract';
import type { Alarms, Broadcaster, Identity, KeepAlive, KeyValueStore } from '../platform/ports';
import { AuthSession, REFRESH_ALARM_PREFIX } from '../oauth/session';
import { AuthFlowError } from '../oauth/sign-in';
import type { AuthChallenge } from '../errors/connection-error';
import { CATALOG, type ServerConfig } from './catalog';
import {
  openConnection,
  toConnectionError,
  type Connection,
  type TransportKind,
} from './connection';
import { validateCustomServerInput } from './custom-server-input';
import { exportServers } from './import-export';
import { RetryPresets, retryDelay, type RetryPolicy } from './retry';
import { createServerFetch, type FetchLike } from './server-fetch';
import { allServerKeys, storageKeys } from './storage-keys';

/** Default time a tool call may take; progress notifications reset the clock. */
export const DEFAULT_TOOL_TIMEOUT_MS = 120_000;
/** Pages of tools/list followed before Patchbay assumes the server is looping. */
const MAX_TOOL_PAGES = 100;
/** Scope step-up re-authorizations tried for one call before giving up. */
const MAX_STEP_UPS = 3;
/** When the authorization server is unreachable, try the refresh again after this long. */
const REFRESH_RETRY_MS = 60_000;

/**
 * One server's live state: the spec's ServerState fields (`client`, `tokens`, `credentials`,
 * `status`, `oauthEndpoints`, `oauthState`, `isEnabled`) plus what the connection layer needs.
 */
interface ServerRuntimeState {
  config: ServerConfig;
  client: Connection | null;
  /**
   * The OAuth session. The spec's `tokens`, `credentials`, `oauthEndpoints` and `oauthState`
   * live in it (and in storage under the spec's keys).
   */
  auth: AuthSession;
  status: ServerStatus;
  isEnabled: boolean;
  /** The server answered 401 without Patchbay holding tokens: it wants a sign-in. */
  authDemanded: boolean;
  /** The last WWW-Authenticate challenge, to sign in with what the server asked for. */
  lastChallenge: AuthChallenge | undefined;
  connecting: Promise<Connection> | null;
  tools: Tool[] | null;
  disabledTools: string[];
  transport: TransportKind | undefined;
  retryAttempt: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The refresh in flight, shared by everyone who needs a new token meanwhile. */
  refreshing?: Promise<boolean> | undefined;
  /** Bumped when the server is disabled or changed, so stale connection attempts give up. */
  generation: number;
  calls: Map<string, AbortController>;
}

export interface McpManagerOptions {
  store: KeyValueStore;
  broadcaster: Broadcaster;
  keepAlive: KeepAlive;
  identity: Identity;
  alarms: Alarms;
  fetch?: FetchLike;
  catalog?: readonly ServerConfig[];
  retryPolicy?: RetryPolicy;
  connectTimeoutMs?: number;
  toolTimeoutMs?: number;
}

export type McpManager = ReturnType<typeof createMcpManager>;

/**
 * The background's MCP connection manager: one SDK client per enabled server, the
 * server-state map, tool caches, and everything the message router exposes.
 */
export function createMcpManager(options: McpManagerOptions) {
  const { store, broadcaster, keepAlive, identity, alarms } = options;
  const catalog = options.catalog ?? CATALOG;
  const retryPolicy = options.retryPolicy ?? RetryPresets.Standard;
  const states = new Map<string, ServerRuntimeState>();
  let customServers: ServerConfig[] = [];
  let initialized: Promise<void> | undefined;

  function createAuthSession(config: ServerConfig): AuthSession {
    return new AuthSession({
      serverId: config.id,
      serverUrl: config.url,
      store,
      identity,
      alarms,
      // Discovery, registration and token requests: custom headers only to the server's origin.
      fetch: createServerFetch({
        serverUrl: new URL(config.url),
        headers: headersOf(config),
        ...(options.fetch ? { baseFetch: options.fetch } : {}),
      }),
      ...(config.oauth?.clientId
        ? {
            preRegistered: {
              clientId: config.oauth.clientId,
              ...(config.oauth.clientSecret ? { clientSecret: config.oauth.clientSecret } : {}),
            },
          }
        : {}),
      ...(config.oauth?.scopes?.length ? { defaultScopes: config.oauth.scopes } : {}),
    });
  }

  function newState(config: ServerConfig): ServerRuntimeState {
    return {
      config,
      client: null,
      auth: createAuthSession(config),
      status: { state: 'disconnected' },
      isEnabled: false,
      authDemanded: false,
      lastChallenge: undefined,
      connecting: null,
      tools: null,
      disabledTools: [],
      transport: config.transport,
      retryAttempt: 0,
      retryTimer: undefined,
      generation: 0,
      calls: new Map(),
    };
  }

  /** Rehydrates from storage (the worker may have just started) and reconnects enabled servers. */
  function init(): Promise<void> {
    initialized ??= (async () => {
      customServers = (await store.get<ServerConfig[]>(storageKeys.customServers)) ?? [];
      const configs = [...catalog, ...customServers];
      const keys = configs.flatMap(({ id }) => [
        storageKeys.enabled(id),
        storageKeys.disabledTools(id),
        storageKeys.transport(id),
        storageKeys.sessionId(id),
      ]);
      const stored = await store.getMany(keys);
      const staleSessions: string[] = [];
      for (const config of configs) {
        const state = newState(config);
        state.isEnabled = stored[storageKeys.enabled(config.id)] === true;
        state.disabledTools = asStringArray(stored[storageKeys.disabledTools(config.id)]);
        const transport = stored[storageKeys.transport(config.id)];
        if (transport === 'streamable-http' || transport === 'sse') state.transport = transport;
        if (typeof stored[storageKeys.sessionId(config.id)] === 'string')
          staleSessions.push(config.id);
        states.set(config.id, state);
      }
      // Sessions are not reused by a new client (the spec's rule): forget them; the server
      // expires them on its own.
      if (staleSessions.length) await store.remove(staleSessions.map(storageKeys.sessionId));
      await Promise.all([...states.values()].map((state) => state.auth.load()));
      for (const state of states.values()) {
        if (state.isEnabled) startConnecting(state);
      }
    })();
    return initialized;
  }

  async function stateOf(serverId: string): Promise<ServerRuntimeState> {
    await init();
    const state = states.get(serverId);
    if (!state)
      throw notFound(`There is no server with id "${serverId}". It may have been removed.`);
    return state;
  }

  function setStatus(state: ServerRuntimeState, status: ServerStatus): void {
    if (state.status.state === status.state && state.status.error === status.error) return;
    state.status = status;
    broadcaster.broadcast({
      type: 'mcp/status/changed',
      payload: { serverId: state.config.id, status },
    });
  }

  function view(state: ServerRuntimeState): ServerView {
    const { config } = state;
    const result: ServerView = {
      id: config.id,
      name: config.name,
      url: config.url,
      description: config.description,
      requiresAuthentication: config.requiresAuthentication || state.authDemanded,
      isCustom: config.isCustom,
      isEnabled: state.isEnabled,
      status: state.status,
      toolCount: state.tools?.length ?? 0,
    };
    if (config.paid) result.paid = true;
    if (state.auth.tokens) result.isSignedIn = true;
    if (config.isCustom && config.oauth?.clientId) result.oauthClientId = config.oauth.clientId;
    if (config.iconDataUrl) result.iconDataUrl = config.iconDataUrl;
    if (state.transport && state.client) result.transport = state.transport;
    if (config.headers?.length) result.headerNames = config.headers.map((header) => header.key);
    return result;
  }

  function isFailing(state: ServerRuntimeState): boolean {
    return (
      state.status.state === 'error' ||
      state.status.state === 'cloudflare-error' ||
      state.status.state === 'invalid-token'
    );
  }

  function needsSignIn(state: ServerRuntimeState): boolean {
    return (state.config.requiresAuthentication || state.authDemanded) && !state.auth.tokens;
  }

  function signInMessage(state: ServerRuntimeState): string {
    return `Sign in to ${state.config.name} to use its tools.`;
  }

  // ---- connecting -------------------------------------------------------------------------

  function startConnecting(state: ServerRuntimeState): void {
    ensureConnected(state).catch(() => undefined); // the status carries the failure
  }

  function ensureConnected(state: ServerRuntimeState): Promise<Connection> {
    if (state.client) return Promise.resolve(state.client);
    if (needsSignIn(state)) {
      if (state.status.state !== 'invalid-token' && state.status.state !== 'needs-auth') {
        setStatus(state, { state: 'needs-auth', error: signInMessage(state) });
      }
      return Promise.reject(
        new PatchbayError('auth-required', state.status.error ?? signInMessage(state)),
      );
    }
    if (!state.connecting) {
      const attempt: Promise<Connection> = connect(state).finally(() => {
        // A newer attempt (after a disable/enable) may have replaced this one.
        if (state.connecting === attempt) state.connecting = null;
      });
      state.connecting = attempt;
    }
    return state.connecting;
  }

  async function connect(state: ServerRuntimeState): Promise<Connection> {
    const { config } = state;
    const generation = state.generation;
    const release = keepAlive.hold();
    clearRetry(state);
    let connection: Connection | undefined;
    try {
      if (state.auth.tokens && state.auth.isExpired() && !(await refreshTokens(state))) {
        if (!state.auth.tokens) {
          throw new PatchbayError('auth-required', state.status.error ?? signInMessage(state));
        }
        // The authorization server could not be reached; the sign-in itself may still be fine.
        const message = `Couldn't reach ${config.name}'s sign-in server to renew your sign-in. Patchbay tries again in a minute; Retry to try now.`;
        if (generation === state.generation) setStatus(state, { state: 'error', error: message });
        throw new PatchbayError('connection-failed', message, { retryable: true });
      }
      if (generation !== state.generation)
        throw new PatchbayError('cancelled', 'The server was switched off.');
      setStatus(state, { state: 'connecting' });
      connection = await openConnection({
        url: config.url,
        headers: headersOf(config),
        auth: bearerAuthFor(state),
        ...(state.transport ? { transport: state.transport } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
        onToolsChanged: () => void refreshToolsAfterChange(state, generation),
        onLost: (error) => connectionLost(state, generation, error),
      });
      if (generation !== state.generation)
        throw new PatchbayError('cancelled', 'The server was switched off.');
      state.tools = await listAllTools(connection);
      if (generation !== state.generation)
        throw new PatchbayError('cancelled', 'The server was switched off.');
      state.client = connection;
      state.transport = connection.transport;
      state.retryAttempt = 0;
      await store.set({
        [storageKeys.transport(config.id)]: connection.transport,
        [storageKeys.sessionId(config.id)]: connection.sessionId,
      });
      setStatus(state, { state: 'connected' });
      broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId: config.id } });
      return connection;
    } catch (error) {
      await connection?.close({ terminate: true });
      if (PatchbayError.isInstance(error)) {
        if (error.code === 'cancelled' && !state.isEnabled)
          setStatus(state, { state: 'disconnected' });
        throw error;
      }
      const connectionError = toConnectionError(error);
      if (generation === state.generation) {
        if (connectionError.kind === 'auth') {
          authFailed(state, connectionError);
        } else {
          setStatus(state, {
            state: stateForError(connectionError),
            error: userMessage(connectionError, config.name, config.url),
          });
          if (connectionError.retryable) scheduleRetry(state);
        }
      }
      throw toPatchbayError(connectionError, state);
    } finally {
      release();
    }
  }

  async function listAllTools(connection: Connection): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
      const result = await connection.client.listTools(cursor ? { cursor } : undefined);
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) return tools;
    }
    throw new ConnectionError('protocol', `tools/list returned more than ${MAX_TOOL_PAGES} pages`);
  }

  async function refreshToolsAfterChange(
    state: ServerRuntimeState,
    generation: number,
  ): Promise<void> {
    const connection = state.client;
    if (!connection || generation !== state.generation) return;
    try {
      const tools = await listAllTools(connection);
      if (generation !== state.generation) return;
      state.tools = tools;
      broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId: state.config.id } });
    } catch (error) {
      connectionLost(state, generation, toConnectionError(error));
    }
  }

  function connectionLost(
    state: ServerRuntimeState,
    generation: number,
    error: ConnectionError,
  ): void {
    if (generation !== state.generation || !state.isEnabled) return;
    const lost = state.client;
    state.client = null;
    void lost?.close();
    state.retryAttempt = 0;
    if (error.kind === 'auth') {
      authFailed(state, error);
      return;
    }
    setStatus(state, {
      state: stateForError(error),
      error: userMessage(error, state.config.name, state.config.url),
    });
    if (error.retryable) scheduleRetry(state);
  }

  /** The access token and refresh hook the server's fetch uses. */
  function bearerAuthFor(state: ServerRuntimeState) {
    return {
      accessToken: () => state.auth.accessToken(),
      refresh: () => refreshTokens(state),
    };
  }

  /**
   * Refreshes the server's tokens, moving through `token-refresh`. A rejected refresh token
   * leaves the server enabled and configured, in `invalid-token`, ready for one-click sign-in.
   */
  function refreshTokens(state: ServerRuntimeState): Promise<boolean> {
    // One refresh at a time per server: only the first caller moves the status and restores it.
    if (!state.refreshing) {
      const refreshing: Promise<boolean> = runRefresh(state).finally(() => {
        if (state.refreshing === refreshing) state.refreshing = undefined;
      });
      state.refreshing = refreshing;
    }
    return state.refreshing;
  }

  async function runRefresh(state: ServerRuntimeState): Promise<boolean> {
    const previous = state.status;
    const release = keepAlive.hold();
    setStatus(state, { state: 'token-refresh' });
    // What the status is once the refresh is over, from the state itself, not a saved copy.
    const settled = (): ServerStatus =>
      state.client
        ? { state: 'connected' }
        : !state.isEnabled
          ? { state: 'disconnected' }
          : state.connecting
            ? { state: 'connecting' }
            : previous;
    try {
      const outcome = await state.auth.refresh();
      if (outcome === 'refreshed') {
        setStatus(state, settled());
        return true;
      }
      if (outcome === 'unreachable') {
        setStatus(state, settled());
        await alarms.schedule(
          `${REFRESH_ALARM_PREFIX}${state.config.id}`,
          Date.now() + REFRESH_RETRY_MS,
        );
        return false;
      }
      setStatus(state, {
        state: 'invalid-token',
        error: `Your sign-in to ${state.config.name} expired or was revoked. Sign in again to keep using its tools.`,
      });
      return false;
    } finally {
      release();
    }
  }

  /** A 401 or 403 from the server: sign-in needed, expired, or too narrow. */
  function authFailed(state: ServerRuntimeState, error: ConnectionError): void {
    const challenge = error.details.challenge;
    if (challenge) state.lastChallenge = challenge;
    if (state.status.state === 'invalid-token') return; // a failed refresh already said why
    if (state.auth.tokens) {
      // The fetch already tried a refresh: the sign-in is no longer accepted.
      setStatus(state, {
        state: 'invalid-token',
        error: `${state.config.name} no longer accepts your sign-in (HTTP ${error.details.status ?? 401}). Sign in again.`,
      });
      return;
    }
    const isBearerChallenge =
      Boolean(challenge?.resourceMetadataUrl) || !state.config.headers?.length;
    if (isBearerChallenge) {
      state.authDemanded = true;
      setStatus(state, { state: 'needs-auth', error: signInMessage(state) });
      return;
    }
    setStatus(state, {
      state: 'needs-auth',
      error: userMessage(error, state.config.name, state.config.url),
    });
  }

  /**
   * Asks the server for its WWW-Authenticate challenge: its `resource_metadata` may be the only
   * way to find the authorization server, and its `scope` is what to ask for.
   */
  async function probeChallenge(state: ServerRuntimeState): Promise<void> {
    try {
      const connection = await openConnection({
        url: state.config.url,
        headers: headersOf(state.config),
        ...(state.transport ? { transport: state.transport } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      await connection.close({ terminate: true }); // it did not need a sign-in after all
    } catch (error) {
      const challenge = toConnectionError(error).details.challenge;
      if (challenge) state.lastChallenge = challenge;
    }
  }

  async function onAlarm(name: string): Promise<void> {
    if (!name.startsWith(REFRESH_ALARM_PREFIX)) return;
    await init();
    const state = states.get(name.slice(REFRESH_ALARM_PREFIX.length));
    if (state?.auth.tokens) await refreshTokens(state);
  }

  function scheduleRetry(state: ServerRuntimeState): void {
    const delay = retryDelay(retryPolicy, state.retryAttempt);
    if (delay === undefined || !state.isEnabled) return;
    state.retryAttempt += 1;
    clearRetry(state);
    state.retryTimer = setTimeout(() => {
      state.retryTimer = undefined;
      if (state.isEnabled && !state.client) startConnecting(state);
    }, delay);
  }

  function clearRetry(state: ServerRuntimeState): void {
    if (state.retryTimer !== undefined) clearTimeout(state.retryTimer);
    state.retryTimer = undefined;
  }

  /** Closes the connection and stops everything in flight for the server. */
  async function shutDown(
    state: ServerRuntimeState,
    { terminate }: { terminate: boolean },
  ): Promise<void> {
    state.generation += 1;
    clearRetry(state);
    for (const controller of state.calls.values())
      controller.abort(new PatchbayError('cancelled', 'The server was switched off.'));
    state.calls.clear();
    const connection = state.client;
    state.client = null;
    state.connecting = null;
    state.retryAttempt = 0;
    await connection?.close({ terminate });
    await store.remove([storageKeys.sessionId(state.config.id)]);
  }

  /**
   * Runs an operation on the server's connection. A Streamable HTTP session the server has
   * forgotten (404) is re-initialized and the operation retried once; the request never
   * reached a live session, so retrying cannot run it twice.
   */
  async function withConnection<T>(
    state: ServerRuntimeState,
    operation: (connection: Connection) => Promise<T>,
  ): Promise<T> {
    const connection = await ensureConnected(state);
    try {
      return await operation(connection);
    } catch (error) {
      const connectionError = toConnectionError(error);
      const sessionExpired =
        connection.transport === 'streamable-http' &&
        connectionError.details.status === 404 &&
        connection.sessionId;
      if (!sessionExpired || state.client !== connection) throw error;
      state.client = null;
      await connection.close();
      return operation(await ensureConnected(state));
    }
  }

  // ---- public operations --------------------------------------------------------------------

  async function listServers(): Promise<ServerView[]> {
    await init();
    return [...states.values()].map(view);
  }

  async function getStatus(serverId: string): Promise<ServerStatus> {
    return (await stateOf(serverId)).status;
  }

  async function addServer(input: AddServerPayload): Promise<ServerView> {
    await init();
    const fields = validateCustomServerInput(
      input,
      [...states.values()].map((state) => state.config),
    );
    const config: ServerConfig = {
      ...fields,
      id: `custom-${crypto.randomUUID().slice(0, 8)}`,
      isCustom: true,
      requiresAuthentication: Boolean(fields.oauth?.clientId),
    };
    customServers = [...customServers, config];
    await store.set({ [storageKeys.customServers]: customServers });
    const state = newState(config);
    states.set(config.id, state);
    broadcaster.broadcast({ type: 'mcp/servers/changed', payload: {} });
    return view(state);
  }

  async function updateServer(input: UpdateServerPayload): Promise<ServerView> {
    const state = await stateOf(input.id);
    if (!state.config.isCustom) {
      throw new PatchbayError(
        'invalid-request',
        `${state.config.name} is built in and cannot be edited.`,
      );
    }
    const previous = state.config;
    // Like header values, a client secret never reaches the page: empty means "keep it".
    const mergedOAuth =
      input.oauth &&
      previous.oauth?.clientSecret &&
      !input.oauth.clientSecret &&
      input.oauth.clientId === previous.oauth.clientId
        ? { ...input.oauth, clientSecret: previous.oauth.clientSecret }
        : (input.oauth ?? previous.oauth);
    // Header values never reach the UI, so a header sent back with an empty value keeps its value.
    const headers = input.headers?.map((header) => ({
      key: header.key,
      value: header.value || (previous.headers?.find((old) => old.key === header.key)?.value ?? ''),
    }));
    const merged: AddServerPayload = {
      name: input.name ?? previous.name,
      url: input.url ?? previous.url,
      headers: headers ?? previous.headers ?? [],
      ...((input.iconDataUrl ?? previous.iconDataUrl)
        ? { iconDataUrl: input.iconDataUrl ?? previous.iconDataUrl }
        : {}),
      ...(mergedOAuth ? { oauth: mergedOAuth } : {}),
    };
    const others = [...states.values()]
      .filter((other) => other !== state)
      .map((other) => other.config);
    const fields = validateCustomServerInput(merged, others);
    const config: ServerConfig = {
      ...fields,
      id: previous.id,
      isCustom: true,
      requiresAuthentication: Boolean(fields.oauth?.clientId),
    };
    customServers = customServers.map((server) => (server.id === config.id ? config : server));
    await store.set({ [storageKeys.customServers]: customServers });
    const endpointChanged = previous.url !== config.url;
    const authChanged =
      endpointChanged || JSON.stringify(previous.oauth) !== JSON.stringify(config.oauth);
    const connectionChanged =
      authChanged || JSON.stringify(previous.headers) !== JSON.stringify(config.headers);
    if (authChanged) {
      // Tokens and registrations belong to the old endpoint and client: sign out of them.
      await state.auth.signOut();
      await store.remove([storageKeys.client(config.id), storageKeys.oauthEndpoints(config.id)]);
    }
    state.config = config;
    if (authChanged) {
      state.auth = createAuthSession(config);
      state.authDemanded = false;
      state.lastChallenge = undefined;
    }
    if (endpointChanged) {
      state.transport = undefined;
      await store.remove([storageKeys.transport(config.id)]);
    }
    if (connectionChanged) {
      await shutDown(state, { terminate: true });
      state.tools = null;
      setStatus(state, { state: 'disconnected' });
      if (state.isEnabled) startConnecting(state);
    }
    broadcaster.broadcast({ type: 'mcp/servers/changed', payload: {} });
    return view(state);
  }

  /**
   * "Test connection" before saving: connects with what the form holds, lists the tools, and
   * closes again. Nothing is stored.
   */
  async function testConnection(
    input: Omit<AddServerPayload, 'name'> & { name?: string },
  ): Promise<
    | { ok: true; transport: TransportKind; toolCount: number; latencyMs: number }
    | { ok: false; error: string; needsSignIn?: boolean }
  > {
    await init();
    const fields = validateCustomServerInput({ ...input, name: input.name?.trim() || 'Test' }, []);
    const name = input.name?.trim() || new URL(fields.url).host;
    const release = keepAlive.hold();
    const started = performance.now();
    try {
      const connection = await openConnection({
        url: fields.url,
        headers: Object.fromEntries((fields.headers ?? []).map(({ key, value }) => [key, value])),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
      });
      try {
        const tools = await listAllTools(connection);
        return {
          ok: true,
          transport: connection.transport,
          toolCount: tools.length,
          latencyMs: Math.round(performance.now() - started),
        };
      } finally {
        await connection.close({ terminate: true });
      }
    } catch (error) {
      const connectionError = toConnectionError(error);
      if (
        connectionError.kind === 'auth' &&
        (connectionError.details.challenge?.resourceMetadataUrl || !fields.headers?.length)
      ) {
        return {
          ok: false,
          needsSignIn: true,
          error: `${name} needs a sign-in. Save it, then click Sign in.`,
        };
      }
      return { ok: false, error: userMessage(connectionError, name, fields.url) };
    } finally {
      release();
    }
  }

  async function exportConfiguration(): Promise<{ mcpServers: Record<string, unknown> }> {
    await init();
    return exportServers(
      [...states.values()].map((state) => ({
        ...state.config,
        ...(state.transport ? { transport: state.transport } : {}),
      })),
    );
  }

  async function removeServer(serverId: string): Promise<void> {
    const state = await stateOf(serverId);
    if (!state.config.isCustom) {
      throw new PatchbayError(
        'invalid-request',
        `${state.config.name} is built in; switch it off instead.`,
      );
    }
    state.isEnabled = false;
    await shutDown(state, { terminate: true });
    await state.auth.signOut();
    states.delete(serverId);
    customServers = customServers.filter((server) => server.id !== serverId);
    await store.set({ [storageKeys.customServers]: customServers });
    await store.remove(allServerKeys(serverId));
    broadcaster.broadcast({ type: 'mcp/servers/changed', payload: {} });
    broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId } });
  }

  async function enable(serverId: string): Promise<ServerStatus> {
    const state = await stateOf(serverId);
    state.isEnabled = true;
    await store.set({ [storageKeys.enabled(serverId)]: true });
    if (!state.client) {
      state.retryAttempt = 0;
      await ensureConnected(state).catch(() => undefined);
      // Switching on a server that needs a sign-in starts it (the status moves to
      // `registering` at once); the browser window is the next step.
      if (needsSignIn(state) && state.status.state !== 'invalid-token') {
        signInThenConnect(state).catch(() => undefined); // the status carries the outcome
      }
    }
    return state.status;
  }

  async function disable(serverId: string): Promise<ServerStatus> {
    const state = await stateOf(serverId);
    state.isEnabled = false;
    await store.set({ [storageKeys.enabled(serverId)]: false });
    await shutDown(state, { terminate: true });
    setStatus(state, { state: 'disconnected' });
    broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId } });
    return state.status;
  }

  /** Signs out: ends the session, revokes and forgets the tokens, keeps the configuration. */
  async function disconnect(serverId: string): Promise<ServerStatus> {
    const state = await stateOf(serverId);
    await shutDown(state, { terminate: true });
    await state.auth.signOut();
    state.lastChallenge = undefined;
    setStatus(
      state,
      needsSignIn(state)
        ? { state: 'needs-auth', error: signInMessage(state) }
        : { state: 'disconnected' },
    );
    broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId } });
    return state.status;
  }

  /**
   * Interactive sign-in (`auth/start`): needs-auth → registering → authorizing →
   * authenticated → connecting → connected. A failed sign-in stores nothing and says why.
   */
  async function startSignIn(serverId: string): Promise<ServerStatus> {
    return signInThenConnect(await stateOf(serverId));
  }

  async function signInThenConnect(state: ServerRuntimeState): Promise<ServerStatus> {
    await signInWith(state, {});
    if (state.isEnabled) {
      const stale = state.client;
      state.client = null;
      await stale?.close({ terminate: true });
      state.retryAttempt = 0;
      await ensureConnected(state).catch(() => undefined);
    }
    return state.status;
  }

  async function signInWith(
    state: ServerRuntimeState,
    { scope, stepUp = false }: { scope?: string; stepUp?: boolean },
  ) {
    const { config } = state;
    const previous = state.status;
    const release = keepAlive.hold();
    setStatus(state, { state: stepUp ? 'authorizing' : 'registering' });
    try {
      if (!stepUp && !state.lastChallenge) await probeChallenge(state);
      const challengeScope = scope ?? state.lastChallenge?.scope;
      await state.auth.signIn({
        ...(challengeScope ? { scope: challengeScope } : {}),
        ...(state.lastChallenge?.resourceMetadataUrl
          ? { resourceMetadataUrl: state.lastChallenge.resourceMetadataUrl }
          : {}),
        stepUp,
        onAuthorizing: () => setStatus(state, { state: 'authorizing' }),
      });
      state.lastChallenge = undefined;
      // The server may have been switched off while the window was open.
      setStatus(
        state,
        !state.isEnabled
          ? { state: 'disconnected' }
          : stepUp && state.client
            ? { state: 'connected' }
            : { state: 'authenticated' },
      );
    } catch (error) {
      const failure = signInFailure(error, config.name, config.url);
      setStatus(
        state,
        !state.isEnabled
          ? { state: 'disconnected' }
          : stepUp && state.client
            ? previous
            : { state: state.auth.tokens ? 'invalid-token' : 'needs-auth', error: failure.message },
      );
      throw failure;
    } finally {
      release();
    }
  }

  async function healthCheck(
    serverId: string,
  ): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
    const state = await stateOf(serverId);
    const release = keepAlive.hold();
    const started = performance.now();
    try {
      if (state.isEnabled) {
        await withConnection(state, (connection) => connection.client.ping());
      } else {
        const connection = await openConnection({
          url: state.config.url,
          headers: headersOf(state.config),
          ...(state.auth.tokens ? { auth: bearerAuthFor(state) } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
        try {
          await connection.client.ping();
        } finally {
          await connection.close({ terminate: true });
        }
      }
      return { ok: true, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      const message = PatchbayError.isInstance(error)
        ? error.message
        : userMessage(toConnectionError(error), state.config.name, state.config.url);
      return { ok: false, latencyMs: Math.round(performance.now() - started), error: message };
    } finally {
      release();
    }
  }

  function toolView(serverId: string, tool: Tool): ToolView {
    const result: ToolView = {
      serverId,
      name: tool.name,
      description: tool.description ?? '',
      inputSchema: tool.inputSchema,
    };
    if (tool.annotations) result.annotations = tool.annotations;
    return result;
  }

  async function listEnabledTools(): Promise<ToolView[]> {
    await init();
    const enabled = [...states.values()].filter((state) => state.isEnabled);
    const perServer = await Promise.allSettled(
      enabled.map(async (state) => {
        // Lazily reconnect a server that is not known to be failing (its backoff retries, or the
        // Retry button, handle those): listing tools must not hammer a server that is down.
        if (!state.client && !needsSignIn(state) && !isFailing(state)) await ensureConnected(state);
        if (!state.client) return [];
        const disabled = new Set(state.disabledTools);
        return (state.tools ?? [])
          .filter((tool) => !disabled.has(tool.name))
          .map((tool) => toolView(state.config.id, tool));
      }),
    );
    return perServer.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  }

  async function getServerTools(
    serverId: string,
  ): Promise<{ tools: ToolView[]; disabled: string[] }> {
    const state = await stateOf(serverId);
    if (state.isEnabled && !state.client && !needsSignIn(state))
      await ensureConnected(state).catch(() => undefined);
    return {
      tools: (state.tools ?? []).map((tool) => toolView(serverId, tool)),
      disabled: [...state.disabledTools],
    };
  }

  async function setDisabledTools(serverId: string, names: string[]): Promise<string[]> {
    const state = await stateOf(serverId);
    state.disabledTools = [...new Set(names)];
    await store.set({ [storageKeys.disabledTools(serverId)]: state.disabledTools });
    broadcaster.broadcast({ type: 'mcp/tools/changed', payload: { serverId } });
    return state.disabledTools;
  }

  async function callTool(serverId: string, payload: ToolCallPayload): Promise<CallToolResultView> {
    const state = await stateOf(serverId);
    const { config } = state;
    if (!state.isEnabled) {
      throw new PatchbayError(
        'not-enabled',
        `${config.name} is switched off. Switch it on to use its tools.`,
      );
    }
    if (state.disabledTools.includes(payload.name)) {
      throw new PatchbayError(
        'invalid-request',
        `The tool ${payload.name} of ${config.name} is switched off.`,
      );
    }
    const callId = payload.callId ?? crypto.randomUUID();
    if (state.calls.has(callId))
      throw new PatchbayError('invalid-request', `A call with id ${callId} is already running.`);
    const controller = new AbortController();
    state.calls.set(callId, controller);
    const release = keepAlive.hold();
    const timeout = payload.timeoutMs ?? options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    const call = () =>
      withConnection(state, (connection) =>
        connection.client.callTool(
          { name: payload.name, arguments: payload.arguments ?? {} },
          CallToolResultSchema,
          {
            signal: controller.signal,
            timeout,
            resetTimeoutOnProgress: true,
            onprogress: (progress) =>
              broadcaster.broadcast({
                type: 'mcp/tool/progress',
                payload: { serverId, callId, ...progress },
              }),
          },
        ),
      );
    try {
      for (let stepUps = 0; ; stepUps += 1) {
        try {
          return (await call()) as CallToolResultView;
        } catch (error) {
          const challenge = ConnectionError.isInstance(error) ? error.details.challenge : undefined;
          if (
            challenge?.error !== 'insufficient_scope' ||
            stepUps >= MAX_STEP_UPS ||
            controller.signal.aborted
          ) {
            throw error;
          }
          // Scope step-up: ask for what was granted plus what the server now demands, then retry.
          const scopes = await state.auth.addChallengedScopes(
            challenge.scope?.split(' ').filter(Boolean) ?? [],
          );
          await signInWith(state, { scope: scopes.join(' '), stepUp: true });
        }
      }
    } catch (error) {
      if (controller.signal.aborted) {
        const reason: unknown = controller.signal.reason;
        throw PatchbayError.isInstance(reason)
          ? reason
          : new PatchbayError('cancelled', `The call to ${payload.name} was cancelled.`);
      }
      if (PatchbayError.isInstance(error)) throw error;
      const connectionError = toConnectionError(error);
      if (
        connectionError.kind === 'auth' &&
        connectionError.details.challenge?.error === 'insufficient_scope'
      ) {
        throw new PatchbayError(
          'auth-required',
          `${config.name} still refuses ${payload.name} after ${MAX_STEP_UPS} sign-ins asking for more access (it wants: ${connectionError.details.challenge.scope ?? 'more scopes'}).`,
        );
      }
      if (connectionError.kind === 'timeout') {
        throw new PatchbayError(
          'timeout',
          `${payload.name} on ${config.name} did not finish within ${formatSeconds(timeout)}.`,
          {
            retryable: true,
          },
        );
      }
      if (error instanceof McpError && connectionError.kind === 'protocol') {
        // The server answered with a JSON-RPC error: the connection itself is fine.
        throw new PatchbayError(
          'tool-failed',
          `${config.name} rejected the call to ${payload.name}: ${error.message}`,
        );
      }
      connectionLost(state, state.generation, connectionError);
      throw toPatchbayError(connectionError, state);
    } finally {
      state.calls.delete(callId);
      release();
    }
  }

  async function cancelTool(serverId: string, callId: string): Promise<boolean> {
    const state = await stateOf(serverId);
    const controller = state.calls.get(callId);
    if (!controller) return false;
    controller.abort(new PatchbayError('cancelled', 'The tool call was cancelled.'));
    return true;
  }

  function toPatchbayError(error: ConnectionError, state: ServerRuntimeState): PatchbayError {
    const message = userMessage(error, state.config.name, state.config.url);
    if (error.kind === 'auth') return new PatchbayError('auth-required', message, { cause: error });
    if (error.kind === 'timeout')
      return new PatchbayError('timeout', message, { retryable: true, cause: error });
    return new PatchbayError('connection-failed', message, {
      retryable: error.retryable,
      cause: error,
    });
  }

  /** Closes every connection (tests and shutdown). */
  async function closeAll(): Promise<void> {
    await Promise.all([...states.values()].map((state) => shutDown(state, { terminate: false })));
  }

  // Registered at once: an alarm may be what woke the worker.
  alarms.onAlarm((name) => void onAlarm(name));

  return {
    init,
    startSignIn,
    testConnection,
    exportConfiguration,
    listServers,
    getStatus,
    addServer,
    updateServer,
    removeServer,
    enable,
    disable,
    disconnect,
    healthCheck,
    listEnabledTools,
    getServerTools,
    setDisabledTools,
    callTool,
    cancelTool,
    closeAll,
    viewOf: async (serverId: string) => view(await stateOf(serverId)),
  };
}

function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return `${seconds < 10 ? Number(seconds.toFixed(1)) : Math.round(seconds)} s`;
}

function headersOf(config: ServerConfig): Record<string, string> {
  return Object.fromEntries((config.headers ?? []).map(({ key, value }) => [key, value]));
}

/** A failed sign-in as an error for the page, with a sentence saying what to do. */
function signInFailure(error: unknown, serverName: string, serverUrl: string): PatchbayError {
  if (AuthFlowError.isInstance(error)) {
    switch (error.kind) {
      case 'cancelled':
        return new PatchbayError(
          'auth-cancelled',
          `Sign-in to ${serverName} was cancelled: the window was closed. Click Sign in to try again.`,
        );
      case 'access-denied':
        return new PatchbayError(
          'auth-denied',
          `${serverName} was not given access: ${error.message} Click Sign in to try again.`,
        );
      case 'state-mismatch':
        return new PatchbayError(
          'auth-failed',
          `Sign-in to ${serverName} was rejected: ${error.message} Try again.`,
        );
      case 'failed':
        return new PatchbayError(
          'auth-failed',
          `Signing in to ${serverName} failed: ${error.message}`,
        );
    }
  }
  if (ConnectionError.isInstance(error)) {
    return new PatchbayError(
      'auth-failed',
      `Signing in to ${serverName} failed: ${userMessage(error, serverName, serverUrl)}`,
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new PatchbayError('auth-failed', `Signing in to ${serverName} failed: ${detail}`, {
    cause: error,
  });
}

function asStringArray(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
