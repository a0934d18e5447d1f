/**
 * The servers part of a restore: which of the backup's custom servers are new and which replace
 * one here (same id, else same address, else same name), and what to write for every server the
 * backup speaks of. A server signed in here at the same address keeps its sign-in and client
 * registration; any other gets the backup's registration and no tokens (sign-ins are never in a
 * backup: each browser signs in itself).
 */
import type { ServerConfig } from '../mcp/catalog';
import { CATALOG } from '../mcp/catalog';
import { sameEndpoint } from '../mcp/custom-server-input';
import { allServerKeys, storageKeys } from '../mcp/storage-keys';
import { serverRegistrationKeys, serverSettingKeys } from './backup-keys';
import { headerNamesWithoutValue } from './backup-secrets';
import { checkedServers } from './backup-values';

/** One custom server of the backup, as the preview shows it. */
export interface ServerChange {
  id: string;
  name: string;
  url: string;
  action: 'add' | 'replace';
  /** Header names whose values are not in the file: the person enters them on the card. */
  missing: string[];
}

export interface ServersPlan {
  changes: ServerChange[];
  entries: Record<string, unknown>;
  /** Addresses Chrome must let Patchbay reach for these servers to connect. */
  urls: string[];
}

/** Tokens present here, by server id (read for every id the backup speaks of). */
export type SignedIn = (id: string) => boolean;

export function planServers(
  storage: Record<string, unknown>,
  localServers: readonly ServerConfig[],
  signedIn: SignedIn,
): ServersPlan {
  const restored = checkedServers(storage[storageKeys.customServers]);
  const entries: Record<string, unknown> = {};
  const replaced = new Set<ServerConfig>();
  const changes = restored.map((server): ServerChange => {
    const match =
      localServers.find((local) => local.id === server.id) ??
      localServers.find((local) => sameEndpoint(local.url, server.url)) ??
      localServers.find((local) => local.name.toLowerCase() === server.name.toLowerCase());
    if (match) replaced.add(match);
    // A server replaced under another id leaves nothing behind (its tokens included).
    if (match && match.id !== server.id)
      for (const key of allServerKeys(match.id)) entries[key] = undefined;
    const keepSignIn = match?.id === server.id && match.url === server.url && signedIn(server.id);
    Object.assign(entries, serverEntries(server.id, storage, keepSignIn));
    return {
      id: server.id,
      name: server.name,
      url: server.url,
      action: match ? 'replace' : 'add',
      missing: headerNamesWithoutValue(server),
    };
  });
  for (const { id } of CATALOG)
    Object.assign(entries, serverEntries(id, storage, signedIn(id), { onlyWhatIsThere: true }));
  entries[storageKeys.customServers] = [
    ...localServers.filter((server) => !replaced.has(server)),
    ...restored,
  ];
  return { changes, entries, urls: restored.map((server) => server.url) };
}

/**
 * What to write for one server: the backup's switches; its registration unless this browser is
 * signed in there; and, with a registration from the backup, no tokens or session left over.
 */
function serverEntries(
  id: string,
  storage: Record<string, unknown>,
  keepSignIn: boolean,
  { onlyWhatIsThere = false } = {},
): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  const take = (key: string) => {
    if (!onlyWhatIsThere || key in storage) entries[key] = storage[key];
  };
  serverSettingKeys(id).forEach(take);
  if (keepSignIn) return entries;
  const ownKeys = [...serverSettingKeys(id), ...serverRegistrationKeys(id)];
  if (onlyWhatIsThere && !serverRegistrationKeys(id).some((key) => key in storage)) return entries;
  for (const key of allServerKeys(id)) if (!ownKeys.includes(key)) entries[key] = undefined;
  serverRegistrationKeys(id).forEach((key) => (entries[key] = storage[key]));
  // A registration whose secret was left out cannot be used: Patchbay registers again.
  const client = storage[storageKeys.client(id)] as { client_secret?: unknown } | undefined;
  if (client?.client_secret === '') entries[storageKeys.client(id)] = undefined;
  return entries;
}
