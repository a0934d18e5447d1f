/**
 * Sync wired to Chrome: chrome.storage.sync, local storage's changes, and the worker told to
 * read its servers again after another browser's change. Loaded only while sync is on.
 */
import type { RestoreTargets } from '../../src/backup/restore-backup';
import { createChromeSyncArea, watchChromeLocal } from '../../src/platform/chrome-sync';
import type { KeyValueStore } from '../../src/platform/ports';
import { startSync } from '../../src/sync/sync-service';

export function startChromeSync(
  store: KeyValueStore,
  client: RestoreTargets['client'],
): Promise<void> {
  return startSync({
    store,
    area: createChromeSyncArea(),
    watchLocal: watchChromeLocal,
    now: Date.now,
    reloadServers: () => client.request('backup/restored'),
  });
}
