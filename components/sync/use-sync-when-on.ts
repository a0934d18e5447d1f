import { useEffect } from 'react';
import type { KeyValueStore } from '../../src/platform/ports';
import { SYNC_ENABLED_KEY } from '../../src/sync/sync-keys';
import { useClient } from '../shared/client-context';

/**
 * Starts sync with the panel when the person switched it on; costs one storage read when off
 * (the sync code loads only when on).
 */
export function useSyncWhenOn(store: KeyValueStore): void {
  const client = useClient();
  useEffect(() => {
    void store.get(SYNC_ENABLED_KEY).then((on) => {
      if (on === true)
        void import('./start-chrome-sync').then((module) => module.startChromeSync(store, client));
    });
  }, [store, client]);
}
