/**
 * An MCP server with everything the official conformance suite's server scenarios exercise
 * (`@modelcontextprotocol/conformance`, 2025-11-25 and 2026-07-28): content tools, logging,
 * progress, errors, sampling and elicitation, JSON Schema 2020-12, resources, prompts,
 * completion, and the 2026-07-28 input-required (multi-round-trip) tools. One factory serves
 * both eras: `createMcpHandler` (directly over HTTP) and the stand-in extension's `serveStdio`
 * (through the relay) call it for every instance they need.
 */
import { McpServer, type LoggingLevel } from '@modelcontextprotocol/server';
import { registerClientRequestTools } from './client-request-tools.js';
import { registerContentTools } from './content-tools.js';
import { registerInputRequiredTools } from './input-required-tools.js';
import { requestStateCodec } from './request-state.js';
import { registerResourcesAndPrompts } from './resources-prompts.js';

/** A list whose change the diagnostic trigger tools announce. */
export type ListChange = 'tools' | 'prompts';

export interface EverythingServerOptions {
  /**
   * How `test_trigger_tool_change` / `test_trigger_prompt_change` publish a change. Behind
   * `createMcpHandler`, its `notify` (the handler's bus, which feeds `subscriptions/listen`
   * streams). By default every live instance of this process sends the list-changed
   * notification itself, which `serveStdio` routes to its connection's listen streams.
   */
  announce?: (change: ListChange) => void;
}

/** Everything a registration module needs of the server it registers on. */
export interface EverythingContext {
  server: McpServer;
  announce(change: ListChange): void;
  /** A `notifications/message` outside any request (subscribe, unsubscribe). */
  log(level: LoggingLevel, data: unknown): void;
}

const live = new Set<McpServer>();

function announceToLiveInstances(change: ListChange): void {
  for (const server of live) {
    if (!server.isConnected()) continue;
    if (change === 'tools') server.sendToolListChanged();
    else server.sendPromptListChanged();
  }
}

export function createEverythingServer(options: EverythingServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'patchbay-conformance-everything', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        // Deprecated at 2026-07-28, still negotiated by 2025 sessions (logging/setLevel).
        logging: {},
        completions: {},
      },
      // Retried 2026-07-28 requests whose requestState fails its seal are refused (-32602)
      // before any handler runs.
      requestState: { verify: requestStateCodec.verify },
    },
  );
  if (!options.announce) {
    live.add(server);
    const previousOnClose = server.server.onclose;
    server.server.onclose = () => {
      live.delete(server);
      previousOnClose?.();
    };
  }
  const context: EverythingContext = {
    server,
    announce: options.announce ?? announceToLiveInstances,
    log(level, data) {
      server.server
        .notification({
          method: 'notifications/message',
          params: { level, logger: 'conformance-everything', data },
        })
        .catch(() => undefined); // nobody connected to hear it
    },
  };
  registerContentTools(context);
  registerClientRequestTools(context);
  registerInputRequiredTools(context);
  registerResourcesAndPrompts(context);
  return server;
}
