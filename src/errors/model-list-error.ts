import { MarkedError } from './marked-error';

/**
 * Why a provider's models could not be listed: `key-refused` (HTTP 401 or 403, or Gemini's
 * API_KEY_INVALID), `unreachable` (no answer at the address), `origin-refused` (a model server
 * on this machine that does not serve extension pages), `no-list` (it answered, without a list).
 */
export type ModelListErrorKind = 'key-refused' | 'unreachable' | 'origin-refused' | 'no-list';

/** A models list that could not be read, with a sentence saying what to do. */
export class ModelListError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.model-list-error');
  override readonly name = 'ModelListError';

  constructor(
    readonly kind: ModelListErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
