import { z } from 'zod';
import { isLoopbackHost } from '../mcp/custom-server-input';

/** https anywhere; plain http only to this machine, as for MCP servers. */
export function isAllowedModelEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

export const INSECURE_ENDPOINT_MESSAGE =
  'Use https:// for a remote endpoint; plain http only reaches this machine (localhost or 127.0.0.1).';

const endpointUrl = (message: string) =>
  z.string().url(message).refine(isAllowedModelEndpoint, INSECURE_ENDPOINT_MESSAGE);

export const MODEL_SETTINGS_KEY = 'chat.model';

/**
 * Settings as stored by any version: read leniently, so settings saved before endpoints had to
 * be https are kept (the chat then says what to change instead of forgetting them).
 */
export const storedModelSettingsSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('openai'),
    apiKey: z.string().min(1),
    model: z.string().min(1),
    baseUrl: z.string().url().optional(),
  }),
  z.object({
    provider: z.literal('compatible'),
    baseUrl: z.string().url(),
    apiKey: z.string().optional(),
    model: z.string().min(1),
  }),
]);

/**
 * Where the model runs, as the Settings form saves it. Stored in chrome.storage.local only
 * (never sync): it holds the key.
 */
export const modelSettingsSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('openai'),
    apiKey: z.string().min(1, 'Enter your OpenAI API key.'),
    model: z.string().min(1, 'Pick a model.'),
    /** A gateway or proxy in front of OpenAI; https://api.openai.com/v1 when absent. */
    baseUrl: endpointUrl('Enter a valid URL.').optional(),
  }),
  z.object({
    provider: z.literal('compatible'),
    baseUrl: endpointUrl('Enter the endpoint URL, e.g. http://localhost:11434/v1.'),
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

/**
 * Whether a saved API key may go with a draft of the settings: only to the same provider at the
 * same endpoint origin. A key is a secret for one service; switching either means asking for
 * the key of the new one, never sending the old one there.
 */
export function keyStaysWith(
  saved: ModelSettings | undefined,
  draft: Pick<ModelSettings, 'provider'> & { baseUrl?: string },
): boolean {
  if (!saved || saved.provider !== draft.provider) return false;
  return originOf(endpointOf(saved)) === originOf(endpointOf(draft));
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
