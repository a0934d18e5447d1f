import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import {
  endpointOf,
  INSECURE_ENDPOINT_MESSAGE,
  isAllowedModelEndpoint,
  type ModelSettings,
} from './model-settings';

/** Why a model endpoint is not used: plain http to another machine would expose the key. */
function refuseInsecure(endpoint: string): Error {
  return new Error(`${endpoint} is not used: ${INSECURE_ENDPOINT_MESSAGE} Change it in Settings.`);
}

/**
 * The language model for the settings: OpenAI through its Responses API, any
 * OpenAI-compatible endpoint (Ollama, LM Studio, vLLM, OpenRouter) through Chat Completions.
 */
export function createLanguageModel(
  settings: ModelSettings,
  fetchImpl?: typeof fetch,
): LanguageModel {
  const endpoint = endpointOf(settings);
  const guardedFetch: typeof fetch = (input, init) =>
    isAllowedModelEndpoint(endpoint)
      ? (fetchImpl ?? fetch)(input, init)
      : Promise.reject(refuseInsecure(endpoint));
  const provider = createOpenAI({
    baseURL: endpoint,
    // Local endpoints often need no key; the provider insists on one, and they ignore it.
    apiKey: settings.apiKey || 'no-key',
    fetch: guardedFetch,
  });
  return settings.provider === 'openai'
    ? provider.responses(settings.model)
    : provider.chat(settings.model);
}

/** The models an endpoint lists at GET /models, or an error saying why there is no list. */
export async function listModels(
  settings: { provider: ModelSettings['provider']; baseUrl?: string; apiKey?: string },
  fetchImpl: typeof fetch = fetch,
): Promise<string[]> {
  const endpoint = endpointOf(settings);
  if (!isAllowedModelEndpoint(endpoint)) throw refuseInsecure(endpoint);
  let response: Response;
  try {
    response = await fetchImpl(`${endpoint}/models`, {
      headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
    });
  } catch {
    throw new Error(`Couldn't reach ${endpoint}. Check the URL and that the server is running.`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new Error(`The API key was rejected (HTTP ${response.status}). Check it and try again.`);
  }
  if (!response.ok)
    throw new Error(
      `${endpoint}/models answered HTTP ${response.status}. Type the model name instead.`,
    );
  const body = (await response.json().catch(() => undefined)) as
    { data?: { id?: unknown }[] } | undefined;
  const ids = (body?.data ?? [])
    .map((model) => model.id)
    .filter((id): id is string => typeof id === 'string');
  return [...new Set(ids)].sort();
}
