import {
  type Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type McpSubscription,
} from '@modelcontextprotocol/client';
import { ConnectionError } from '../errors/connection-error';
import { isMalformedMessage, toConnectionError } from './classify-error';
import { createResourceSubscriptions } from './resource-subscriptions';
import type { Connection, Era, TransportKind } from './connection-types';
import { createSdkClient, type ClientEvents } from './sdk-client';
import { adoptHandshake, handshakeOf, type Handshake } from './resume-session';
import { createServerFetch, type BearerAuth, type ServerFetch } from './server-fetch';
import type { FetchLike } from '../net/fetch-like';

export type { Connection, Era, TransportKind } from './connection-types';

/** How long initialize may take before the connection attempt is abandoned. */
export const CONNECT_TIMEOUT_MS = 15_000;

/** How long the liveness ping after a stream error may take. */
const VERIFY_TIMEOUT_MS = 5_000;

/** Statuses of an initialize POST that mean "not a Streamable HTTP endpoint": try HTTP+SSE. */
const FALLBACK_STATUSES = new Set([400, 404, 405]);

export interface OpenConnectionOptions extends ClientEvents {
  url: string;
  headers?: Record<string, string>;
  /** A transport found earlier; skips probing for it. */
  transport?: TransportKind;
  /** The era found earlier; skips the `server/discover` probe. */
  era?: Era;
  /**
   * A 2025-era Streamable HTTP session a stopped worker left open, to go on with instead of
   * shaking hands again (used only with a stored `legacy` era).
   */
  resume?: { sessionId: string; handshake: Handshake };
  fetch?: FetchLike;
  connectTimeoutMs?: number;
  /** OAuth: the access token to send, and how to refresh it after a 401. */
  auth?: BearerAuth;
}

/**
 * Connects the SDK's Client to a server: Streamable HTTP first, HTTP+SSE when the server answers
 * the initialize POST with 400, 404 or 405 (never on 401/403, which is about credentials).
 */
