import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import { geminiToolSchema } from './gemini-schema';
import { lazyLanguageModel } from './lazy-model';
import { createOnDeviceModel } from './on-device-model';
import { refuseInsecure } from './list-models';
import {
  cannotCallTools,
  endpointOf,
  isAllowedModelEndpoint,
  type ModelSettings,
} from './model-settings';

export { listModels } from './list-models';

/**
 * The language model for the settings, each through its provider's official AI SDK package:
 * OpenAI through its Responses API, any OpenAI-compatible endpoint (Ollama, LM Studio, vLLM,
 * OpenRouter) through Chat Completions, Anthropic through Messages, Google through the Gemini
 * API. Each key goes only to its own provider's endpoint, in that provider's header.
 */
export function createLanguageModel(
  settings: ModelSettings,
  fetchImpl?: typeof fetch,
): LanguageModel {
  if (settings.provider === 'chrome') return createOnDeviceModel();
  const endpoint = endpointOf(settings);
  // Requests carry the key: a redirect (to plain http, or elsewhere) is not followed with it.
  const guardedFetch: typeof fetch = (input, init) =>
    isAllowedModelEndpoint(endpoint)
      ? (fetchImpl ?? fetch)(input, { ...init, redirect: 'error' })
      : Promise.reject(refuseInsecure(endpoint));
  const options = {
    baseURL: endpoint,
    apiKey: settings.apiKey ?? '',
    model: settings.model,
    fetch: guardedFetch,
  };
  switch (settings.provider) {
    case 'anthropic':
      return lazyLanguageModel('anthropic.messages', settings.model, async () =>
        (await import('./providers/anthropic')).anthropicModel(options),
      );
    case 'google':
      return lazyLanguageModel(
        'google.generative-ai',
        settings.model,
        async () => (await import('./providers/google')).googleModel(options),
        withGeminiSchemas,
      );
    default: {
      const api = settings.provider === 'openai' ? 'responses' : 'chat';
      return lazyLanguageModel(
        `openai.${api}`,
        settings.model,
        async () => (await import('./providers/openai')).openAIModel({ ...options, api }),
        api === 'chat' && cannotCallTools(settings) ? withoutTools : undefined,
      );
    }
  }
}

/**
 * A call to a model its server says cannot call tools, without them: Ollama refuses a request
 * that offers tools to such a model (HTTP 400, "does not support tools"), so the chat goes on in
 * text.
 */
function withoutTools({
  tools: _tools,
  toolChoice: _choice,
  ...options
}: LanguageModelV4CallOptions): LanguageModelV4CallOptions {
  return options;
}

/** Tool schemas cut to the subset of JSON Schema Gemini accepts (see gemini-schema.ts). */
function withGeminiSchemas(options: LanguageModelV4CallOptions): LanguageModelV4CallOptions {
  if (!options.tools?.length) return options;
  return {
    ...options,
    tools: options.tools.map((tool) =>
      tool.type === 'function'
        ? {
            ...tool,
            inputSchema: geminiToolSchema(
              tool.inputSchema as Record<string, unknown>,
            ) as typeof tool.inputSchema,
          }
        : tool,
    ),
  };
}
