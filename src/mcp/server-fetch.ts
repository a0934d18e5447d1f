import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import { ConnectionError, type AuthChallenge } from '../errors/connection-error';
import { isLoopbackHost } from '../net/private-network';
import type { FetchLike } from '../net/fetch-like';
import { limitAnswer } from './answer-limit';

export { MAX_ANSWER_BYTES } from './answer-limit';

/** OAuth for one server: the current access token, and a way to get a new one after a 401. */
export interface BearerAuth {
  accessToken(): string | undefined;
  /** Resolves true when a new access token is ready to retry with. */
  refresh(): Promise<boolean>;
}

export interface ServerFetch extends FetchLike {
  /** The last failure this fetch classified, for transports that drop the original error. */
  lastError: ConnectionError | undefined;
}

export interface ServerFetchOptions {
  serverUrl: URL;
  headers: Record<string, string>;
  baseFetch?: FetchLike;
  auth?: BearerAuth;
  /**
   * For the authorization fetch: a 401 or 403 is handed back as it came, for the SDK to read
   * its OAuth error (a same-origin token endpoint's `invalid_client` means "register again",
   * not "sign in again").
   */
  passesRefusals?: boolean;
}

/**
 * The fetch every transport of one server uses. It:
 * - adds the server's custom headers and its OAuth access token only to requests for the
 *   server's own origin (the SDK's `requestInit.headers` would also send them to the
 *   authorization server during discovery);
 * - on a 401 with a token held, refreshes once and retries the request (the transports get
 *   no `authProvider`: an interactive sign-in must never start in the middle of a request);
 * - turns failures into typed {@link ConnectionError}s at the source: network errors, Cloudflare
 *   worker error pages, and HTML answers where MCP was expected. The SDK's SSE transport keeps
 *   only a message of what its EventSource saw, so the last error is kept on `lastError` too.
 */
export function createServerFetch(options: ServerFetchOptions): ServerFetch {
  const baseFetch: FetchLike = options.baseFetch ?? ((url, init) => fetch(url, init));
  const origin = options.serverUrl.origin;
  const sender = createSender({ ...options, baseFetch, remember });

  const serverFetch = (async (url: string | URL, init?: RequestInit) => {
    // The transports hand over their URL object: read, never changed, so not parsed again.
    const asked = url instanceof URL ? url : new URL(url);
    const target = sender.target(asked);
    const sameOrigin = target.origin === origin;
    // Plain http reaches this machine, and beyond it only the server's own origin (a server on
    // the person's network): a server's metadata cannot point Patchbay at other hosts over http.
    // The pages' policy allows http: because it cannot name address ranges; this is the check.
    if (target.protocol === 'http:' && !sameOrigin && !isLoopbackHost(target.hostname))
      throw remember(
        new ConnectionError(
          'protocol',
          `it pointed Patchbay at ${target.origin}, plain http to another host, which Patchbay does not follow`,
        ),
      );
    let sent = await sender.send(asked, target, sameOrigin, init);
    let response = sent.response;
    if (sameOrigin && response.status === 401 && sent.token && options.auth) {
      const challenge = readChallenge(response, target);
      // A request that raced a refresh already finished by another one just needs the new token.
      const renewed = options.auth.accessToken() !== sent.token;
      if (challenge.error !== 'insufficient_scope' && (renewed || (await options.auth.refresh()))) {
        await response.body?.cancel();
        sent = await sender.send(asked, target, sameOrigin, init);
        response = sent.response;
      }
    }
    if (
      sameOrigin &&
      !options.passesRefusals &&
      (response.status === 401 || response.status === 403)
    ) {
      const challenge = readChallenge(response, target);
      await response.body?.cancel();
      throw remember(
        new ConnectionError('auth', challenge.error ?? `HTTP ${response.status}`, {
          status: response.status,
          challenge,
        }),
      );
    }
    const method = init?.method ?? 'GET';
    // Only an HTML page is looked into; an MCP answer goes on without waiting a turn.
    const failure = isHtml(response) ? await classifyResponse(response, method) : undefined;
    if (failure) throw remember(failure);
    return limitAnswer(response, method, (error) => remember(error));
  }) as ServerFetch;

  function remember(error: ConnectionError): ConnectionError {
    serverFetch.lastError = error;
    return error;
  }
  serverFetch.lastError = undefined;
  return serverFetch;
}

/**
 * Sends one request to where it was asked (or where the server moved it), with the server's
 * headers and token only on its own origin; remembers same-origin redirects it found.
 */
