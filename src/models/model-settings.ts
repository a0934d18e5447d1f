import { z } from 'zod';
import { isLoopbackHost } from '../net/private-network';

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

/**
 * What a local server said each of its models can do (src/models/local/), by model id: kept with
 * the endpoint picked from Settings, so the chat knows which models cannot call tools.
 */
const modelCapabilities = z
  .record(
    z.string(),
    z.object({
      tools: z.boolean().optional(),
      vision: z.boolean().optional(),
      contextLength: z.number().int().positive().optional(),
    }),
  )
  .optional();

/** Where settings of one provider were stored before several could be set up (see model-choice). */
export const MODEL_SETTINGS_KEY = 'chat.model';

type HostedProvider = 'openai' | 'anthropic' | 'google';

/**
 * Chrome's built-in model (src/models/on-device-model.ts): no key, no endpoint. The fields are
 * declared absent so code reading any settings' key or endpoint reads `undefined` here.
 */
const onDeviceSettings = z.object({
  provider: z.literal('chrome'),
  model: z.string().min(1),
  apiKey: z.undefined().optional(),
  baseUrl: z.undefined().optional(),
});

const storedHosted = <P extends HostedProvider>(provider: P) =>
  z.object({
    provider: z.literal(provider),
    apiKey: z.string().min(1),
    model: z.string().min(1),
    baseUrl: z.string().url().optional(),
  });

/**
 * Settings as stored by any version: read leniently, so settings saved before endpoints had to
 * be https are kept (the chat then says what to change instead of forgetting them).
 */
export const storedModelSettingsSchema = z.discriminatedUnion('provider', [
  storedHosted('openai'),
  storedHosted('anthropic'),
  storedHosted('google'),
  z.object({
    provider: z.literal('compatible'),
    baseUrl: z.string().url(),
    apiKey: z.string().optional(),
    model: z.string().min(1),
    capabilities: modelCapabilities,
  }),
  onDeviceSettings,
]);

/** The name a person knows each provider by. */
export const PROVIDER_LABELS = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google (Gemini API)',
  compatible: 'OpenAI-compatible',
  chrome: 'On this device (Chrome)',
} as const;

const hostedSettings = <P extends HostedProvider>(provider: P) =>
  z.object({
    provider: z.literal(provider),
    apiKey: z.string().min(1, `Enter your ${PROVIDER_LABELS[provider]} API key.`),
    model: z.string().min(1, 'Pick a model.'),
    /** A gateway or proxy in front of the provider; its own API when absent. */
    baseUrl: endpointUrl('Enter a valid URL.').optional(),
  });

/**
 * Where the model runs, as the Settings form saves it. Stored in chrome.storage.local only
 * (never sync): it holds the key.
 */
export const modelSettingsSchema = z.discriminatedUnion('provider', [
  hostedSettings('openai'),
  hostedSettings('anthropic'),
  hostedSettings('google'),
  z.object({
    provider: z.literal('compatible'),
    baseUrl: endpointUrl('Enter the endpoint URL, e.g. http://localhost:11434/v1.'),
    apiKey: z.string().optional(),
    model: z.string().min(1, 'Pick a model.'),
    capabilities: modelCapabilities,
  }),
  onDeviceSettings,
]);
export type ModelSettings = z.infer<typeof modelSettingsSchema>;
export type ProviderId = ModelSettings['provider'];
export const PROVIDERS: readonly ProviderId[] = [
  'openai',
  'anthropic',
  'google',
  'compatible',
  'chrome',
];
export type HostedProviderId = HostedProvider;

export function isHosted(provider: ProviderId): provider is HostedProvider {
  return provider === 'openai' || provider === 'anthropic' || provider === 'google';
}

/** The most tools each provider's API accepts in one request. */
export const MAX_TOOLS = 128;

export const OPENAI_API_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_API_URL = 'https://api.anthropic.com/v1';
export const GOOGLE_API_URL = 'https://generativelanguage.googleapis.com/v1beta';

/** Each hosted provider's own API, used unless the settings override it. */
export const DEFAULT_ENDPOINTS: Record<HostedProvider, string> = {
  openai: OPENAI_API_URL,
  anthropic: ANTHROPIC_API_URL,
  google: GOOGLE_API_URL,
};

export function endpointOf(settings: { provider: ProviderId; baseUrl?: string }): string {
  const base = isHosted(settings.provider)
    ? (settings.baseUrl ?? DEFAULT_ENDPOINTS[settings.provider])
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
  draft: { provider: ProviderId; baseUrl?: string },
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

/** Whether the server said this settings' model cannot call tools (unknown: it may). */
export function cannotCallTools(settings: ModelSettings): boolean {
  return (
    settings.provider === 'compatible' && settings.capabilities?.[settings.model]?.tools === false
  );
}
