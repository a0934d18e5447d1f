import type { ConnectionError } from '../../errors/connection-error';
import { toConnectionError } from '../classify-error';
import { openConnection, type Connection, type OpenConnectionOptions } from '../connection';
import { listAllTools, type ToolList } from '../list-tools';

/**
 * Opens a connection and fetches the tool list. `onOpen` hears of each connection as soon as it
 * can carry requests, so a tool call need not wait for the list, and may hold the list back
 * until such calls are done (with a stored era the connection opens without a round trip, so
 * the call is then the first request and has the worker to itself). A stored `modern` era is
 * adopted without any round trip, so a server that has since gone back to 2025 is found out only
 * by the list: then the era is probed again, once, on a fresh connection.
 */
export async function connectAndList(
  options: OpenConnectionOptions & {
    /** Hears of each connection as it opens; the list waits for what it returns. */
    onOpen?: (connection: Connection) => Promise<void> | void;
  },
): Promise<{ connection: Connection; list: ToolList }> {
  const { onOpen, ...openOptions } = options;
  const connection = await openConnection(openOptions);
  await onOpen?.(connection);
  try {
    connection.followChanges();
    return { connection, list: await listAllTools(connection) };
  } catch (error) {
    await connection.close({ terminate: true });
    const failure = toConnectionError(error);
    if (connection.resumed && failure.kind !== 'auth') {
      // The stored session is gone (404, usually): shake hands afresh, in the same era.
      return listOn(await openConnection(withoutResume(openOptions)), onOpen);
    }
    if (!connection.eraReused || !isEraMismatch(failure)) throw failure;
    return listOn(await openConnection({ ...withoutResume(openOptions), era: undefined }), onOpen);
  }
}

function withoutResume(options: OpenConnectionOptions): OpenConnectionOptions {
  const fresh = { ...options };
  delete fresh.resume;
  return fresh;
}

/** The second try: lists on a fresh connection, closing it when that fails too. */
async function listOn(
  connection: Connection,
  onOpen: ((connection: Connection) => Promise<void> | void) | undefined,
): Promise<{ connection: Connection; list: ToolList }> {
  await onOpen?.(connection);
  try {
    connection.followChanges();
    return { connection, list: await listAllTools(connection) };
  } catch (retryError) {
    await connection.close({ terminate: true });
    throw retryError;
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

/**
 * Whether a request sent on a connection with a stored era was refused at the HTTP level
 * (400, 404, 405), before any JSON-RPC handling: it never ran, so it can be sent again once the
 * era is probed afresh.
 */
export function refusedBeforeRunning(error: ConnectionError): boolean {
  const status = error.details.status;
  return error.kind !== 'auth' && (status === 400 || status === 404 || status === 405);
}
