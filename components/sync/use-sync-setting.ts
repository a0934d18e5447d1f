import { useEffect, useState } from 'react';
import type { KeyValueStore } from '../../src/platform/ports';
import { SYNC_ENABLED_KEY } from '../../src/sync/sync-keys';
import type { SyncStatus } from '../../src/sync/sync-runner';
import { stopSync, watchSyncStatus } from '../../src/sync/sync-service';
import { startChromeSync } from './start-chrome-sync';
import { useClient } from '../shared/client-context';

/** Settings › Sync's switch and the status of the sync running in this panel. */
export function useSyncSetting(store: KeyValueStore) {
  const client = useClient();
  const [on, setOn] = useState<boolean | undefined>();
  const [status, setStatus] = useState<SyncStatus | undefined>();
  useEffect(() => {
    void store.get(SYNC_ENABLED_KEY).then((value) => setOn(value === true));
    return watchSyncStatus(setStatus);
  }, [store]);
  async function toggle(next: boolean) {
    setOn(next);
    await store.set({ [SYNC_ENABLED_KEY]: next ? true : undefined });
    if (next) await startChromeSync(store, client);
    else {
      stopSync();
      setStatus(undefined);
    }
  }
  return { on, status, toggle };
}
