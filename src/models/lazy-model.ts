import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';

/**
 * A language model whose provider package loads on first use: the OpenAI, Anthropic and Google
 * packages stay out of the side panel's first load (each is a lazy chunk, fetched from the
 * extension itself) and cost nothing to people who use neither. `prepare` rewrites a call's
 * options for the provider (e.g. Gemini's tool schemas) before it goes out.
 */
export function lazyLanguageModel(
  provider: string,
  modelId: string,
  load: () => Promise<LanguageModelV4>,
  prepare: (options: LanguageModelV4CallOptions) => LanguageModelV4CallOptions = (options) =>
    options,
): LanguageModelV4 {
  let loaded: Promise<LanguageModelV4> | undefined;
  // A failed load (the chunk could not be read) is tried again on the next call.
  const model = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    get supportedUrls() {
      return model().then((inner) => inner.supportedUrls);
    },
    doGenerate: async (options) => (await model()).doGenerate(prepare(options)),
    doStream: async (options) => (await model()).doStream(prepare(options)),
  };
}
