import { MarkedError } from './marked-error';

/** The sign-in window was closed before the authorization server redirected back. */
export class SignInWindowClosedError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.sign-in-window-closed-error');
  override readonly name = 'SignInWindowClosedError';
}
