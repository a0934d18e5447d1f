import type { McpManager } from '../mcp/manager';
import type { PageToolsService } from '../page-tools/page-tools-service';
import type { HubSources } from './hub';

/**
 * What browser access offers outside clients besides the browser's own tools: the switched-on
 * servers' tools through the MCP manager, a call cancelled on the server when the client's call
 * is aborted, and the allowed sites' own tools.
 */
export function hubSources(
  manager: Pick<McpManager, 'listEnabledTools' | 'listServers' | 'callTool' | 'cancelTool'>,
  pageTools: Pick<PageToolsService, 'views' | 'call'>,
): Omit<HubSources, 'browser'> {
  return {
    remoteTools: () => manager.listEnabledTools(),
    serverNames: async () =>
      new Map((await manager.listServers()).map((server) => [server.id, server.name])),
    async callRemote(serverId, name, args, signal) {
      const callId = crypto.randomUUID();
      const cancel = () => void manager.cancelTool(serverId, { callId });
      signal.addEventListener('abort', cancel, { once: true });
      try {
        return await manager.callTool(serverId, { name, arguments: args, callId });
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
    pageTools: () => pageTools.views(),
    callPage: (name, args) => pageTools.call(name, args),
  };
}
