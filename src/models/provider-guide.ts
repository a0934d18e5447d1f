import { isHosted, type HostedProviderId, type ProviderId } from './model-settings';

/**
 * What a person setting up a hosted provider needs to know: where its keys are made, and the
 * model Patchbay picks until they pick another. The one place these live: the first-run form,
 * Settings and `npm start` (scripts/start/model-from-env.ts) all read them here.
 */
export interface ProviderGuide {
  /** The provider's own page where an API key is created. */
  keyPage: string;
  /** A small, fast model that calls tools well, chosen until the person picks another. */
  defaultModel: string;
  /** What the start of one of its keys looks like, shown in the empty key field. */
  keyHint: string;
}

export const PROVIDER_GUIDES: Record<HostedProviderId, ProviderGuide> = {
  openai: {
    keyPage: 'https://platform.openai.com/api-keys',
    defaultModel: 'gpt-4.1-mini',
    keyHint: 'sk-…',
  },
  anthropic: {
    keyPage: 'https://console.anthropic.com/settings/keys',
    defaultModel: 'claude-haiku-4-5',
    keyHint: 'sk-ant-…',
  },
  google: {
    keyPage: 'https://aistudio.google.com/apikey',
    defaultModel: 'gemini-2.5-flash',
    keyHint: 'AIza…',
  },
};

/** The model an empty form starts with: the provider's default, or none to guess. */
export function defaultModelOf(provider: ProviderId): string {
  return isHosted(provider) ? PROVIDER_GUIDES[provider].defaultModel : '';
}

/** Keys are long, unbroken strings; anything shorter is still being typed. */
const SHORTEST_KEY = 10;

/**
 * Whether a typed key looks whole enough to try: listing the models on every keystroke would
 * send half a key. Formats change, so only the shape is checked, not a provider's prefix.
 */
export function keyLooksComplete(key: string): boolean {
  const trimmed = key.trim();
  return trimmed.length >= SHORTEST_KEY && !/\s/.test(trimmed);
}
