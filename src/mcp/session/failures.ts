import { userMessage, type ConnectionError } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import type { ServerConfig } from '../catalog';

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
