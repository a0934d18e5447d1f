import { ConnectionError } from './connection-error';

/** The site pattern a failure asks for, looking through the causes the SDK wraps it in. */
export function blockedSite(error: unknown): string | undefined {
  for (let cause: unknown = error, depth = 0; cause && depth < 6; depth += 1) {
    if (ConnectionError.isInstance(cause) && cause.kind === 'no-access')
      return cause.details.sitePattern;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
