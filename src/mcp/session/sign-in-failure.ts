import { ConnectionError, userMessage } from '../../errors/connection-error';
import { PatchbayError } from '../../errors/patchbay-error';
import { AuthFlowError } from '../../errors/auth-flow-error';
import type { ServerConfig } from '../catalog';

/** Why a sign-in failed, in the words the card and the chat show. */

/**
 * The SDK's refusal to sign in where the authorization server offers neither dynamic client
 * registration nor client ID metadata documents: only a client registered by hand can.
 */
export function registersNoApps(error: unknown): boolean {
  return (
    error instanceof Error && /does not support dynamic client registration/i.test(error.message)
  );
}

/** What to do when the authorization server registers no apps by themselves. */
export function clientIdNeeded(config: ServerConfig, redirectUrl: string): string {
  return config.oauth?.clientId
    ? `${config.name}'s sign-in server did not accept the client ID you entered. Check it there (its redirect URL must be ${redirectUrl}), then Edit ${config.name}.`
    : `${config.name}'s sign-in server lets no app register itself. Register Patchbay there as an app with the redirect URL ${redirectUrl}, then click Enter client ID and paste the client ID it gives you.`;
}

/** A failed sign-in as an error for the page, with a sentence saying what to do. */
export function signInFailure(
  error: unknown,
  serverName: string,
  serverUrl: string,
): PatchbayError {
  if (AuthFlowError.isInstance(error)) {
    switch (error.kind) {
      case 'cancelled':
        return new PatchbayError(
          'auth-cancelled',
          `Sign-in to ${serverName} was cancelled: the window was closed. Click Sign in to try again.`,
        );
      case 'timed-out':
        return new PatchbayError(
          'auth-cancelled',
          `${error.message} Sign-in to ${serverName} stopped; click Sign in to try again.`,
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
