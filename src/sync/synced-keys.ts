/**
 * Which local settings sync. Not the model providers (their keys are secrets and a provider
 * without its key does not work), not browser access (its relay token), not grants, sampling
 * or skills decisions (they are permissions given in one browser).
 */
import { DISABLED_PAGE_TOOLS } from '../backup/backup-key-names';
import { CHAT_RETENTION_KEY } from '../chat/retention';
import { REGISTRY_URL_KEY } from '../registry/registry-setting';

export const SYNCED_SETTING_KEYS: readonly string[] = [
  CHAT_RETENTION_KEY,
  REGISTRY_URL_KEY,
  DISABLED_PAGE_TOOLS,
];
