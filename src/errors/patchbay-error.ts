import type { ErrorBody, ErrorCode } from '../messaging/responses';
import { MarkedError } from './marked-error';

/**
 * An error Patchbay expects and can explain: it carries a stable `code` for callers to branch on
 * and a `message` written for the person using the side panel.
 */
export class PatchbayError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.error');
  override readonly name: string = 'PatchbayError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { field?: string; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }

  /** The input field an `invalid-input` error is about. */
  get field(): string | undefined {
    return this.details.field;
  }

  /** True when trying the same request again may succeed. */
  get retryable(): boolean {
    return this.details.retryable ?? false;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.details.field !== undefined) body.field = this.details.field;
    if (this.details.retryable !== undefined) body.retryable = this.details.retryable;
    return body;
  }
}

/** Input a person typed that Patchbay cannot accept; `field` names the form field. */
export function invalidInput(field: string, message: string): PatchbayError {
  return new PatchbayError('invalid-input', message, { field });
}

export function notFound(message: string): PatchbayError {
  return new PatchbayError('not-found', message);
}
