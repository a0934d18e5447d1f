import { VERSION } from '../version.js';

/** What `/.well-known/mcp-config` says of the relay. */
export const MCP_CONFIG = {
  schemaVersion: '1.0',
  name: 'patchbay-relay',
  version: VERSION,
  description:
    "Patchbay Relay: MCP clients reach the tools of the user's browser (Patchbay), over Streamable HTTP, legacy HTTP+SSE or the relay WebSocket protocol.",
  capabilities: { tools: true, resources: true, prompts: true },
};

/** The paths it is served at. */
export const MCP_CONFIG_PATHS = ['/.well-known/mcp-config', '/mcp/.well-known/mcp-config'];
