import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';

/**
 * OpenAI through its Responses API, or any OpenAI-compatible endpoint (Ollama, LM Studio, vLLM,
 * OpenRouter) through Chat Completions: a lazy chunk like the other providers (lazy-model.ts).
 */
export function openAIModel(options: {
  baseURL: string;
  apiKey: string;
  model: string;
  fetch: typeof fetch;
  api: 'responses' | 'chat';
}): LanguageModelV4 {
  const provider = createOpenAI({
    baseURL: options.baseURL,
    // Local endpoints often need no key; the provider insists on one, and they ignore it.
    apiKey: options.apiKey || 'no-key',
    fetch: options.fetch,
  });
  return options.api === 'responses'
    ? provider.responses(options.model)
    : provider.chat(options.model);
}
