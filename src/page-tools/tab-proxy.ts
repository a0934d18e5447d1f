/**
 * Which of a page's tool sources the tab's proxy relays: its own MCP server (MCP-B) when it has
 * one, else its WebMCP tools. The MCP server wins because it says more (output schemas, MCP-B's
 * cache mark), and a page running MCP-B's runtime offers the same tools both ways: relaying
 * both would list each twice. One proxy at a time; a source that goes away lets the other in.
 */
import type { PageToolSource } from './page-tool-source';
import { startProxy, type HubPort, type RunningProxy } from './proxy';

export interface TabProxyOptions {
  /** Connects to the page's MCP server; rejects when none answers. */
  connectMcpB(): Promise<PageToolSource>;
  webmcp: {
    readonly available: boolean;
    onAvailability(listener: (available: boolean) => void): void;
    source(): PageToolSource;
  };
  openPort(): HubPort;
  debounceMs?: number;
}

export interface TabProxy {
  /** Looks for the page's MCP server (at start, and when a server says it started). */
  findServer(): void;
  /** The source relayed now, if any. */
  readonly relaying: 'mcp-b' | 'webmcp' | undefined;
}

export function startTabProxy(options: TabProxyOptions): TabProxy {
  let current: { kind: 'mcp-b' | 'webmcp'; proxy: Promise<RunningProxy | undefined> } | undefined;
  let connecting = false;

  /** Relays `source` once `before` (the stop of the proxy it replaces) is done. */
  const relay = (kind: 'mcp-b' | 'webmcp', source: PageToolSource, before?: Promise<void>) => {
    const proxy = (before ?? Promise.resolve())
      .then(() =>
        startProxy({ source, openPort: options.openPort, debounceMs: options.debounceMs }),
      )
      .catch(async () => {
        await source.close().catch(() => undefined);
        return undefined;
      });
    const entry = { kind, proxy };
    current = entry;
    void proxy.then(async (running) => {
      if (running) await running.closed;
      if (current !== entry) return;
      current = undefined;
      // The page's server went (or would not list its tools): its WebMCP tools, if any, come in.
      // WebMCP tools that would not list are not asked again in a loop; the next change brings
      // them back.
      if (running || kind === 'mcp-b') relayWebMcp();
    });
  };

  // WebMCP tools are relayed as soon as they show, even while the page's MCP server is still
  // being looked for; the server, if one answers, takes over.
  const relayWebMcp = () => {
    if (!current && options.webmcp.available) relay('webmcp', options.webmcp.source());
  };

  const findServer = () => {
    if (connecting || current?.kind === 'mcp-b') return;
    connecting = true;
    options
      .connectMcpB()
      .then((source) => {
        const replaced = current?.proxy;
        relay(
          'mcp-b',
          source,
          replaced?.then((running) => running?.stop()),
        );
      })
      .catch(() => undefined)
      .finally(() => {
        connecting = false;
      });
  };

  options.webmcp.onAvailability((available) => (available ? relayWebMcp() : undefined));
  relayWebMcp();
  findServer();
  return {
    findServer,
    get relaying() {
      return current?.kind;
    },
  };
}
