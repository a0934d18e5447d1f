import type { FoundServer, LocalModel } from '../../../src/models/local/local-servers';
import type { ModelSettings } from '../../../src/models/model-settings';
import { LocalModels } from './LocalModels';
import { useLocalModels, type LocalModelsDependencies } from './use-local-models';

/**
 * The local part of Settings and of the first-run form, loaded with its first showing (outside
 * the panel's first load): looks for servers when asked, and picks a model in one click.
 */
export default function LocalModelsSection({
  onPick,
  suggested,
  ...dependencies
}: LocalModelsDependencies & {
  /** Saves the pick as the OpenAI-compatible provider and makes it the active one. */
  onPick(settings: ModelSettings): void;
  suggested: boolean;
}) {
  const { search, look } = useLocalModels(dependencies);
  return (
    <LocalModels
      search={search}
      onLook={look}
      onUse={(server, model) => onPick(settingsFor(server, model))}
      suggested={suggested}
    />
  );
}

/** The compatible provider's settings for a found model, with what the server said of each. */
export function settingsFor(server: FoundServer, model: LocalModel): ModelSettings {
  return {
    provider: 'compatible',
    baseUrl: server.baseUrl,
    model: model.id,
    capabilities: Object.fromEntries(
      server.models.map(({ id, ...capabilities }) => [id, capabilities]),
    ),
  };
}