export async function openConnection(options: OpenConnectionOptions): Promise<Connection> {
  const url = new URL(options.url);
  const serverFetch = createServerFetch({
    serverUrl: url,
    headers: options.headers ?? {},
    ...(options.fetch ? { baseFetch: options.fetch } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
  });
  if (options.transport === 'sse') return connectWith('sse', url, serverFetch, options);
  try {
    return await connectStreamable(url, serverFetch, options);
  } catch (error) {
    // A transport found earlier is reused as it is; only a first connection probes for HTTP+SSE.
    if (options.transport || !(error instanceof ConnectionError) || !isFallbackStatus(error)) {
      throw error;
    }
    try {
      return await connectWith('sse', url, serverFetch, options);
    } catch (sseError) {
      // Both transports said "not here": the URL is wrong rather than the protocol.
      if (sseError instanceof ConnectionError && sseError.details.status === 404) {
        throw new ConnectionError('not-found', 'No MCP endpoint at this URL', { status: 404 });
      }
      throw sseError;
    }
  }
}

/**
 * Streamable HTTP with the era stored for the server, or the SDK's probe (`server/discover`,
 * falling back to `initialize`) when there is none or the stored one no longer works: a server
 * that moved to 2026-07-28 refuses the old `initialize`, one that moved back refuses the modern
 * envelope. Credentials failures are not about the era and are never retried here.
 */
async function connectStreamable(
  url: URL,
  serverFetch: ServerFetch,
  options: OpenConnectionOptions,
): Promise<Connection> {
  if (!options.era) return connectWith('streamable-http', url, serverFetch, options);
  try {
    return await connectWith('streamable-http', url, serverFetch, options, options.era);
  } catch (error) {
    if (error instanceof ConnectionError && error.kind !== 'protocol' && !isFallbackStatus(error))
      throw error;
    return connectWith('streamable-http', url, serverFetch, options);
  }
}

function isFallbackStatus(error: ConnectionError): boolean {
  const status = error.details.status;
  return status !== undefined && FALLBACK_STATUSES.has(status) && error.kind !== 'auth';
}

async function connectWith(
  kind: TransportKind,
  url: URL,
  serverFetch: ServerFetch,
  options: OpenConnectionOptions,
  prior?: Era,
): Promise<Connection> {
  const resume =
    kind === 'streamable-http' && prior?.kind === 'legacy' ? options.resume : undefined;
  const transport =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(url, {
          fetch: serverFetch,
          ...(resume ? { sessionId: resume.sessionId } : {}),
        })
      : new SSEClientTransport(url, { fetch: serverFetch });
  const client = createSdkClient(kind, options);
  const { onToolsChanged, onFeaturesChanged } = options;

  let closing = false;
  let established = false;
  let verifying = false;
  // A reply the transport cannot parse (bad JSON in a frame) leaves the request waiting for
  // its timeout; during connect, fail at once with what was wrong instead.
  let rejectMalformed: (error: unknown) => void = () => undefined;
  const malformed = new Promise<never>((_, reject) => {
    rejectMalformed = reject;
  });
  malformed.catch(() => undefined);
  client.onclose = () => {
    if (established && !closing) {
      options.onLost?.(new ConnectionError('network', 'The connection to the server closed'));
    }
  };
  // Set on the transport itself: the SDK's era probe runs before the client hooks its own
  // error handler in (SDK 2.4), and the Protocol keeps this one chained afterwards.
  transport.onerror = (error) => {
    if (!established && isMalformedMessage(error)) rejectMalformed(error);
  };
  client.onerror = (error) => {
    if (!established || closing) return;
    // A 403 asking for more scope is about one request, which fails with it and steps up; the
    // connection itself is fine.
    if (isInsufficientScope(error)) return;
    // The legacy SSE transport has only its event stream: losing it loses the connection.
    if (kind === 'sse') {
      closing = true;
      options.onLost?.(toConnectionError(error, serverFetch));
      void client.close();
      return;
    }
    // Streamable HTTP reports a failing optional GET stream here, which alone is harmless
    // (404/405/406). Whether the server is still there, a ping tells.
    if (verifying) return;
    verifying = true;
    ping(client, { timeout: VERIFY_TIMEOUT_MS })
      .catch((pingError: unknown) => {
        if (closing) return;
        closing = true;
        options.onLost?.(toConnectionError(pingError, serverFetch));
        void client.close();
      })
      .finally(() => {
        verifying = false;
      });
  };
  try {
    // The SDK's timeout covers initialize only; the legacy transport's start() waits for its
    // `endpoint` event with no limit, so the whole handshake gets one.
    const limit = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new ConnectionError('timeout', 'The server did not finish the handshake in time')),
        limit,
      );
    });
    try {
      await Promise.race([
        client.connect(transport, { timeout: limit, ...(prior ? { prior } : {}) }),
        malformed,
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    closing = true;
    await client.close().catch(() => undefined);
    throw toConnectionError(error, serverFetch);
  }
  established = true;
  // The SDK skipped `initialize` for the stored session; give the client what it settled.
  if (resume && transport instanceof StreamableHTTPClientTransport)
    adoptHandshake(client, transport, resume.handshake);
  // Where SDK v2 (2.4) falls short: after a probe it opens the `subscriptions/listen` stream
  // itself, but `connect({ prior })` only registers the handlers, so a worker that restarted
  // with a stored era would never hear of list changes. `followChanges` opens it, without
  // waiting for the server's acknowledgement.
  let subscription: McpSubscription | undefined;
  const offered = client.getServerCapabilities();
  const filter = {
    ...(onToolsChanged && offered?.tools?.listChanged ? { toolsListChanged: true } : {}),
    ...(onFeaturesChanged && offered?.prompts?.listChanged ? { promptsListChanged: true } : {}),
    ...(onFeaturesChanged && offered?.resources?.listChanged ? { resourcesListChanged: true } : {}),
  };
  let following = prior?.kind !== 'modern' || Object.keys(filter).length === 0;
  const followChanges = () => {
    if (following) return;
    following = true;
    client.listen(filter).then(
      (opened) => {
        if (closing) void opened.close();
        else subscription = opened;
      },
      (error: unknown) =>
        client.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const resources = createResourceSubscriptions(client);
  const discover = client.getDiscoverResult();
  return {
    get capabilities() {
      return client.getServerCapabilities();
    },
    instructions: client.getInstructions(),
    serverIcons: client.getServerVersion()?.icons,
    subscribe: resources.subscribe,
    unsubscribe: resources.unsubscribe,
    client,
    transport: kind,
    eraReused: prior !== undefined,
    resumed: resume !== undefined,
    handshake: handshakeOf(client),
    protocolVersion: client.getNegotiatedProtocolVersion(),
    // A stored era the connection adopted is handed back as it was given: the SDK's copy of a
    // discover result may order its keys differently, and the verdict must compare equal to
    // the stored one (it is not re-dated or written again).
    era:
      prior ??
      (client.getProtocolEra() === 'modern' && discover
        ? { kind: 'modern', discover }
        : { kind: 'legacy' }),
    ping: (pingOptions) => ping(client, pingOptions ?? {}),
    followChanges,
    get sessionId() {
      return transport instanceof StreamableHTTPClientTransport ? transport.sessionId : undefined;
    },
    async close({ terminate = false } = {}) {
      if (closing) return;
      closing = true;
      await subscription?.close().catch(() => undefined);
      await resources.closeAll();
      if (terminate && transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close().catch(() => undefined);
    },
  };
}

/** The era's liveness round trip: 2026-07-28 dropped `ping`; `server/discover` is as cheap. */
async function ping(client: Client, options: { timeout?: number }): Promise<void> {
  if (client.getProtocolEra() === 'modern') await client.discover(options);
  else await client.ping(options);
}

function isInsufficientScope(error: unknown): boolean {
  return (
    ConnectionError.isInstance(error) && error.details.challenge?.error === 'insufficient_scope'
  );
}
