import { ConnectionError } from '../../errors/connection-error';

/** A request that got no answer, classified as the server's fetch classifies it. */
export function requestFailure(error: unknown, url: string): ConnectionError {
  if (ConnectionError.isInstance(error)) return error; // refused before leaving (site access)
  if (error instanceof Error && error.name === 'TimeoutError')
    return new ConnectionError('timeout', 'The server did not answer in time');
  // Node's fetch puts the socket's error code on `cause`; Chrome says only "Failed to fetch".
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return new ConnectionError('network', `Network request to ${new URL(url).host} failed`, {
    ...(typeof code === 'string' ? { networkCode: code } : {}),
  });
}

/** What the server's admin (or the person, for site access) can do about a failed request. */
export function failureFix(failure: ConnectionError): string | undefined {
  return {
    network: 'Check that it runs there, its name resolves and its TLS certificate is valid.',
    timeout: 'Check its load, and any proxy in front of it.',
    'no-access': 'Nothing to change on the server: click Allow access.',
  }[failure.kind as string];
}
