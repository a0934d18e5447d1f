import { listModels } from '../../src/ai/model';
import { endpointOf, modelSettingsSchema, type ProviderId } from '../../src/ai/model-settings';
import { sitesRefused, type AskForSites } from '../../src/permissions/ask-for-sites';
import { ModelSettingsForm } from './ModelSettingsForm';
import type { useModelChoice } from './use-model-choice';

/** The model settings form, saving to the person's providers; `onSaved` runs after a save. */
export function ModelSetup({
  models,
  onDeviceOffered,
  submitLabel,
  onSaved,
  askForSites,
}: {
  models: ReturnType<typeof useModelChoice>;
  onDeviceOffered: boolean;
  submitLabel: string;
  onSaved(): void;
  /** Asks Chrome, within the Save or Load models click, for the model endpoint's site. */
  askForSites: AskForSites;
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
    onSaved();
    return undefined;
  };
  return (
    <ModelSettingsForm
      choice={models.choice}
      onLoadModels={async (draft) => {
        const site = endpointSite(draft);
        if (site && !(await askForSites([site])))
          throw new Error(sitesRefused([site], 'Load models again to be asked again.'));
        return listModels(draft);
      }}
      onSave={save}
      onActivate={(provider) => void models.activate(provider)}
      onDeviceOffered={onDeviceOffered}
      submitLabel={submitLabel}
    />
  );
}

/**
 * The site a model's endpoint needs Chrome's permission for: a custom one (a local model, a
 * gateway). The hosted providers' own APIs answer extension pages without it (CORS), so
 * choosing OpenAI, Anthropic or Gemini asks nothing.
 */
function endpointSite(settings: { provider: ProviderId; baseUrl?: string }): string | undefined {
  return settings.provider !== 'chrome' && settings.baseUrl ? endpointOf(settings) : undefined;
}
