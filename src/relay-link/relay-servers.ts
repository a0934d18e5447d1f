/**
 * The MCP servers the relay link's connections get, one per connection (browser-mcp-server.ts),
 * in the offscreen host. The service worker hears when a connection ends (it counts which
 * clients are connected), and says when the tools a client may see changed: that is told to
 * every connected client, at most every {@link LIST_CHANGED_DEBOUNCE_MS}.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { createBrowserMcpServer } from './browser-mcp-server';
import type { LinkAsk } from './worker-asks';

/** List changes are told to clients at most this often. */
const LIST_CHANGED_DEBOUNCE_MS = 250;

export function createRelayServers(options: { version(): string; ask: LinkAsk }) {
  const live = new Map<string, McpServer>();
  let listTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    /** The server for a connection the relay opened. */
    serverFor(connectionId: string): McpServer {
      const server = createBrowserMcpServer({
        version: options.version(),
        connectionId,
        ask: options.ask,
      });
      live.set(connectionId, server);
      return server;
    },
    /** The relay closed a connection (or the link went down). */
    ended(connectionId: string): void {
      live.delete(connectionId);
      void options.ask('browser-link/connection/ended', { connectionId }).catch(() => undefined);
    },
    /** The tools a client may see changed: each connected client lists them again. */
    toolsChanged(): void {
      clearTimeout(listTimer);
      listTimer = setTimeout(() => {
        for (const server of live.values()) {
          if (server.isConnected()) void server.sendToolListChanged();
        }
      }, LIST_CHANGED_DEBOUNCE_MS);
    },
    close(): void {
      clearTimeout(listTimer);
    },
  };
}
