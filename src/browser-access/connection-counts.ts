/** How many live relay connections each external client has, as the client list shows. */
export function createConnectionCounts() {
  const counts = new Map<string, number>();
  return {
    /** Counts a connection of the client; call the returned function when it ends. */
    opened(clientId: string): () => void {
      counts.set(clientId, (counts.get(clientId) ?? 0) + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (counts.get(clientId) ?? 1) - 1;
        if (left > 0) counts.set(clientId, left);
        else counts.delete(clientId);
      };
    },
    /** The client's live connections. */
    of: (clientId: string): number => counts.get(clientId) ?? 0,
  };
}
