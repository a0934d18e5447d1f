import { lazy, Suspense } from 'react';
import { listModels } from '../../src/ai/model';
import {
  endpointOf,
  modelSettingsSchema,
  type ModelSettings,
  type ProviderId,
} from '../../src/ai/model-settings';
import { isLoopbackHost } from '../../src/net/private-network';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';
import { ModelSettingsForm } from './ModelSettingsForm';
import type { useModelChoice } from './use-model-choice';

// The local servers' part loads when a settings form first shows (not in the panel's first load).
const LocalModelsSection = lazy(() => import('./local/LocalModelsSection'));

/** The model settings form, saving to the person's providers; `onSaved` runs after a save. */
export function ModelSetup({
  models,
  onDeviceOffered,
  submitLabel,
  onSaved,
  askForSites,
  serveLocalOrigins,
}: {
  models: ReturnType<typeof useModelChoice>;
  onDeviceOffered: boolean;
  submitLabel: string;
  onSaved(): void;
  /** Asks Chrome, within the Save or Load models click, for the model endpoint's site. */
  askForSites: AskForSites;
  /** Lets model servers on this machine serve Patchbay's requests (chrome-local-origins.ts). */
  serveLocalOrigins(origins: readonly string[]): Promise<boolean>;
}) {
  const save = async (draft: unknown) => {
    const parsed = modelSettingsSchema.safeParse(draft);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings.' };
    const site = endpointSite(parsed.data);
    const allowed = site ? askForSites([site]) : Promise.resolve(true);
    // Saved whatever Chrome answers: nothing the person typed is lost.
    await models.saveProvider(parsed.data);
    if (site && !(await allowed))
      return {
        error: sitesRefused([site], 'The model cannot answer until then; Save again to be asked.'),
      };
    if (site && isLocal(site)) await serveLocalOrigins([site]);
    onSaved();
    return undefined;
  };
  const local = (
    <Suspense fallback={null}>
      <LocalModelsSection
        askForSites={askForSites}
        serveLocalOrigins={serveLocalOrigins}
        onPick={(settings: ModelSettings) => void save(settings)}
        suggested={!onDeviceOffered && !models.choice}
      />
    </Suspense>
  );
  return (
    <>
      {onDeviceOffered || models.choice ? null : local}
      <ModelSettingsForm
        choice={models.choice}
        onLoadModels={async (draft) => {
          const site = endpointSite(draft);
          if (site && !(await askForSites([site])))
            throw new Error(sitesRefused([site], 'Load models again to be asked again.'));
          if (site && isLocal(site)) await serveLocalOrigins([site]);
          return listModels(draft);
        }}
        onSave={save}
        onActivate={(provider) => void models.activate(provider)}
        onDeviceOffered={onDeviceOffered}
        submitLabel={submitLabel}
      />
      {onDeviceOffered || models.choice ? local : null}
    </>
  );
}

function isLocal(endpoint: string): boolean {
  return isLoopbackHost(new URL(endpoint).hostname);
}

/**
 * The site a model's endpoint needs Chrome's permission for: a custom one (a local model, a
 * gateway). The hosted providers' own APIs answer extension pages without it (CORS), so
 * choosing OpenAI, Anthropic or Gemini asks nothing.
 */
function endpointSite(settings: { provider: ProviderId; baseUrl?: string }): string | undefined {
  return settings.provider !== 'chrome' && settings.baseUrl ? endpointOf(settings) : undefined;
}
