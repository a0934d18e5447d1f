import { useCallback, useState } from 'react';
import { listModels } from '../../src/models/list-models';
import type { ModelChoice } from '../../src/models/model-choice';
import { PROVIDERS, type ProviderId } from '../../src/models/model-settings';

/** One set-up provider's models, as its models endpoint lists them. */
export interface ProviderModels {
  provider: ProviderId;
  models: string[];
  /** Why the list could not be read; the provider's saved model is still offered. */
  error?: string;
}

/**
 * The models of every provider set up, asked for when the header's model menu opens (so the
 * panel asks no provider on load), again each time it opens.
 */
export function useModelOptions(choice: ModelChoice | undefined) {
  const [lists, setLists] = useState<ProviderModels[] | undefined>();
  const load = useCallback(async () => {
    if (!choice) return;
    const providers = PROVIDERS.flatMap((provider) => {
      const settings = choice.providers[provider];
      return settings ? [settings] : [];
    });
    // What is known at once: each provider's saved model.
    setLists(
      providers.map((settings) => ({ provider: settings.provider, models: [settings.model] })),
    );
    const found = await Promise.all(
      providers.map(async (settings): Promise<ProviderModels> => {
        if (settings.provider === 'chrome') return { provider: 'chrome', models: [settings.model] };
        try {
          const models = await listModels(settings);
          return {
            provider: settings.provider,
            models: models.includes(settings.model) ? models : [settings.model, ...models],
          };
        } catch (error) {
          return {
            provider: settings.provider,
            models: [settings.model],
            error: error instanceof Error ? error.message : String(error),
          };
        }
      }),
    );
    setLists(found);
  }, [choice]);
  return { lists, load };
}
