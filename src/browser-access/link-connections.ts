/**
 * The relay link's live connections, each an external client's: counted as connected from its
 * first request until it ends, or until the link goes down (which ends them all).
 */
import type { ClientIdentity, ClientRecord } from './client-record';
import type { ClientRegistry } from './clients';

export function createLinkConnections(clients: ClientRegistry, changed: () => void) {
  /** Each live connection's end: it uncounts its client. */
  const connections = new Map<string, () => void>();

  function release(connectionId: string) {
    connections.get(connectionId)?.();
    if (connections.delete(connectionId)) changed();
  }

  return {
    /** The client behind a connection's request, counted as connected unless it is blocked. */
    async clientOf(connectionId: string, identity: ClientIdentity): Promise<ClientRecord> {
      const client = await clients.identify(identity);
      if (client.policy !== 'blocked' && !connections.has(connectionId)) {
        connections.set(connectionId, clients.opened(client.id));
        changed();
      }
      return client;
    },
    /** The connection ended. */
    release,
    /** The link went down: every connection ended, whether or not it said so. */
    releaseAll(): void {
      for (const id of [...connections.keys()]) release(id);
    },
  };
}
