import { createAnthropic } from '@ai-sdk/anthropic';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { ANTHROPIC_BROWSER_HEADER } from '../provider-headers';

export function anthropicModel(options: {
  baseURL: string;
  apiKey: string;
  model: string;
  fetch: typeof fetch;
}): LanguageModelV4 {
  return createAnthropic({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    headers: ANTHROPIC_BROWSER_HEADER,
    fetch: options.fetch,
  })(options.model);
}
