import { PatchbayError } from '../errors/patchbay-error';
import { leavesConnectionUp, toConnectionError } from './classify-error';
import type { Connection } from './connection';
import { FEATURE_NAMES, offers, type Feature } from './feature-offers';
import { sessionFailure } from './session/failures';
import type { ServerSession } from './session/server-session';
import { switchedOff } from './session/status';

/** How long a listing, read or completion may take. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Runs a request for one of a server's features on its connection: refuses switched-off
 * servers and servers that do not offer the feature, and turns failures into errors with a
 * sentence (a JSON-RPC error from the server leaves the connection as it is).
 */
export async function onServer<T>(
  session: ServerSession,
  feature: Feature,
  what: string,
  operation: (connection: Connection) => Promise<T>,
): Promise<T> {
  const { name } = session.config;
  if (!session.isEnabled) throw new PatchbayError('not-enabled', switchedOff(name));
  try {
    return await session.withConnection(async (connection) => {
      if (!offers(connection.capabilities, feature))
        throw new PatchbayError(
          'invalid-request',
          `${name} does not offer ${FEATURE_NAMES[feature]}.`,
        );
      return operation(connection);
    });
  } catch (error) {
    if (PatchbayError.isInstance(error)) throw error;
    const connectionError = toConnectionError(error);
    if (leavesConnectionUp(error, connectionError))
      throw new PatchbayError(
        'request-failed',
        `${name} could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
      );
    if (connectionError.kind !== 'timeout') session.lose(connectionError);
    throw sessionFailure(session, connectionError);
  }
}
