import { MarkedError } from '../../errors/marked-error';
import type { BrowserAgentErrorCode, BrowserAgentFailure } from './commands';

/**
 * A failure the browser agent expects and can explain. Commands throw it; the dispatcher turns it
 * into a `{ ok: false, code, message }` result for the background.
 */
export class BrowserAgentError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.browser-agent-error');
  override readonly name: string = 'BrowserAgentError';

  constructor(
    readonly code: BrowserAgentErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** The result the background receives. */
  toFailure(): BrowserAgentFailure {
    return { ok: false, code: this.code, message: this.message };
  }
}
