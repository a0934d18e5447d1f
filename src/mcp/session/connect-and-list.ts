import type { ConnectionError } from '../../errors/connection-error';
import { toConnectionError } from '../classify-error';
import { openConnection, type Connection, type OpenConnectionOptions } from '../connection';
import { listAllTools, type ToolList } from '../list-tools';

/**
 * Opens a connection and fetches the tool list, the first request on it. A stored `modern` era
 * is adopted without any round trip, so a server that has since gone back to 2025 is found out
 * only here: then the era is probed again, once, on a fresh connection.
 */
export async function connectAndList(
  options: OpenConnectionOptions,
): Promise<{ connection: Connection; list: ToolList }> {
  const connection = await openConnection(options);
  try {
    return { connection, list: await listAllTools(connection) };
  } catch (error) {
    await connection.close({ terminate: true });
    const failure = toConnectionError(error);
    if (!connection.eraReused || !isEraMismatch(failure)) throw failure;
    const probed = await openConnection({ ...options, era: undefined });
    try {
      return { connection: probed, list: await listAllTools(probed) };
    } catch (retryError) {
      await probed.close({ terminate: true });
      throw retryError;
    }
  }
}

/**
 * Whether a failed first request may be the stored era's fault. Servers answer a request in an
 * era they do not speak in many ways (HTTP 400 or 404, a JSON-RPC error, an `id: null` reply
 * that leaves the SDK closing the connection), so anything but a credentials problem or a
 * timeout is worth one probe: if the server is simply down, the probe fails the same way.
 */
function isEraMismatch(error: ConnectionError): boolean {
  return error.kind !== 'auth' && error.kind !== 'timeout';
}
