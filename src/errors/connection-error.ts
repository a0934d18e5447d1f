import type { ServerState } from '../messaging/contract';
import { MarkedError } from './marked-error';

/** What went wrong while talking to an MCP server, coarse enough to decide what to do next. */
export type ConnectionErrorKind =
  | 'auth' // 401 or 403: credentials missing, expired or insufficient
  | 'network' // refused, DNS failure, connection reset
  | 'timeout' // the server did not answer in time
  | 'server' // 5xx
  | 'cloudflare' // a Cloudflare worker crashed (error 1101 page)
  | 'protocol' // the answer is not MCP: HTML, bad JSON, bad SSE, JSON-RPC errors
  | 'not-found' // no MCP endpoint at this URL on either transport
  | 'runaway' // MCP, but more than Patchbay follows (a tool list that pages without end)
  | 'no-access' // Chrome has not allowed Patchbay to reach the site (src/permissions/host-access.ts)
  | 'session-expired'; // the server forgot our session (404 with a session id)

/** What a Bearer WWW-Authenticate header asked for (RFC 6750, RFC 9728). */
export interface AuthChallenge {
  error?: string;
  scope?: string;
  resourceMetadataUrl?: string;
}

/**
 * A failure talking to one MCP server, classified where it happens (the fetch wrapper, the
 * transport) rather than by matching message text later.
 */
export class ConnectionError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.connection-error');
  override readonly name = 'ConnectionError';

  constructor(
    readonly kind: ConnectionErrorKind,
    message: string,
    readonly details: {
      status?: number;
      cause?: unknown;
      networkCode?: string;
      /** The WWW-Authenticate challenge of a 401 or 403. */
      challenge?: AuthChallenge;
      /** For `no-access`: the site pattern to ask Chrome for (`https://example.com/*`). */
      sitePattern?: string;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }

  get retryable(): boolean {
    // Retrying cannot grant site access: the grant itself reconnects (src/mcp/site-access.ts).
    return this.kind !== 'auth' && this.kind !== 'not-found' && this.kind !== 'no-access';
  }
}

/** The status state the spec assigns to each kind of failure. */
export function stateForError(error: ConnectionError): ServerState {
  switch (error.kind) {
    case 'auth':
      return 'needs-auth';
    case 'cloudflare':
      return 'cloudflare-error';
    default:
      return 'error';
  }
}

/**
 * A sentence for the person using Patchbay: what happened and what to do about it. A server
 * that has `neverConnected` (no transport ever found for it) gets its address to check rather
 * than "temporary", which only a server that worked before earns.
 */
export function userMessage(
  error: ConnectionError,
  serverName: string,
  url: string,
  { neverConnected = false }: { neverConnected?: boolean } = {},
): string {
  const host = safeHost(url);
  const status = error.details.status;
  switch (error.kind) {
    case 'auth':
      return status === 403
        ? `${serverName} refused access (HTTP 403). Check that your account or the headers you added allow this.`
        : `${serverName} needs you to sign in or to send valid credentials (HTTP 401). Sign in, or check the headers you added.`;
    case 'network':
      return `Couldn't reach ${host}${error.details.networkCode ? ` (${error.details.networkCode})` : ''}. Check the URL and that the server is running, then retry.`;
    case 'timeout':
      return `${serverName} did not answer in time. The server may be overloaded or unreachable; retry in a moment.`;
    case 'server':
      return neverConnected
        ? `${serverName} answered with a server error (HTTP ${status ?? '5xx'}) and has never connected from here. Check its address (${url}) and that the server behind it is running; Edit to change the address, or Retry.`
        : `${serverName} had a server error (HTTP ${status ?? '5xx'}). This is usually temporary; retry in a moment.`;
    case 'cloudflare':
      return `${serverName}'s Cloudflare worker crashed (error 1101). The problem is on the server's side; retry later or contact its maintainer.`;
    case 'not-found':
      return `No MCP endpoint at ${url} (HTTP ${status ?? 404}). Check the path: MCP servers usually end in /mcp or /sse.`;
    case 'session-expired':
      return `${serverName} ended the session. Reconnect to start a new one.`;
    case 'protocol':
      return `${serverName} answered with something that isn't MCP: ${error.message}. Check that the URL points at an MCP endpoint.`;
    case 'no-access':
      return `Patchbay may not reach ${error.message} yet: Chrome asks you first. Allow access to let it connect to ${serverName}.`;
    case 'runaway':
      return `${serverName} ${error.message}, more than Patchbay follows; the server may be stuck in a loop. Retry later, or tell its maintainer.`;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
