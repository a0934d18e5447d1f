import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { KeyValueStore } from '../../src/platform/ports';

/** A value in chrome.storage.local, validated; `undefined` while loading or when absent. */
export function useStored<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>) {
  const [value, setValue] = useState<T | undefined>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    void store.get<unknown>(key).then((raw) => {
      if (!active) return;
      const parsed = schema.safeParse(raw);
      setValue(parsed.success ? parsed.data : undefined);
      setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [store, key, schema]);
  const save = useCallback(
    async (next: T) => {
      await store.set({ [key]: next });
      setValue(next);
    },
    [store, key],
  );
  return { value, loaded, save };
}
