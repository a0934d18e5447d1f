import type { Client, McpSubscription } from '@modelcontextprotocol/client';

/**
 * Subscriptions to single resources on one connection. The 2025 era has `resources/subscribe`;
 * 2026-07-28 has none, so each resource gets a `subscriptions/listen` stream of its own, shared
 * by concurrent subscribers and forgotten when the server ends it (subscribing again then opens
 * a new one).
 */
export function createResourceSubscriptions(client: Client) {
  const streams = new Map<string, Promise<McpSubscription>>();
  const modern = () => client.getProtocolEra() === 'modern';
  return {
    async subscribe(uri: string): Promise<void> {
      if (!modern()) {
        await client.subscribeResource({ uri });
        return;
      }
      const existing = streams.get(uri);
      if (existing) {
        await existing;
        return;
      }
      const opening = client.listen({ resourceSubscriptions: [uri] });
      streams.set(uri, opening);
      try {
        const stream = await opening;
        void stream.closed.then(() => {
          if (streams.get(uri) === opening) streams.delete(uri);
        });
      } catch (error) {
        streams.delete(uri);
        throw error;
      }
    },

    async unsubscribe(uri: string): Promise<void> {
      if (!modern()) {
        await client.unsubscribeResource({ uri });
        return;
      }
      const stream = streams.get(uri);
      streams.delete(uri);
      await (await stream?.catch(() => undefined))?.close();
    },

    /** Ends every stream (the connection is closing). */
    async closeAll(): Promise<void> {
      const open = [...streams.values()];
      streams.clear();
      await Promise.all(
        open.map((stream) => stream.then((opened) => opened.close()).catch(() => undefined)),
      );
    },
  };
}
