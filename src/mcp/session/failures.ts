import { userMessage, type ConnectionError } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import type { ServerConfig } from '../catalog';
import type { SessionState } from './session-state';
import { refreshUnreachable } from './status';

/** A connection failure as pages see it: a stable code and a sentence naming the server. */
export function toPatchbayError(error: ConnectionError, config: ServerConfig): PatchbayError {
  const message = userMessage(error, config.name, config.url);
  if (error.kind === 'auth') return new PatchbayError('auth-required', message, { cause: error });
  if (error.kind === 'timeout')
    return new PatchbayError('timeout', message, { retryable: true, cause: error });
  return new PatchbayError('connection-failed', message, {
    retryable: error.retryable,
    cause: error,
  });
}

/**
 * A server's connection failure as its callers see it, saying what the server's status says
 * when the failure was about signing in (the status knows whether a refresh was tried, and how
 * it ended). A token the server refused while its authorization server could not be reached to
 * renew it is that outage, not a refused sign-in: the refresh alarm tries again, and Retry
 * tries now.
 */
export function sessionFailure(
  session: Pick<SessionState, 'config' | 'auth' | 'renewalUnreachable' | 'status'>,
  error: ConnectionError,
): PatchbayError {
  if (error.kind === 'auth' && session.renewalUnreachable && session.auth.tokens) {
    return new PatchbayError('connection-failed', refreshUnreachable(session.config.name), {
      retryable: true,
      cause: error,
    });
  }
  const { state, error: sentence } = session.status;
  if (error.kind === 'auth' && sentence && (state === 'invalid-token' || state === 'needs-auth')) {
    return new PatchbayError('auth-required', sentence, { cause: error });
  }
  return toPatchbayError(error, session.config);
}

/** What the card says of a failed connection: the address to check for one never connected. */
export function failureSentence(
  session: Pick<SessionState, 'config' | 'transport'>,
  error: ConnectionError,
): string {
  const { name, url } = session.config;
  return userMessage(error, name, url, { neverConnected: session.transport === undefined });
}
