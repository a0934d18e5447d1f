/**
 * The relay link's MCP server sessions, one per relay connection, each made once its client is
 * admitted (relay-admission.ts), and ended when the client leaves or the link goes down.
 */
import type { JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { RelayConnectionTransport } from './connection-transport';
import { createAdmissions, type Refusal } from './relay-admission';
import { connectionOf, type LinkMessage } from './relay-messages';

interface Session {
  transport: RelayConnectionTransport;
  handle: StdioServerHandle;
}

type Write = (message: JSONRPCMessage) => void;

export interface LinkSessionsOptions {
  /** The MCP server for a new relay connection. */
  serverFor(connectionId: string): McpServer;
  /** Why a new connection's client gets no session (relay-admission.ts). */
  refusal?: Refusal;
  /** A relay connection ended (its client left, or the link went down). */
  onConnectionEnded(connectionId: string): void;
}

export function createLinkSessions(options: LinkSessionsOptions) {
  const sessions = new Map<string, Session>();
  const admissions = options.refusal && createAdmissions(options.refusal);

  function sessionFor(connectionId: string, write: Write) {
    const known = sessions.get(connectionId);
    if (known) return known.transport;
    const transport = new RelayConnectionTransport(connectionId, write);
    const handle = serveStdio(() => options.serverFor(connectionId), { transport });
    sessions.set(connectionId, { transport, handle });
    return transport;
  }

  return {
    /** Ends every session (the link went down or was switched off). */
    endAll() {
      admissions?.clear();
      for (const [connectionId, session] of sessions) {
        void session.handle.close();
        options.onConnectionEnded(connectionId);
      }
      sessions.clear();
    },

    /** The relay says a connection ended. */
    drop(connectionId: string) {
      admissions?.forget(connectionId);
      const session = sessions.get(connectionId);
      if (!session) return;
      sessions.delete(connectionId);
      void session.handle.close();
      options.onConnectionEnded(connectionId);
    },

    /** A client's message, to its connection's session. */
    route(read: LinkMessage, write: Write) {
      const { message, meta } = read;
      const connectionId = connectionOf(read);
      if (!connectionId) return;
      const session = sessions.get(connectionId);
      if (session) return session.transport.receive(message as JSONRPCMessage);
      if (admissions?.hold(connectionId, message)) return;
      // Only a request starts a session: an answer or notification for one that is gone is dropped.
      if (typeof message.method !== 'string' || message.id === undefined) return;
      const admitted = (messages: Record<string, unknown>[]) => {
        const transport = sessionFor(connectionId, write);
        for (const each of messages) transport.receive(each as JSONRPCMessage);
      };
      if (!admissions) return admitted([message]);
      admissions.ask(connectionId, message, meta, { admitted, write });
    },
  };
}
