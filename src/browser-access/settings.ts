/**
 * What browser access keeps in storage: the switch, "Use this browser" in the chat, and the
 * relay link (its token stays in the background, like servers' header values).
 */
import { z } from 'zod';
import type { KeyValueStore } from '../platform/ports';

export const BROWSER_ACCESS_SETTINGS_KEY = 'browserAccess.settings';
export const BROWSER_ACCESS_CLIENTS_KEY = 'browserAccess.clients';
export const BROWSER_ACCESS_ACTIVITY_KEY = 'browserAccess.activity';

export const DEFAULT_BROWSER_NAME = 'Patchbay';

export const accessSettingsSchema = z.object({
  /**
   * The one switch for everything external: off until the person connects a desktop app
   * (Settings › Browser access). Settings saved with it on keep it on.
   */
  enabled: z.boolean().catch(false),
  inChat: z.boolean().catch(false),
  link: z
    .object({
      url: z.string().catch(''),
      token: z.string().catch(''),
      name: z.string().catch(DEFAULT_BROWSER_NAME),
      /** The person pressed Connect (and not Disconnect since). */
      wanted: z.boolean().catch(false),
    })
    .catch({ url: '', token: '', name: DEFAULT_BROWSER_NAME, wanted: false }),
});
export type AccessSettings = z.infer<typeof accessSettingsSchema>;

export async function loadAccessSettings(store: KeyValueStore): Promise<AccessSettings> {
  return accessSettingsSchema.parse((await store.get(BROWSER_ACCESS_SETTINGS_KEY)) ?? {});
}

export async function saveAccessSettings(
  store: KeyValueStore,
  settings: AccessSettings,
): Promise<void> {
  await store.set({ [BROWSER_ACCESS_SETTINGS_KEY]: settings });
}
