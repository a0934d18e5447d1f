/**
 * How one connection stands, from its handshake on: whether it is up or closing, a malformed
 * reply during the handshake, and what a stream error means once it is up (the legacy SSE
 * transport lost; Streamable HTTP asks the server with a ping whether it is still there).
 */
import type { Client, SSEClientTransport } from '@modelcontextprotocol/client';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ConnectionError } from '../errors/connection-error';
import { isMalformedMessage, toConnectionError } from './classify-error';
import type { TransportKind } from './connection-types';
import type { ServerFetch } from './server-fetch';

/** How long the liveness ping after a stream error may take. */
const VERIFY_TIMEOUT_MS = 5_000;

export interface ConnectionWatch {
  /** `close()` was called, or the connection was found lost: nothing more is reported. */
  closing: boolean;
  /** The handshake finished. */
  established: boolean;
  /**
   * Rejects with a reply the transport cannot parse (bad JSON in a frame), which would leave
   * the request waiting for its timeout: during connect, it fails at once with what was wrong.
   */
  malformed: Promise<never>;
}

export function watchConnection(
  client: Client,
  transport: StreamableHTTPClientTransport | SSEClientTransport,
  kind: TransportKind,
  serverFetch: ServerFetch,
  onLost: ((error: ConnectionError) => void) | undefined,
): ConnectionWatch {
  let verifying = false;
  let rejectMalformed: (error: unknown) => void = () => undefined;
  const malformed = new Promise<never>((_, reject) => {
    rejectMalformed = reject;
  });
  malformed.catch(() => undefined);
  const watch: ConnectionWatch = { closing: false, established: false, malformed };
  const lost = (error: unknown) => {
    watch.closing = true;
    onLost?.(toConnectionError(error, serverFetch));
    void client.close();
  };
  client.onclose = () => {
    if (watch.established && !watch.closing) {
      onLost?.(new ConnectionError('network', 'The connection to the server closed'));
    }
  };
  // Set on the transport itself: the SDK's era probe runs before the client hooks its own
  // error handler in (SDK 2.4), and the Protocol keeps this one chained afterwards.
  transport.onerror = (error) => {
    if (!watch.established && isMalformedMessage(error)) rejectMalformed(error);
  };
  client.onerror = (error) => {
    if (!watch.established || watch.closing) return;
    // A 403 asking for more scope is about one request, which fails with it and steps up; the
    // connection itself is fine.
    if (isInsufficientScope(error)) return;
    // The legacy SSE transport has only its event stream: losing it loses the connection.
    if (kind === 'sse') return lost(error);
    // Streamable HTTP reports a failing optional GET stream here, which alone is harmless
    // (404/405/406). Whether the server is still there, a ping tells.
    if (verifying) return;
    verifying = true;
    ping(client, { timeout: VERIFY_TIMEOUT_MS })
      .catch((pingError: unknown) => {
        if (!watch.closing) lost(pingError);
      })
      .finally(() => {
        verifying = false;
      });
  };
  return watch;
}

/** The era's liveness round trip: 2026-07-28 dropped `ping`; `server/discover` is as cheap. */
export async function ping(client: Client, options: { timeout?: number }): Promise<void> {
  if (client.getProtocolEra() === 'modern') await client.discover(options);
  else await client.ping(options);
}

function isInsufficientScope(error: unknown): boolean {
  return (
    ConnectionError.isInstance(error) && error.details.challenge?.error === 'insufficient_scope'
  );
}
