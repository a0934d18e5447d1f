/**
 * Storage keys, exactly as the remote MCP integration spec's table (remote-mcp-integration.md) names them (plus `transport`, `era`,
 * `handshake`).
 */
import { oauthKeys } from '../oauth/oauth-keys';

export const storageKeys = {
  customServers: 'customMcpServers',
  /**
   * Task-augmented tool calls, by chat and call ({@link StoredTask}): running, or done and not
   * yet in a chat.
   */
  tasks: 'mcp.tasks',
  enabled: (serverId: string) => `mcp.${serverId}.enabled`,
  disabledTools: (serverId: string) => `mcp.${serverId}.tools.disabled`,
  sessionId: (serverId: string) => `mcp.${serverId}.sessionId`,
  /** What the 2025-era handshake of that session settled ({@link Handshake}), to resume it. */
  handshake: (serverId: string) => `mcp.${serverId}.handshake`,
  /** The transport found for the server, so reconnects do not probe again. */
  transport: (serverId: string) => `mcp.${serverId}.transport`,
  /** The protocol era found for the server ({@link StoredEra}), so reconnects do not probe. */
  era: (serverId: string) => `mcp.${serverId}.era`,
  /** True when the person lets the server ask to run their model (sampling); off by default. */
  sampling: (serverId: string) => `mcp.${serverId}.sampling`,
  /**
   * The person's decisions about the server's skills (src/skills/skill-decisions.ts): here with
   * the server's other keys, so removing the server removes them (allServerKeys).
   */
  skills: (serverId: string) => `mcp.${serverId}.skills`,
  ...oauthKeys,
} as const;

/** Every key that belongs to one server, for removing all trace of it. */
export function allServerKeys(serverId: string): string[] {
  return Object.values(storageKeys)
    .filter((key): key is (serverId: string) => string => typeof key === 'function')
    .map((key) => key(serverId));
}
