import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConnectionError } from '../../../src/errors/connection-error';
import {
  isMalformedMessage,
  leavesConnectionUp,
  toConnectionError,
} from '../../../src/mcp/classify-error';
import type { ServerFetch } from '../../../src/mcp/server-fetch';

const httpError = (status: number) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `HTTP ${status}`, { status });

/** An EventSource error as the legacy transport reports it: a code, or none at all. */
const sseError = (code: number | undefined) =>
  new SseError(code, 'SSE error', { message: 'SSE error' } as ErrorEvent);

const zodError = (() => {
  try {
    z.object({ jsonrpc: z.literal('2.0') }).parse({});
  } catch (error) {
    return error;
  }
  throw new Error('zod accepted an empty object');
})();

/** What the fetch of the legacy transport saw before its EventSource gave up. */
const seenByFetch = new ConnectionError('network', 'ECONNREFUSED', { networkCode: 'ECONNREFUSED' });
const serverFetch = Object.assign(() => Promise.reject(new Error('unused')), {
  lastError: seenByFetch,
}) as unknown as ServerFetch;

describe('what a failure from the SDK or fetch means', () => {
  it.each<[string, unknown, string, string, number | undefined]>([
    ['a 401 the SDK names', new UnauthorizedError('no token'), 'auth', 'Unauthorized', 401],
    ['HTTP 401', httpError(401), 'auth', 'HTTP 401', 401],
    ['HTTP 403', httpError(403), 'auth', 'HTTP 403', 403],
    ['HTTP 404', httpError(404), 'not-found', 'HTTP 404', 404],
    ['HTTP 500', httpError(500), 'server', 'HTTP 500', 500],
    ['HTTP 503', httpError(503), 'server', 'HTTP 503', 503],
    ['HTTP 499', httpError(499), 'protocol', 'it answered HTTP 499', 499],
    ['an event stream refused with HTTP 502', sseError(502), 'server', 'HTTP 502', 502],
    [
      'an event stream that fails with no code',
      sseError(undefined),
      'network',
      'The server could not be reached',
      undefined,
    ],
    [
      'an event stream that fails with code 0',
      sseError(0),
      'network',
      'The server could not be reached',
      undefined,
    ],
    [
      'a timeout',
      new SdkError(SdkErrorCode.RequestTimeout, 'slow'),
      'timeout',
      'The request timed out',
      undefined,
    ],
    [
      'a closed connection',
      new SdkError(SdkErrorCode.ConnectionClosed, 'closed'),
      'network',
      'The connection closed',
      undefined,
    ],
    [
      'a failed send',
      new SdkError(SdkErrorCode.SendFailed, 'send'),
      'network',
      'The connection closed',
      undefined,
    ],
    [
      'an HTML page',
      new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/html'),
      'protocol',
      'it answered with text/html',
      undefined,
    ],
    [
      'other unexpected content',
      new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Body was empty'),
      'protocol',
      'Body was empty',
      undefined,
    ],
    [
      'a result that does not validate',
      new SdkError(SdkErrorCode.InvalidResult, 'bad result'),
      'protocol',
      'bad result',
      undefined,
    ],
    [
      'a JSON-RPC error',
      new ProtocolError(-32602, 'Unknown tool'),
      'protocol',
      'error -32602: Unknown tool',
      undefined,
    ],
    [
      'JSON that does not parse',
      new SyntaxError('Unexpected token <'),
      'protocol',
      'its reply was not valid JSON-RPC',
      undefined,
    ],
    [
      'JSON that is not JSON-RPC',
      zodError,
      'protocol',
      'its reply was not valid JSON-RPC',
      undefined,
    ],
    ['anything else thrown', 'a string', 'protocol', 'a string', undefined],
  ])('%s', (_name, error, kind, message, status) => {
    const classified = toConnectionError(error);
    expect(classified).toMatchObject({ kind, message });
    expect(classified.details.status).toBe(status);
    expect(classified.details.cause).toBe(error);
  });

  it('keeps a classification made at the source, however deep the SDK wrapped it', () => {
    const source = new ConnectionError('cloudflare', 'Worker threw', { status: 500 });
    const wrapped = new SdkError(SdkErrorCode.SendFailed, 'send', undefined, {
      cause: new Error('fetch failed', { cause: source }),
    });
    expect(toConnectionError(wrapped)).toBe(source);
    // Four levels down it is found; past that it is not looked for.
    const wrappedIn = (levels: number) => {
      let error: unknown = source;
      for (let level = 0; level < levels; level += 1)
        error = new Error(`level ${level}`, { cause: error });
      return error;
    };
    expect(toConnectionError(wrappedIn(4))).toBe(source);
    expect(toConnectionError(wrappedIn(5))).not.toBe(source);
  });

  it.each([
    ['an event stream that fails with no code', sseError(undefined)],
    ['a closed connection', new SdkError(SdkErrorCode.ConnectionClosed, 'closed')],
    ['a failed send', new SdkError(SdkErrorCode.SendFailed, 'send')],
    ['another SDK failure', new SdkError(SdkErrorCode.NotConnected, 'not connected')],
  ])('takes what the fetch saw for %s', (_name, error) => {
    expect(toConnectionError(error, serverFetch)).toBe(seenByFetch);
  });
});

describe('which failures leave the connection up', () => {
  it.each<[string, unknown, boolean]>([
    ['a JSON-RPC error', new ProtocolError(-32602, 'Unknown tool'), true],
    ['a result that does not validate', new SdkError(SdkErrorCode.InvalidResult, 'bad'), true],
    ['a check of Patchbay’s own', new Error('too many pages'), true],
    [
      'an HTML page',
      new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/html'),
      false,
    ],
    ['a closed connection', new SdkError(SdkErrorCode.ConnectionClosed, 'closed'), false],
    ['a failed send', new SdkError(SdkErrorCode.SendFailed, 'send'), false],
    ['JSON that does not parse', new SyntaxError('Unexpected token <'), false],
    ['JSON that is not JSON-RPC', zodError, false],
    ['HTTP 499', httpError(499), false],
    ['a timeout', new SdkError(SdkErrorCode.RequestTimeout, 'slow'), false],
  ])('%s: %s', (_name, error, up) => {
    expect(leavesConnectionUp(error, toConnectionError(error))).toBe(up);
  });

  it.each([
    ['a closed connection', new SdkError(SdkErrorCode.ConnectionClosed, 'closed')],
    ['a failed send', new SdkError(SdkErrorCode.SendFailed, 'send')],
    ['an HTML page', new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'text/html')],
  ])('does not for %s, even when the fetch saw a protocol fault', (_name, error) => {
    // The legacy transport's fetch classified the body; the SDK then reports the send failed.
    const seen = new ConnectionError('protocol', 'its reply was not valid JSON-RPC');
    expect(leavesConnectionUp(error, seen)).toBe(false);
  });

  it.each<[string, unknown, boolean]>([
    ['a SyntaxError', new SyntaxError('x'), true],
    ['a ZodError', zodError, true],
    ['another Error', new TypeError('x'), false],
    ['an object named like one', { name: 'ZodError' }, false],
  ])('calls %s a malformed message: %s', (_name, error, malformed) => {
    expect(isMalformedMessage(error)).toBe(malformed);
  });
});
