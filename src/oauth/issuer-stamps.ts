import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { oauthKeys } from './oauth-keys';
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
  const updates = issuerStamps(await store.getMany(issuerStampKeys(serverId)), serverId);
  if (Object.keys(updates).length) await store.set(updates);
}

/** The storage keys {@link issuerStamps} reads. */
export function issuerStampKeys(serverId: string): string[] {
  return [
    oauthKeys.client(serverId),
    oauthKeys.tokens(serverId),
    oauthKeys.oauthEndpoints(serverId),
  ];
}

/** The stamped entries to store, from values already read (empty when nothing needs one). */
export function issuerStamps(
  stored: Record<string, unknown>,
  serverId: string,
): Record<string, unknown> {
  const discovery = stored[oauthKeys.oauthEndpoints(serverId)] as OAuthDiscoveryState | undefined;
  const issuer = discovery?.authorizationServerMetadata?.issuer;
  const updates: Record<string, unknown> = {};
  if (typeof issuer !== 'string') return updates;
  for (const key of [oauthKeys.client(serverId), oauthKeys.tokens(serverId)]) {
    const entry = stored[key];
    if (isRecord(entry) && entry.issuer === undefined) updates[key] = { ...entry, issuer };
  }
  return updates;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
