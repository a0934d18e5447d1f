import { z } from 'zod';

export const MODEL_SETTINGS_KEY = 'chat.model';

/** Where the model runs. Stored in chrome.storage.local only (never sync): it holds the key. */
export const modelSettingsSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('openai'),
    apiKey: z.string().min(1, 'Enter your OpenAI API key.'),
    model: z.string().min(1, 'Pick a model.'),
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

export function endpointOf(
  settings: Pick<ModelSettings, 'provider'> & { baseUrl?: string },
): string {
  return settings.provider === 'openai'
    ? 'https://api.openai.com/v1'
    : (settings.baseUrl ?? '').replace(/\/+$/, '');
}
