/**
 * What to write locally for records another browser changed: a server added, edited or
 * removed, its switches, a setting. A synced server arrives without its secrets: header values
 * kept here only while its address stays at the same origin, so the card asks for the rest
 * (`missingHeaders`), and never a sign-in (each browser signs in itself).
 */
import type { ServerConfig } from '../mcp/catalog';
import { validateUrl } from '../mcp/custom-server-input';
import { allServerKeys, storageKeys } from '../mcp/storage-keys';
import { SERVER_RECORD, SETTING_RECORD, type RecordBody, type ServerRecord } from './sync-records';

/** Storage entries (undefined removes) for `changes`, by record key, over the custom list here. */
export function localEntries(
  changes: ReadonlyMap<string, RecordBody>,
  custom: readonly ServerConfig[],
): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  let list = [...custom];
  for (const [key, body] of changes) {
    if (key.startsWith(SETTING_RECORD)) {
      const value = 'deleted' in body ? null : body.value;
      entries[key.slice(SETTING_RECORD.length)] = value ?? undefined;
      continue;
    }
    if (!key.startsWith(SERVER_RECORD)) continue;
    const id = key.slice(SERVER_RECORD.length);
    if ('deleted' in body) {
      if (!list.some((server) => server.id === id)) continue;
      list = list.filter((server) => server.id !== id);
      for (const serverKey of allServerKeys(id)) entries[serverKey] = undefined;
      continue;
    }
    const record = body.value as ServerRecord;
    // Another browser's server meets the rules a server added here does, or is left out.
    if (record.url !== undefined && !allowedUrl(record.url)) continue;
    if (record.url && record.name) list = upsert(list, id, record);
    entries[storageKeys.enabled(id)] = record.enabled;
    entries[storageKeys.disabledTools(id)] = record.disabledTools;
  }
  if (list !== custom) entries[storageKeys.customServers] = list;
  return entries;
}

function upsert(list: ServerConfig[], id: string, record: ServerRecord): ServerConfig[] {
  const previous = list.find((server) => server.id === id);
  const config = syncedConfig(id, record, previous);
  return previous ? list.map((server) => (server.id === id ? config : server)) : [...list, config];
}

/** A custom server from its record, with what stays here (values, secret, icon) kept. */
export function syncedConfig(
  id: string,
  record: ServerRecord,
  previous: ServerConfig | undefined,
): ServerConfig {
  const url = record.url ?? '';
  const sameOrigin = previous !== undefined && originOf(previous.url) === originOf(url);
  const keptValue = (key: string) =>
    sameOrigin ? (previous.headers?.find((header) => header.key === key)?.value ?? '') : '';
  const config: ServerConfig = {
    id,
    name: record.name ?? id,
    url,
    description: `Custom server at ${originOf(url)?.replace(/^\w+:\/\//, '') ?? url}`,
    isCustom: true,
    requiresAuthentication: Boolean(record.clientId),
  };
  if (record.headers?.length)
    config.headers = record.headers.map((key) => ({ key, value: keptValue(key) }));
  if (previous?.iconDataUrl) config.iconDataUrl = previous.iconDataUrl;
  if (record.transport) config.transport = record.transport;
  if (record.clientId) {
    const secret =
      sameOrigin && previous.oauth?.clientId === record.clientId
        ? previous.oauth.clientSecret
        : undefined;
    config.oauth = {
      clientId: record.clientId,
      ...(record.scopes ? { scopes: record.scopes } : {}),
      ...(secret ? { clientSecret: secret } : {}),
    };
  }
  return config;
}

function allowedUrl(url: string): boolean {
  try {
    validateUrl(url);
    return true;
  } catch {
    return false;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
