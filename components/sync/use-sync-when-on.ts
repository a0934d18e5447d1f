import { useEffect } from 'react';
import type { RestoreTargets } from '../../src/backup/restore-backup';
import type { KeyValueStore } from '../../src/platform/ports';
import { SYNC_ENABLED_KEY } from '../../src/sync/sync-keys';

/**
 * Starts sync with the panel when the person switched it on; costs one storage read when off
 * (the sync code loads only when on).
 */
export function useSyncWhenOn(store: KeyValueStore, client: RestoreTargets['client']): void {
  useEffect(() => {
    void store.get(SYNC_ENABLED_KEY).then((on) => {
      if (on === true)
        void import('./start-chrome-sync').then((module) => module.startChromeSync(store, client));
    });
  }, [store, client]);
}
