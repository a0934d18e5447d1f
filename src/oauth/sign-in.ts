import { auth } from '@modelcontextprotocol/client';
import { SignInWindowClosedError, type Identity } from '../platform/ports';
import type { FetchLike } from '../net/fetch-like';
import { AuthFlowError } from '../errors/auth-flow-error';
import { isLoopbackRedirect } from './loopback-redirect';
import type { ExtensionOAuthProvider } from './provider';

/**
 * How long a sign-in window may stay open. The person may have walked away from it; the
 * server then says "Sign in" again instead of waiting forever (the window itself stays open:
 * chrome.identity cannot close it, and an answer after the deadline is ignored).
 */
export const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AuthFlowError(
            'timed-out',
            `The sign-in window was left open for ${Math.round(timeoutMs / 60_000) || '<1'} min without finishing.`,
          ),
        ),
      timeoutMs,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The sign-in window, until it comes back to the redirect URL, is closed, or times out. */
async function openSignInWindow(options: SignInOptions, authorizationUrl: URL): Promise<URL> {
  try {
    return new URL(
      await withDeadline(
        options.identity.launchWebAuthFlow(authorizationUrl.href),
        options.timeoutMs ?? SIGN_IN_TIMEOUT_MS,
      ),
    );
  } catch (error) {
    if (SignInWindowClosedError.isInstance(error)) {
      throw new AuthFlowError('cancelled', 'The sign-in window was closed before signing in.', {
        cause: error,
      });
    }
    throw error;
  }
}

export interface SignInOptions {
  provider: ExtensionOAuthProvider;
  serverUrl: string;
  identity: Identity;
  fetch: FetchLike;
  /** The scope a challenge asked for; otherwise the SDK uses the metadata's scopes_supported. */
  scope?: string;
  /** From a 401's WWW-Authenticate `resource_metadata`. */
  resourceMetadataUrl?: string;
  /** The browser window is about to open. */
  onAuthorizing?: (authorizationUrl: URL) => void;
  /** How long the sign-in window may stay open without an answer. */
  timeoutMs?: number;
  /** Authorize anew even with a refresh token held (a step-up: refreshing cannot widen scopes). */
  forceReauthorization?: boolean;
}

/**
 * An interactive sign-in: the SDK's `auth()` discovers, registers and builds the PKCE
 * authorization URL; Patchbay opens it with chrome.identity, checks the returned `state`, and
 * hands the code back to `auth()` for the token exchange. Whatever happens, the pending
 * authorization (state, verifier) is cleared, and tokens are stored only on success.
 */
export async function signIn(options: SignInOptions): Promise<void> {
  const { provider } = options;
  const authOptions = {
    serverUrl: options.serverUrl,
    fetchFn: options.fetch,
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.resourceMetadataUrl
      ? { resourceMetadataUrl: new URL(options.resourceMetadataUrl) }
      : {}),
    ...(options.forceReauthorization ? { forceReauthorization: true } : {}),
  };
  provider.authorizationUrl = undefined;
  try {
    const result = await auth(provider, authOptions);
    if (result === 'AUTHORIZED') return;
    const authorizationUrl = provider.authorizationUrl as URL | undefined;
    if (!authorizationUrl)
      throw new AuthFlowError('failed', 'The sign-in could not start: no authorization URL.');
    // A loopback redirect is caught in the browser (loopback-redirect.ts); without the site
    // allowed, this fails before any window opens.
    const release = isLoopbackRedirect(provider.redirectUrl)
      ? await options.identity.captureRedirect(provider.redirectUrl)
      : undefined;
    let redirect: URL;
    try {
      options.onAuthorizing?.(authorizationUrl);
      redirect = await openSignInWindow(options, authorizationUrl);
    } finally {
      await release?.();
    }

    const params = redirect.searchParams;
    const pending = await provider.pending();
    if (!pending || params.get('state') !== pending.state) {
      throw new AuthFlowError(
        'state-mismatch',
        'The sign-in answer did not match the sign-in Patchbay started, so it was ignored.',
      );
    }
    const error = params.get('error');
    if (error) {
      const description = params.get('error_description');
      throw new AuthFlowError(
        error === 'access_denied' ? 'access-denied' : 'failed',
        error === 'access_denied'
          ? 'Access was denied on the sign-in page.'
          : `The authorization server refused the sign-in (${error}${description ? `: ${description}` : ''}).`,
        { oauthError: error },
      );
    }
    const code = params.get('code');
    if (!code)
      throw new AuthFlowError(
        'failed',
        'The authorization server answered without an authorization code.',
      );
    // RFC 9207: the SDK checks `iss` against the issuer it discovered (required when the
    // authorization server advertises it, refused when wrong), so a response from another
    // authorization server (a mix-up attack) is never redeemed.
    // RFC 9207 compares `iss` as a string: no trailing slash is forgiven here.
    const iss = params.get('iss');
    await auth(provider, { ...authOptions, authorizationCode: code, ...(iss ? { iss } : {}) });
  } finally {
    await provider.clearPending();
  }
}
