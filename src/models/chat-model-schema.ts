import { z } from 'zod';
import { PROVIDERS, type ProviderId } from './model-settings';

/**
 * The model one chat runs with: a provider set up in Settings and one of its models. Stored
 * with the chat's summary in history; the provider's settings (key, endpoint) stay in the
 * model choice, so a chat never holds a key.
 */
export const chatModelSchema = z.object({
  provider: z.enum(PROVIDERS as [ProviderId, ...ProviderId[]]),
  model: z.string().min(1),
});
export type ChatModel = z.infer<typeof chatModelSchema>;
