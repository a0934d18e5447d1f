import { z } from 'zod';

export const MODEL_SETTINGS_KEY = 'chat.model';

/** Where the model runs. Stored in chrome.storage.local only (never sync): it holds the key. */
export const modelSettingsSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('openai'),
    apiKey: z.string().min(1, 'Enter your OpenAI API key.'),
    model: z.string().min(1, 'Pick a model.'),
    /** A gateway or proxy in front of OpenAI; https://api.openai.com/v1 when absent. */
    baseUrl: z.string().url('Enter a valid URL.').optional(),
  }),
  z.object({
    provider: z.literal('compatible'),
    baseUrl: z.string().url('Enter the endpoint URL, e.g. http://localhost:11434/v1.'),
    apiKey: z.string().optional(),
    model: z.string().min(1, 'Pick a model.'),
  }),
]);
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

/** The most tools each provider's API accepts in one request. */
export const MAX_TOOLS = 128;

export const OPENAI_API_URL = 'https://api.openai.com/v1';

export function endpointOf(
  settings: Pick<ModelSettings, 'provider'> & { baseUrl?: string },
): string {
  const base =
    settings.provider === 'openai'
      ? (settings.baseUrl ?? OPENAI_API_URL)
      : (settings.baseUrl ?? '');
  return base.replace(/\/+$/, '');
}
