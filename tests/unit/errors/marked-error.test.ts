import { describe, expect, it } from 'vitest';
import { AuthFlowError } from '../../../src/errors/auth-flow-error';
import { ConnectionError } from '../../../src/errors/connection-error';
import { MarkedError } from '../../../src/errors/marked-error';
import { PatchbayError } from '../../../src/errors/patchbay-error';
import { RequestError } from '../../../src/errors/request-error';

describe('MarkedError', () => {
  const connection = new ConnectionError('network', 'down');
  const patchbay = new PatchbayError('not-found', 'gone');
  it.each<[string, { isInstance(value: unknown): boolean }, unknown, boolean]>([
    ['a ConnectionError as one', ConnectionError, connection, true],
    ['a ConnectionError as no PatchbayError', PatchbayError, connection, false],
    ['a PatchbayError as one', PatchbayError, patchbay, true],
    ['a PatchbayError as no AuthFlowError', AuthFlowError, patchbay, false],
    ['a plain Error as no RequestError', RequestError, new Error('plain'), false],
    ['undefined as no ConnectionError', ConnectionError, undefined, false],
  ])('recognises %s by its marker', (_name, type, value, expected) => {
    expect(type.isInstance(value)).toBe(expected);
  });

  it('matches a base class check for subclasses, and survives a second copy of a class', () => {
    class Copy extends MarkedError {
      // A second bundle's copy of ConnectionError shares the registered symbol.
      static override readonly marker = Symbol.for('patchbay.connection-error');
    }
    const copy = new Copy('from another bundle');
    expect(ConnectionError.isInstance(copy)).toBe(true);
    expect(MarkedError.isInstance(new AuthFlowError('cancelled', 'closed'))).toBe(true);
  });

  it('keeps readable names, messages and causes', () => {
    const cause = new Error('socket');
    const error = new ConnectionError('network', 'down', { cause });
    expect(error.name).toBe('ConnectionError');
    expect(error.message).toBe('down');
    expect(error.cause).toBe(cause);
    expect(new RequestError({ code: 'timeout', message: 'slow', retryable: true })).toMatchObject({
      name: 'RequestError',
      code: 'timeout',
      retryable: true,
    });
  });
});
