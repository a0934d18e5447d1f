/**
 * The MCP servers the relay link's connections get, one per connection (browser-mcp-server.ts):
 * each lists the hub's tools and runs them through the gate. Which clients have a connection
 * open is counted here, and a change to the tools a client may see is told to every
 * connected client, at most every {@link LIST_CHANGED_DEBOUNCE_MS}.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { BrowserTools } from '../browser-tools/browser-tools';
import { createBrowserMcpServer } from './browser-mcp-server';
import type { ClientRegistry } from './clients';
import type { Gate } from './gate';
import { browserHubTools, hubTools, type HubSources } from './hub';

/** List changes are told to clients at most this often. */
const LIST_CHANGED_DEBOUNCE_MS = 250;

export function createRelayServers(options: {
  version: string;
  browser: BrowserTools;
  sources: Omit<HubSources, 'browser'>;
  clients: ClientRegistry;
  gate: Gate;
  /** Whether browser access is switched on. */
  enabled(): Promise<boolean>;
  /** Which clients are connected changed. */
  changed(): void;
}) {
  const { clients } = options;
  const live = new Map<string, { server: McpServer; release?: () => void }>();
  const tools = () => hubTools({ ...options.sources, browser: options.browser });
  const ownTools = browserHubTools(options.browser);
  const tool = async (name: string) =>
    ownTools.find((candidate) => candidate.name === name) ??
    (await tools()).find((candidate) => candidate.name === name);
  let listTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    /** The server for a connection the relay opened. */
    serverFor(connectionId: string): McpServer {
      const entry: { server: McpServer; release?: () => void } = {
        server: createBrowserMcpServer({
          version: options.version,
          tools,
          ownTools: async () => ownTools,
          tool,
          clients,
          gate: options.gate,
          enabled: options.enabled,
          onClient(clientId) {
            if (entry.release) return;
            entry.release = clients.opened(clientId);
            options.changed();
          },
        }),
      };
      live.set(connectionId, entry);
      return entry.server;
    },
    /** The relay closed a connection. */
    ended(connectionId: string): void {
      live.get(connectionId)?.release?.();
      live.delete(connectionId);
      options.changed();
    },
    /** The tools a client may see changed: each connected client lists them again. */
    toolsChanged(): void {
      clearTimeout(listTimer);
      listTimer = setTimeout(() => {
        for (const { server } of live.values()) {
          if (server.isConnected()) server.sendToolListChanged();
        }
      }, LIST_CHANGED_DEBOUNCE_MS);
    },
    close(): void {
      clearTimeout(listTimer);
    },
  };
}
