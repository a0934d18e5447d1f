import type { KeyValueStore } from '../../platform/ports';

/**
 * Saves what speeds up the next connection (transport, era, session). Best effort: a failed
 * write (storage full) costs a probe next time, never the healthy connection it describes.
 */
export async function saveBestEffort(
  store: KeyValueStore,
  serverName: string,
  entries: Record<string, unknown>,
): Promise<void> {
  try {
    await store.set(entries);
  } catch (error) {
    console.warn(
      `[patchbay] could not save the connection details of ${serverName}; the next connection will probe again:`,
      error instanceof Error ? error.message : String(error),
    );
  }
}
