import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { ConnectionError } from '../errors/connection-error';
import {
  createServerFetch,
  type BearerAuth,
  type FetchLike,
  type ServerFetch,
} from './server-fetch';

export type TransportKind = 'streamable-http' | 'sse';

export const CLIENT_INFO = { name: 'Patchbay', version: '0.1.0' };

/** How long initialize may take before the connection attempt is abandoned. */
export const CONNECT_TIMEOUT_MS = 15_000;

/** How long the liveness ping after a stream error may take. */
const VERIFY_TIMEOUT_MS = 5_000;

/** Statuses of an initialize POST that mean "not a Streamable HTTP endpoint": try HTTP+SSE. */
const FALLBACK_STATUSES = new Set([400, 404, 405]);

export interface OpenConnectionOptions {
  url: string;
  headers?: Record<string, string>;
  /** A transport found earlier; skips probing. */
  transport?: TransportKind;
  fetch?: FetchLike;
  connectTimeoutMs?: number;
  /** The server said its tool list changed. */
  onToolsChanged?: () => void;
  /** OAuth: the access token to send, and how to refresh it after a 401. */
  auth?: BearerAuth;
  /** The connection ended without `close()` being called. */
  onLost?: (error: ConnectionError) => void;
}

export interface Connection {
  readonly client: Client;
  readonly transport: TransportKind;
  /** The Streamable HTTP session id, when the server issued one. */
  readonly sessionId: string | undefined;
  /** Closes the connection; with `terminate`, first ends the server-side session (DELETE). */
  close(options?: { terminate?: boolean }): Promise<void>;
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
  if (options.transport) return connectWith(options.transport, url, serverFetch, options);
  try {
    return await connectWith('streamable-http', url, serverFetch, options);
  } catch (error) {
    if (!(error instanceof ConnectionError) || !isFallbackStatus(error)) throw error;
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

function isFallbackStatus(error: ConnectionError): boolean {
  const status = error.details.status;
  return status !== undefined && FALLBACK_STATUSES.has(status) && error.kind !== 'auth';
}

async function connectWith(
  kind: TransportKind,
  url: URL,
  serverFetch: ServerFetch,
  options: OpenConnectionOptions,
): Promise<Connection> {
  const transport =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(url, { fetch: serverFetch })
      : new SSEClientTransport(url, { fetch: serverFetch });
  const client = new Client(CLIENT_INFO, {
    capabilities: {},
    // The SDK's default validator (Ajv) compiles code at run time, which MV3 forbids.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });

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
  client.onerror = (error) => {
    if (!established && isMalformedMessage(error)) rejectMalformed(error);
    if (!established || closing) return;
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
    client
      .ping({ timeout: VERIFY_TIMEOUT_MS })
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
  if (options.onToolsChanged) {
    const onToolsChanged = options.onToolsChanged;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => onToolsChanged());
  }

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
      await Promise.race([client.connect(transport, { timeout: limit }), malformed, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    closing = true;
    await client.close().catch(() => undefined);
    throw toConnectionError(error, serverFetch);
  }
  established = true;

  return {
    client,
    transport: kind,
    get sessionId() {
      return transport instanceof StreamableHTTPClientTransport ? transport.sessionId : undefined;
    },
    async close({ terminate = false } = {}) {
      if (closing) return;
      closing = true;
      if (terminate && transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
        await transport.terminateSession().catch(() => undefined);
      }
      await client.close().catch(() => undefined);
    },
  };
}

/** Turns whatever the SDK or fetch threw into a classified {@link ConnectionError}. */
export function toConnectionError(error: unknown, serverFetch?: ServerFetch): ConnectionError {
  if (error instanceof ConnectionError) return error;
  if (error instanceof UnauthorizedError) {
    return new ConnectionError('auth', 'Unauthorized', { status: 401, cause: error });
  }
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const status = error.code;
    if (typeof status !== 'number' || status <= 0) {
      // Transport-level failures without an HTTP status: the fetch wrapper knows more.
      if (serverFetch?.lastError) return serverFetch.lastError;
      if (error instanceof StreamableHTTPError && status === -1) {
        return new ConnectionError('protocol', describeProtocolError(error.message), {
          cause: error,
        });
      }
      return new ConnectionError('network', 'The server could not be reached', { cause: error });
    }
    return fromStatus(status, error);
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return new ConnectionError('timeout', 'The request timed out', { cause: error });
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return (
        serverFetch?.lastError ??
        new ConnectionError('network', 'The connection closed', { cause: error })
      );
    }
    return new ConnectionError('protocol', `error ${error.code}: ${error.message}`, {
      cause: error,
    });
  }
  if (isMalformedMessage(error)) {
    return new ConnectionError('protocol', 'its reply was not valid JSON-RPC', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectionError('protocol', message, { cause: error });
}

/** JSON that does not parse, or parses into something that is not a JSON-RPC message. */
function isMalformedMessage(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError');
}

function fromStatus(status: number, cause: unknown): ConnectionError {
  if (status === 401 || status === 403)
    return new ConnectionError('auth', `HTTP ${status}`, { status, cause });
  if (status === 404) return new ConnectionError('not-found', 'HTTP 404', { status, cause });
  if (status >= 500) return new ConnectionError('server', `HTTP ${status}`, { status, cause });
  return new ConnectionError('protocol', `it answered HTTP ${status}`, { status, cause });
}

function describeProtocolError(message: string): string {
  const contentType = /Unexpected content type: (.*)$/.exec(message)?.[1];
  return contentType ? `it answered with ${contentType}` : message;
}
