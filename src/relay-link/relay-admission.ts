/**
 * A new relay connection's client is asked about before an MCP session is made for it
 * (RelayLinkOptions.refusal), so that a client the person blocked costs the link no server.
 * Meanwhile the connection's messages wait, in order; then they go to the new session or, when
 * the client is refused, each request is answered with the refusal and the rest is dropped. A
 * refused client is asked about again on its next request (the person may have let it in).
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { clientTagSchema } from '../messaging/browser-link-contract';
import { CLIENT_META } from '../../relay/src/wire/tags';

/** The token a client came with, as the relay names it (never the token itself). */
export type ClientTag = z.infer<typeof clientTagSchema>;

/** Why a client gets no session, or undefined when it may have one. */
export type Refusal = (client: ClientTag | undefined) => Promise<string | undefined>;

type Incoming = Record<string, unknown>;

/** MCP's (and the browser server's) code for a request it will not serve. */
const INVALID_REQUEST = -32600;

export function createAdmissions(refusal: Refusal) {
  /** Connections whose client is being asked about: their messages so far. */
  const waiting = new Map<string, Incoming[]>();

  return {
    /** Keeps a message for a connection being asked about; false when none is. */
    hold(connectionId: string, message: Incoming): boolean {
      const queued = waiting.get(connectionId);
      queued?.push(message);
      return queued !== undefined;
    },
    /** Asks about a new connection's client, with its first request. */
    ask(
      connectionId: string,
      first: Incoming,
      meta: Record<string, unknown> | undefined,
      outcome: { admitted(messages: Incoming[]): void; write(message: JSONRPCMessage): void },
    ): void {
      const queued = [first];
      waiting.set(connectionId, queued);
      void refusal(clientTagOf(meta))
        // Not knowing, the session is made: its server checks the client on every call anyway.
        .catch(() => undefined)
        .then((refused) => {
          // The connection, or the link, ended meanwhile.
          if (waiting.get(connectionId) !== queued) return;
          waiting.delete(connectionId);
          if (refused === undefined) return outcome.admitted(queued);
          for (const each of queued) {
            if (typeof each.method !== 'string' || each.id === undefined) continue;
            outcome.write({
              jsonrpc: '2.0',
              id: each.id as string,
              error: { code: INVALID_REQUEST, message: refused },
            });
          }
        });
    },
    forget(connectionId: string): void {
      waiting.delete(connectionId);
    },
    clear(): void {
      waiting.clear();
    },
  };
}

/** The client a message names in the relay's tag, if it names one. */
function clientTagOf(meta: Record<string, unknown> | undefined): ClientTag | undefined {
  const tag = meta?.[CLIENT_META] as { user?: unknown; token?: unknown } | undefined;
  return typeof tag?.user === 'string' && typeof tag.token === 'string'
    ? { user: tag.user, token: tag.token }
    : undefined;
}
