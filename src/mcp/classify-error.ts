import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { ConnectionError } from '../errors/connection-error';
import type { ServerFetch } from './server-fetch';

/** Turns whatever the SDK or fetch threw into a classified {@link ConnectionError}. */
export function toConnectionError(error: unknown, serverFetch?: ServerFetch): ConnectionError {
  // The SDK wraps what the fetch threw (SDK 2.4: SendFailed with the cause kept): the
  // classification made at the source is the one to keep.
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    if (ConnectionError.isInstance(cause)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  if (UnauthorizedError.isInstance(error)) {
    return new ConnectionError('auth', 'Unauthorized', { status: 401, cause: error });
  }
  if (SdkHttpError.isInstance(error)) return fromStatus(error.status, error);
  if (SseError.isInstance(error)) {
    const status = error.code;
    if (typeof status === 'number' && status > 0) return fromStatus(status, error);
    // The legacy transport's EventSource keeps no details: the fetch wrapper knows more.
    return (
      serverFetch?.lastError ??
      new ConnectionError('network', 'The server could not be reached', { cause: error })
    );
  }
  if (SdkError.isInstance(error)) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return new ConnectionError('timeout', 'The request timed out', { cause: error });
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.SendFailed:
        return (
          serverFetch?.lastError ??
          new ConnectionError('network', 'The connection closed', { cause: error })
        );
      case SdkErrorCode.ClientHttpUnexpectedContent:
        return new ConnectionError('protocol', describeProtocolError(error.message), {
          cause: error,
        });
      default:
        return (
          serverFetch?.lastError ?? new ConnectionError('protocol', error.message, { cause: error })
        );
    }
  }
  if (ProtocolError.isInstance(error)) {
    return new ConnectionError('protocol', `error ${error.code}: ${error.message}`, {
      cause: error,
    });
  }
  if (isMalformedMessage(error)) {
    return new ConnectionError('protocol', 'its reply was not valid JSON-RPC', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectionError('protocol', message, { cause: error });
}

/**
 * True when a request failed but the connection is as good as before: the server answered
 * with a JSON-RPC error, or with something the SDK's checks refused (a result that does not
 * validate, endless pages, an input request it cannot fulfil), or a check here failed. Only
 * transport failures (network, HTTP status, a closed stream, a body that is not MCP at all)
 * mean the connection is lost.
 */
export function leavesConnectionUp(error: unknown, classified: ConnectionError): boolean {
  if (classified.kind !== 'protocol' || classified.details.status !== undefined) return false;
  if (ProtocolError.isInstance(error)) return true;
  if (SdkError.isInstance(error))
    return (
      error.code !== SdkErrorCode.ClientHttpUnexpectedContent &&
      error.code !== SdkErrorCode.ConnectionClosed &&
      error.code !== SdkErrorCode.SendFailed
    );
  return !isMalformedMessage(error);
}

/** JSON that does not parse, or parses into something that is not a JSON-RPC message. */
export function isMalformedMessage(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError');
}

function fromStatus(status: number, cause: unknown): ConnectionError {
  if (status === 401 || status === 403)
    return new ConnectionError('auth', `HTTP ${status}`, { status, cause });
  if (status === 404) return new ConnectionError('not-found', 'HTTP 404', { status, cause });
  if (status >= 500) return new ConnectionError('server', `HTTP ${status}`, { status, cause });
  return new ConnectionError('protocol', `it answered HTTP ${status}`, { status, cause });
}

function describeProtocolError(message: string): string {
  const contentType = /Unexpected content type: (.*)$/.exec(message)?.[1];
  return contentType ? `it answered with ${contentType}` : message;
}
