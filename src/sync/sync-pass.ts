/**
 * One sync: this browser's records stamped, merged with what sync holds by the rule
 * (merge-records.ts), other browsers' changes written here, and the items sync should hold
 * now, as a difference from what it holds.
 */
import type { ServerConfig } from '../mcp/catalog';
import { CATALOG } from '../mcp/catalog';
import { storageKeys } from '../mcp/storage-keys';
import type { KeyValueStore, SyncArea } from '../platform/ports';
import { localEntries } from './apply-records';
import { readLocalRecords } from './local-records';
import { mergeRecords } from './merge-records';
import { SYNC_STATE_KEY } from './sync-keys';
import { fromSyncItems, toSyncItems } from './sync-items';
import { SERVER_RECORD, SETTING_RECORD, type Stamped } from './sync-records';
import { isJoining, live, nextState, stampLocal, type SyncState } from './stamp-local';

export interface SyncPassDependencies {
  store: KeyValueStore;
  area: SyncArea;
  now(): number;
}

export interface PassOutcome {
  /** Whether a server changed here (the worker must read its servers again). */
  serversChanged: boolean;
  /** What to write to sync: items that differ from what it holds, and items to remove. */
  write: { set: Record<string, unknown>; remove: string[] };
  /** What did not fit in sync's quota, as people know it ("server Docs"). */
  left: string[];
}

export async function syncPass({ store, area, now }: SyncPassDependencies): Promise<PassOutcome> {
  const time = now();
  const state = (await store.get<SyncState>(SYNC_STATE_KEY)) ?? {
    device: crypto.randomUUID(),
    stamps: {},
  };
  const local = stampLocal(await readLocalRecords(store), state, time);
  const held = await area.getAll();
  const { merged, toLocal } = mergeRecords(local, fromSyncItems(held), {
    joining: isJoining(state),
  });
  const custom = (await store.get<ServerConfig[]>(storageKeys.customServers)) ?? [];
  await store.set({
    ...(toLocal.size ? localEntries(toLocal, custom) : {}),
    [SYNC_STATE_KEY]: nextState(state.device, merged, time),
  });
  const { items, left } = toSyncItems(live(merged, time));
  return {
    serversChanged: [...toLocal.keys()].some((key) => key.startsWith(SERVER_RECORD)),
    write: difference(held, items, left),
    left: left.map((key) => describe(key, merged.get(key))),
  };
}

/** Items to set and remove to go from `held` to `wanted`, leaving left-out records as they are. */
function difference(
  held: Record<string, unknown>,
  wanted: Record<string, unknown>,
  left: readonly string[],
): PassOutcome['write'] {
  const set = Object.fromEntries(
    Object.entries(wanted).filter(
      ([key, value]) => JSON.stringify(held[key]) !== JSON.stringify(value),
    ),
  );
  const remove = Object.keys(held).filter(
    (key) => !(key in wanted) && !left.includes(key.split('#')[0]!),
  );
  return { set, remove };
}

function describe(key: string, record: Stamped | undefined): string {
  if (key.startsWith(SETTING_RECORD)) return `the setting ${key.slice(SETTING_RECORD.length)}`;
  const id = key.slice(SERVER_RECORD.length);
  const value = record && 'value' in record ? (record.value as { name?: string }) : undefined;
  const name = value?.name ?? CATALOG.find((server) => server.id === id)?.name ?? id;
  return `the server ${name}`;
}
