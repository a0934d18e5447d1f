/**
 * Which storage keys a backup holds, and where their secrets are. Tokens, sign-ins under way,
 * session ids, caches, run histories and this install's approval key are never in a backup: a
 * sign-in belongs to the browser it was made in, and the rest is rebuilt.
 */
import { MODEL_CHOICE_KEY } from '../models/model-choice';
import {
  BROWSER_ACCESS_CLIENTS_KEY,
  BROWSER_ACCESS_SETTINGS_KEY,
} from '../browser-access/settings';
import { CHAT_RETENTION_KEY } from '../chat/retention';
import { CATALOG } from '../mcp/catalog';
import { storageKeys } from '../mcp/storage-keys';
import { REGISTRY_URL_KEY } from '../registry/registry-setting';
import { APPROVALS, DISABLED_PAGE_TOOLS, ROUTINES } from './backup-key-names';

/** Keys that are settings: restored as they are, replacing this browser's. */
export const SETTING_KEYS = {
  [CHAT_RETENTION_KEY]: 'Keep chats for',
  [REGISTRY_URL_KEY]: 'Server registry',
  [DISABLED_PAGE_TOOLS]: 'Websites’ tools switched off',
  [BROWSER_ACCESS_SETTINGS_KEY]: 'Browser access',
} as const;

/** Keys not tied to one server. */
export const GLOBAL_KEYS: readonly string[] = [
  storageKeys.customServers,
  MODEL_CHOICE_KEY,
  APPROVALS,
  BROWSER_ACCESS_CLIENTS_KEY,
  ROUTINES,
  ...Object.keys(SETTING_KEYS),
];

/** A server's switches and choices: always restored. */
export const serverSettingKeys = (id: string): string[] => [
  storageKeys.enabled(id),
  storageKeys.disabledTools(id),
  storageKeys.sampling(id),
  storageKeys.skills(id),
  storageKeys.transport(id),
  storageKeys.era(id),
];

/** A server's client registration and where it was made: kept by a server signed in here. */
export const serverRegistrationKeys = (id: string): string[] => [
  storageKeys.client(id),
  storageKeys.oauthEndpoints(id),
  storageKeys.preRegisteredIssuer(id),
];

/** Every server id a store's custom list names, and the built-in ones. */
export function serverIds(customServers: unknown): string[] {
  const custom = Array.isArray(customServers)
    ? customServers.flatMap((server: unknown) =>
        typeof server === 'object' &&
        server !== null &&
        typeof (server as { id?: unknown }).id === 'string'
          ? [(server as { id: string }).id]
          : [],
      )
    : [];
  return [...CATALOG.map((server) => server.id), ...custom];
}

/** Every key a backup of this store holds. */
export function backupKeys(customServers: unknown): string[] {
  return [
    ...GLOBAL_KEYS,
    ...serverIds(customServers).flatMap((id) => [
      ...serverSettingKeys(id),
      ...serverRegistrationKeys(id),
    ]),
  ];
}
