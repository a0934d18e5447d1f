/**
 * Storage keys a backup holds whose owners' modules are heavy for the Settings chunk (the page
 * tools' service, the routines' schema, the grants' policy). A unit test (backup-keys.test.ts)
 * holds each equal to its owner's constant.
 */
export const ROUTINES = 'routines';
export const APPROVALS = 'chat.approvals';
export const DISABLED_PAGE_TOOLS = 'pageTools.disabled';
