import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { LanguageModelV4 } from '@ai-sdk/provider';

export function googleModel(options: {
  baseURL: string;
  apiKey: string;
  model: string;
  fetch: typeof fetch;
}): LanguageModelV4 {
  return createGoogleGenerativeAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
  })(options.model);
}
