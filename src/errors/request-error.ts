import type { ErrorBody } from '../messaging/contract';
import { MarkedError } from './marked-error';

/** A request the background answered with `{ ok: false }`, or could not answer at all. */
export class RequestError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.request-error');
  override readonly name = 'RequestError';
  readonly code: ErrorBody['code'];
  readonly field: string | undefined;
  readonly retryable: boolean;

  constructor(body: ErrorBody) {
    super(body.message);
    this.code = body.code;
    this.field = body.field;
    this.retryable = body.retryable ?? false;
  }
}
