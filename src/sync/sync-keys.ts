/** Local keys of sync itself (kept apart so the panel's first load can read the switch cheaply). */

/** Whether sync is on in this browser: `true`, or absent (off, the default). */
export const SYNC_ENABLED_KEY = 'sync.enabled';
/** This browser's id and the stamps of what it last synced (src/sync/stamp-local.ts). */
export const SYNC_STATE_KEY = 'sync.state';
