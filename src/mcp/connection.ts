import {
  type Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { ConnectionError } from '../errors/connection-error';
import { toConnectionError } from './classify-error';
import { changeListening } from './change-listening';
import { ping, watchConnection } from './connection-watch';
import { createResourceSubscriptions } from './resource-subscriptions';
import type { Connection, Era, TransportKind } from './connection-types';
import { createSdkClient, type ClientEvents } from './sdk-client';
import { adoptHandshake, handshakeOf, reopenEventStream, type Handshake } from './resume-session';
import { createServerFetch, type BearerAuth, type ServerFetch } from './server-fetch';
import type { FetchLike } from '../net/fetch-like';

export type { Connection, Era, TransportKind } from './connection-types';

/** How long initialize may take before the connection attempt is abandoned. */
export const CONNECT_TIMEOUT_MS = 15_000;

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
  const watch = watchConnection(client, transport, kind, serverFetch, options.onLost);
  try {
    await shakeHands(client, transport, options, prior, watch.malformed);
  } catch (error) {
    watch.closing = true;
    await client.close().catch(() => undefined);
    throw toConnectionError(error, serverFetch);
  }
  watch.established = true;
  // The SDK skipped `initialize` for the stored session; give the client what it settled.
  if (resume && transport instanceof StreamableHTTPClientTransport)
    adoptHandshake(client, transport, resume.handshake);
  const changes = changeListening(client, options, prior, () => watch.closing);
  let streamReopened = false;
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
    followChanges() {
      changes.follow();
      // A resumed session's event stream, once the calls that woke the worker have gone.
      if (resume && transport instanceof StreamableHTTPClientTransport && !streamReopened) {
        streamReopened = true;
        reopenEventStream(transport);
      }
    },
    get sessionId() {
      return transport instanceof StreamableHTTPClientTransport ? transport.sessionId : undefined;
    },
    async close({ terminate = false } = {}) {
      if (watch.closing) return;
      watch.closing = true;
      await changes.close();
      await resources.closeAll();
      if (terminate && transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close().catch(() => undefined);
    },
  };
}

/**
 * The handshake, within one time limit: the SDK's timeout covers initialize only, and the
 * legacy transport's start() waits for its `endpoint` event with no limit.
 */
async function shakeHands(
  client: Client,
  transport: StreamableHTTPClientTransport | SSEClientTransport,
  options: OpenConnectionOptions,
  prior: Era | undefined,
  malformed: Promise<never>,
): Promise<void> {
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
}
