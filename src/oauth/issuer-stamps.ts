import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { storageKeys } from '../mcp/storage-keys';
import type { KeyValueStore } from '../platform/ports';

/**
 * Storage migration for sign-ins made before credentials were bound to their authorization
 * server. SDK v2 stamps the `issuer` on the client registration and tokens it saves, and
 * Patchbay checks the stamp before using either; entries saved by the 1.x SDK carry none. The
 * issuer they belong to is the one in the discovery state stored beside them, so it is
 * stamped from there. Without a discovery state nothing is stamped (and the next sign-in
 * discovers and stamps afresh). Idempotent: stamped entries are left alone.
 */
export async function stampIssuers(store: KeyValueStore, serverId: string): Promise<void> {
  const keys = {
    client: storageKeys.client(serverId),
    tokens: storageKeys.tokens(serverId),
    discovery: storageKeys.oauthEndpoints(serverId),
  };
  const stored = await store.getMany(Object.values(keys));
  const discovery = stored[keys.discovery] as OAuthDiscoveryState | undefined;
  const issuer = discovery?.authorizationServerMetadata?.issuer;
  if (typeof issuer !== 'string') return;
  const updates: Record<string, unknown> = {};
  for (const key of [keys.client, keys.tokens]) {
    const entry = stored[key];
    if (isRecord(entry) && entry.issuer === undefined) updates[key] = { ...entry, issuer };
  }
  if (Object.keys(updates).length) await store.set(updates);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
