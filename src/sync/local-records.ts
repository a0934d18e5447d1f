import type { ServerConfig } from '../mcp/catalog';
import { CATALOG } from '../mcp/catalog';
import { storageKeys } from '../mcp/storage-keys';
import type { KeyValueStore } from '../platform/ports';
import { serverRecordKey, settingRecordKey, type ServerRecord } from './sync-records';
import { SYNCED_SETTING_KEYS } from './synced-keys';

/** The local keys whose changes sync hears: the server list, switches and synced settings. */
export function isSyncedKey(key: string): boolean {
  return (
    key === storageKeys.customServers ||
    SYNCED_SETTING_KEYS.includes(key) ||
    /^mcp\.[^.]+\.(enabled|tools\.disabled)$/.test(key)
  );
}

/** This browser's records, by record key, read from local storage. */
export async function readLocalRecords(store: KeyValueStore): Promise<Map<string, unknown>> {
  const custom = (await store.get<ServerConfig[]>(storageKeys.customServers)) ?? [];
  const servers = [...CATALOG, ...custom];
  const stored = await store.getMany([
    ...servers.flatMap(({ id }) => [storageKeys.enabled(id), storageKeys.disabledTools(id)]),
    ...SYNCED_SETTING_KEYS,
  ]);
  const records = new Map<string, unknown>();
  for (const server of servers)
    records.set(serverRecordKey(server.id), serverRecord(server, stored));
  for (const key of SYNCED_SETTING_KEYS) records.set(settingRecordKey(key), stored[key] ?? null);
  return records;
}

/** A server's record: what may leave this browser, named field by field. */
export function serverRecord(server: ServerConfig, stored: Record<string, unknown>): ServerRecord {
  const disabled = stored[storageKeys.disabledTools(server.id)];
  const record: ServerRecord = {
    enabled: stored[storageKeys.enabled(server.id)] === true,
    disabledTools: Array.isArray(disabled)
      ? disabled.filter((name): name is string => typeof name === 'string')
      : [],
  };
  if (!server.isCustom) return record;
  record.name = server.name;
  record.url = server.url;
  if (server.headers?.length) record.headers = server.headers.map((header) => header.key);
  if (server.transport) record.transport = server.transport;
  if (server.oauth?.clientId) record.clientId = server.oauth.clientId;
  if (server.oauth?.scopes?.length) record.scopes = server.oauth.scopes;
  return record;
}