function createSender(
  options: Pick<ServerFetchOptions, 'headers' | 'auth'> & {
    baseFetch: FetchLike;
    remember: (error: ConnectionError) => ConnectionError;
  },
) {
  const { baseFetch, remember } = options;
  const hasCustomHeaders = Object.keys(options.headers).length > 0;
  /** Same-origin addresses the server redirected to (`/mcp` → `/mcp/`), by where it was asked. */
  const moved = new Map<string, URL>();
  return {
    target: (asked: URL): URL => moved.get(asked.href) ?? asked,
    /** The answer, and the token it was sent with. */
    async send(asked: URL, target: URL, sameOrigin: boolean, init: RequestInit | undefined) {
      const token = sameOrigin ? options.auth?.accessToken() : undefined;
      // A request carrying the server's headers or token follows no redirect the browser would
      // take without asking (to plain http, say): the transports' own requests do not anyway.
      const carriesSecrets = sameOrigin && (token !== undefined || hasCustomHeaders);
      let request = init;
      if (carriesSecrets) {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(options.headers)) headers.set(name, value);
        if (token) headers.set('authorization', `Bearer ${token}`);
        const redirect = (init?.redirect ?? 'follow') === 'follow' ? 'manual' : init?.redirect;
        request = { ...init, headers, ...(redirect ? { redirect } : {}) };
      }
      let response: Response;
      try {
        response = await baseFetch(target, request);
        const redirect = response.type === 'opaqueredirect' && sameOrigin;
        const movedTo = redirect
          ? await redirectTarget(baseFetch, target, init?.signal)
          : undefined;
        if (movedTo) {
          moved.set(asked.href, movedTo);
          response = await baseFetch(movedTo, request);
        }
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        if (ConnectionError.isInstance(error)) throw remember(error); // classified below (site access)
        throw remember(networkError(error, target));
      }
      if (response.type === 'opaqueredirect' && request?.redirect !== init?.redirect)
        throw remember(
          new ConnectionError(
            'protocol',
            'it redirected a request that carries your headers or sign-in, which Patchbay does not follow; use the address it redirects to',
          ),
        );
      return { response, token };
    },
  };
}

/**
 * Where a same-origin redirect leads. A browser hides it from a `redirect: 'manual'` fetch (an
 * opaque redirect, "HTTP 0"), which the SDK's transports and requests carrying the server's
 * headers both use; so it is asked with a GET that carries nothing of the server's, following
 * redirects, and only an address on the same origin is used (`/mcp` → 307 → `/mcp/`). The SDK's
 * own redirect handling (`fetchWithinOrigin`) does the rest where the runtime shows redirects.
 */
async function redirectTarget(
  baseFetch: FetchLike,
  target: URL,
  signal: AbortSignal | null | undefined,
): Promise<URL | undefined> {
  const stop = new AbortController();
  const probe = await baseFetch(target, {
    method: 'GET',
    headers: { accept: 'application/json, text/event-stream' },
    signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
  });
  stop.abort(); // only where it ended matters, not what it says
  if (!probe.redirected || !probe.url) return undefined;
  const final = new URL(probe.url);
  return final.origin === target.origin && final.href !== target.href ? final : undefined;
}

function readChallenge(response: Response, target: URL): AuthChallenge {
  const { error, scope, resourceMetadataUrl: absolute } = extractWWWAuthenticateParams(response);
  // A relative `resource_metadata` (which the SDK drops) is resolved against the request's URL.
  const named = /resource_metadata="([^"]+)"/.exec(response.headers.get('www-authenticate') ?? '');
  const resourceMetadataUrl =
    absolute ??
    (named?.[1] && URL.canParse(named[1], target) ? new URL(named[1], target) : undefined);
  return {
    ...(error ? { error } : {}),
    ...(scope ? { scope } : {}),
    ...(resourceMetadataUrl ? { resourceMetadataUrl: resourceMetadataUrl.href } : {}),
  };
}

function networkError(error: unknown, target: URL): ConnectionError {
  // Node's fetch puts the socket error (ECONNREFUSED, ENOTFOUND, ...) on `cause`; browsers
  // say only "Failed to fetch".
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const networkCode = typeof cause?.code === 'string' ? cause.code : undefined;
  return new ConnectionError('network', `Network request to ${target.host} failed`, {
    cause: error,
    ...(networkCode ? { networkCode } : {}),
  });
}

function isHtml(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('text/html');
}

/** An HTML page where MCP was expected: a Cloudflare worker's error page, or any other. */
async function classifyResponse(
  response: Response,
  method: string,
): Promise<ConnectionError | undefined> {
  if (response.status >= 500) {
    const page = await response.clone().text();
    if (isCloudflareWorkerError(page)) {
      await response.body?.cancel();
      return new ConnectionError('cloudflare', 'Cloudflare worker error 1101', {
        status: response.status,
      });
    }
  }
  if (response.ok && method !== 'DELETE') {
    await response.body?.cancel();
    return new ConnectionError('protocol', 'it returned an HTML page', { status: response.status });
  }
  return undefined;
}

/** Cloudflare serves error 1101 ("Worker threw exception") as an HTML page with that code. */
export function isCloudflareWorkerError(page: string): boolean {
  return /cloudflare/i.test(page) && /\b1101\b/.test(page);
}
