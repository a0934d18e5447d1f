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

/** Whether the relay link should be up: the switch is on and the person pressed Connect. */
export const linkWanted = (settings: AccessSettings): boolean =>
  settings.enabled && settings.link.wanted && Boolean(settings.link.url && settings.link.token);

/**
 * The settings as this worker holds them: read from storage once, on first use (then `loaded`
 * runs, and the first read waits for it), and each change saved before it is held.
 */
export function createSettingsHolder(
  store: KeyValueStore,
  loaded: (settings: AccessSettings) => Promise<void>,
) {
  let settings: AccessSettings | undefined;
  let ready: Promise<void> | undefined;
  const init = () =>
    (ready ??= loadAccessSettings(store).then((read) => {
      settings = read;
      return loaded(read);
    }));
  const current = async () => {
    await init();
    return settings!;
  };
  return {
    init,
    current,
    /** Whether this worker started reading the settings already. */
    started: () => ready !== undefined,
    /** The settings once read; undefined before. */
    held: () => settings,
    /** Changes a copy of the settings, saves it, then holds it. */
    async update(change: (draft: AccessSettings) => void): Promise<void> {
      const draft = structuredClone(await current());
      change(draft);
      await saveAccessSettings(store, draft);
      settings = draft;
    },
  };
}

export type SettingsHolder = ReturnType<typeof createSettingsHolder>;
