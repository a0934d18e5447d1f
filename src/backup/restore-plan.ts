/**
 * What restoring an opened backup will do, computed before anything is written: the preview
 * (what it adds and what it replaces) and the one set of storage writes that does it. Every
 * value is checked first; a file with anything Patchbay would not read is refused whole.
 */
import { MODEL_CHOICE_KEY, parseModelChoice, type ModelChoice } from '../models/model-choice';
import { PROVIDER_LABELS } from '../models/model-settings';
import { BROWSER_ACCESS_CLIENTS_KEY } from '../browser-access/settings';
import { chatsToJson } from '../chat/chat-export';
import { previewImport } from '../chat/chat-import';
import type { Conversation } from '../chat/history';
import type { ServerConfig } from '../mcp/catalog';
import { storageKeys } from '../mcp/storage-keys';
import type { KeyValueStore } from '../platform/ports';
import { APPROVALS as APPROVALS_STORAGE_KEY, ROUTINES as ROUTINES_KEY } from './backup-key-names';
import { damaged } from './backup-crypto';
import { backupKeys, serverIds, SETTING_KEYS } from './backup-keys';
import { putSecrets } from './backup-secrets';
import { checkValue } from './backup-values';
import type { OpenedBackup } from './read-backup';
import { planServers, type ServerChange } from './restore-servers';

type Action = 'add' | 'replace';

export interface RestorePreview {
  servers: ServerChange[];
  providers: { label: string; action: Action; keyMissing: boolean }[];
  routines: { name: string; action: Action }[];
  /** Names of the settings it sets. */
  settings: string[];
  /** Servers and apps whose "always allow" grants it brings. */
  grants: number;
  chats: number;
  /** Whether the secrets (header values, keys, client secrets) come with it. */
  secrets: boolean;
}

export interface RestorePlan {
  preview: RestorePreview;
  /** Written in one `set`; `undefined` removes a key. */
  entries: Record<string, unknown>;
  chats: Conversation[];
  /** Server addresses Chrome must let Patchbay reach. */
  urls: string[];
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Plans the restore of `opened` into `store`. `chatIds`: chats stored here, so a restored chat
 * with the same id comes in under a new one rather than over it. Throws `damaged`.
 */
export async function planRestore(
  opened: OpenedBackup,
  store: KeyValueStore,
  chatIds: ReadonlySet<string> = new Set(),
): Promise<RestorePlan> {
  const joined = opened.secrets
    ? putSecrets(opened.content.storage, opened.secrets)
    : opened.content.storage;
  // Only what a backup may hold is restored; anything else in the file is ignored.
  const allowed = new Set(backupKeys(joined[storageKeys.customServers]));
  const storage = Object.fromEntries(Object.entries(joined).filter(([key]) => allowed.has(key)));
  for (const [key, value] of Object.entries(storage)) checkValue(key, value);

  const ids = serverIds(storage[storageKeys.customServers]);
  const local = await store.getMany([
    storageKeys.customServers,
    MODEL_CHOICE_KEY,
    APPROVALS_STORAGE_KEY,
    ROUTINES_KEY,
    ...ids.map((id) => storageKeys.tokens(id)),
  ]);
  const localServers = (local[storageKeys.customServers] as ServerConfig[] | undefined) ?? [];
  const servers = planServers(
    storage,
    localServers,
    (id) => local[storageKeys.tokens(id)] !== undefined,
  );
  const entries: Record<string, unknown> = { ...servers.entries };

  const providers = planProviders(storage[MODEL_CHOICE_KEY], local[MODEL_CHOICE_KEY], entries);
  const routines = planRoutines(storage[ROUTINES_KEY], local[ROUTINES_KEY], entries);
  const grants = asRecord(storage[APPROVALS_STORAGE_KEY]);
  if (APPROVALS_STORAGE_KEY in storage)
    entries[APPROVALS_STORAGE_KEY] = { ...asRecord(local[APPROVALS_STORAGE_KEY]), ...grants };
  const settings = Object.entries(SETTING_KEYS).flatMap(([key, label]) => {
    if (!(key in storage)) return [];
    entries[key] = storage[key];
    return [label];
  });
  // External apps' policies (browserAccess.clients) are restored as they are.
  if (BROWSER_ACCESS_CLIENTS_KEY in storage)
    entries[BROWSER_ACCESS_CLIENTS_KEY] = storage[BROWSER_ACCESS_CLIENTS_KEY];
  const chats = await checkedChats(opened.content.chats, chatIds);
  return {
    preview: {
      servers: servers.changes,
      providers,
      routines,
      settings,
      grants: Object.keys(grants).length,
      chats: chats.length,
      secrets: opened.secrets !== undefined,
    },
    entries,
    chats,
    urls: servers.urls,
  };
}

function planProviders(
  value: unknown,
  localValue: unknown,
  entries: Record<string, unknown>,
): RestorePreview['providers'] {
  if (value === undefined) return [];
  const restored = parseModelChoice(value);
  const local = parseModelChoice(localValue);
  const named = Object.keys(asRecord(asRecord(value).providers)).filter(
    (name): name is keyof typeof PROVIDER_LABELS => name in PROVIDER_LABELS,
  );
  if (restored) {
    const merged: ModelChoice = {
      active: restored.active,
      providers: { ...local?.providers, ...restored.providers },
    };
    entries[MODEL_CHOICE_KEY] = merged;
  }
  return named.map((name) => ({
    label: PROVIDER_LABELS[name],
    action: local?.providers[name] ? 'replace' : 'add',
    keyMissing: !restored?.providers[name],
  }));
}

function planRoutines(
  value: unknown,
  localValue: unknown,
  entries: Record<string, unknown>,
): RestorePreview['routines'] {
  if (!Array.isArray(value)) return [];
  const restored = value as { id: string; name: string }[];
  const local = Array.isArray(localValue) ? (localValue as { id?: unknown }[]) : [];
  const ids = new Set(restored.map((routine) => routine.id));
  entries[ROUTINES_KEY] = [...local.filter((routine) => !ids.has(String(routine.id))), ...restored];
  return restored.map((routine) => ({
    name: routine.name,
    action: local.some((each) => each.id === routine.id) ? 'replace' : 'add',
  }));
}

/** The backup's chats, each checked as a chat file's are (all must pass). */
async function checkedChats(
  chats: OpenedBackup['content']['chats'],
  chatIds: ReadonlySet<string>,
): Promise<Conversation[]> {
  if (!chats?.length) return [];
  const preview = await previewImport(chatsToJson(chats as Conversation[]), chatIds);
  if (!preview.ok) throw damaged(`its chats: ${preview.error}`);
  return preview.entries.map((entry) => {
    if (!entry.ok) throw damaged(`its chat ${entry.index + 1}: ${entry.error}`);
    return entry.chat;
  });
}
