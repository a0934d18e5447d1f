import { MarkedError } from './marked-error';

export type AuthFlowErrorKind =
  'cancelled' | 'timed-out' | 'access-denied' | 'state-mismatch' | 'failed';

/** A sign-in that did not end with tokens, and why. */
export class AuthFlowError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.auth-flow-error');
  override readonly name = 'AuthFlowError';

  constructor(
    readonly kind: AuthFlowErrorKind,
    message: string,
    options: { cause?: unknown; oauthError?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.oauthError = options.oauthError;
  }

  /** The authorization server's `error` code, when it sent one. */
  readonly oauthError: string | undefined;
}
