import type { KeyValueStore } from '../platform/ports';
import {
  MODEL_SETTINGS_KEY,
  PROVIDERS,
  storedModelSettingsSchema,
  type ModelSettings,
  type ProviderId,
} from './model-settings';

/**
 * Every provider the person set up, and the one the chat uses. Each provider keeps its own
 * settings (its key among them), so switching between them never moves a key to another one.
 * Stored in chrome.storage.local only (never sync): it holds the keys.
 */
export interface ModelChoice {
  active: ProviderId;
  providers: Partial<Record<ProviderId, ModelSettings>>;
}

export const MODEL_CHOICE_KEY = 'chat.models';

/**
 * The stored choice, read leniently: a provider entry that no longer parses is dropped alone,
 * and an active provider without settings falls back to one that has them.
 */
export function parseModelChoice(raw: unknown): ModelChoice | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { active, providers } = raw as { active?: unknown; providers?: unknown };
  const kept: ModelChoice['providers'] = {};
  for (const provider of PROVIDERS) {
    const entry = (providers as Record<string, unknown> | undefined)?.[provider];
    const parsed = storedModelSettingsSchema.safeParse(entry);
    // An entry under another provider's name never counts: its key belongs elsewhere.
    if (parsed.success && parsed.data.provider === provider) kept[provider] = parsed.data;
  }
  const first = PROVIDERS.find((provider) => kept[provider]);
  if (!first) return undefined;
  return {
    active:
      typeof active === 'string' && kept[active as ProviderId] ? (active as ProviderId) : first,
    providers: kept,
  };
}

/** The settings the chat runs with. */
export function activeSettings(choice: ModelChoice | undefined): ModelSettings | undefined {
  return choice ? choice.providers[choice.active] : undefined;
}

/** The choice with one provider's settings saved and made the active one. */
export function withProviderSettings(
  choice: ModelChoice | undefined,
  settings: ModelSettings,
): ModelChoice {
  return {
    active: settings.provider,
    providers: { ...choice?.providers, [settings.provider]: settings },
  };
}

/** The choice with another set-up provider active; unchanged if that one is not set up. */
export function withActive(choice: ModelChoice, provider: ProviderId): ModelChoice {
  return choice.providers[provider] ? { ...choice, active: provider } : choice;
}

/**
 * Reads the choice, moving settings stored by earlier versions (one provider under
 * `chat.model`) into it: they become that provider's settings and the active ones, and the old
 * entry is removed once the new one is written. Settings under the old key that no longer parse
 * are left where they are rather than lost.
 */
export async function loadModelChoice(store: KeyValueStore): Promise<ModelChoice | undefined> {
  const stored = await store.getMany([MODEL_CHOICE_KEY, MODEL_SETTINGS_KEY]);
  const choice = parseModelChoice(stored[MODEL_CHOICE_KEY]);
  const legacy = storedModelSettingsSchema.safeParse(stored[MODEL_SETTINGS_KEY]);
  if (!legacy.success) return choice;
  const migrated = withProviderSettings(choice, legacy.data);
  await store.set({ [MODEL_CHOICE_KEY]: migrated });
  await store.remove([MODEL_SETTINGS_KEY]);
  return migrated;
}

export async function saveModelChoice(store: KeyValueStore, choice: ModelChoice): Promise<void> {
  await store.set({ [MODEL_CHOICE_KEY]: choice });
}
