/**
 * Where a server's sign-in is stored, one key per piece (part of the storage keys' table,
 * src/mcp/storage-keys.ts, which removes, backs up and syncs them with the server's others).
 */
export const oauthKeys = {
  oauthEndpoints: (serverId: string) => `mcp.${serverId}.oauth.endpoints`,
  tokens: (serverId: string) => `oauth.${serverId}.tokens`,
  client: (serverId: string) => `oauth.${serverId}.client`,
  /** The authorization server a pre-registered client was first used with, and stays bound to. */
  preRegisteredIssuer: (serverId: string) => `oauth.${serverId}.preregistered_issuer`,
  /** An authorization in progress (state, PKCE verifier), so a restarted worker can finish it. */
  pendingAuthorization: (serverId: string) => `oauth.${serverId}.pending`,
  grantedScopes: (serverId: string) => `oauth.${serverId}.granted_scopes`,
  challengedScopes: (serverId: string) => `oauth.${serverId}.challenged_scopes`,
} as const;
