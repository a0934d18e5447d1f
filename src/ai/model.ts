import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { endpointOf, type ModelSettings } from './model-settings';

/**
 * The language model for the settings: OpenAI through its Responses API, any
 * OpenAI-compatible endpoint (Ollama, LM Studio, vLLM, OpenRouter) through Chat Completions.
 */
export function createLanguageModel(
  settings: ModelSettings,
  fetchImpl?: typeof fetch,
): LanguageModel {
  const provider = createOpenAI({
    baseURL: endpointOf(settings),
    // Local endpoints often need no key; the provider insists on one, and they ignore it.
    apiKey: settings.apiKey || 'no-key',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
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
