import { listModels } from '../../src/ai/model';
import { endpointOf, modelSettingsSchema } from '../../src/ai/model-settings';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
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
    // Chrome's own model needs no site; a refused one leaves its error on the first message.
    if (parsed.data.provider !== 'chrome') void askForSites([endpointOf(parsed.data)]);
    await models.saveProvider(parsed.data);
    onSaved();
    return undefined;
  };
  return (
    <ModelSettingsForm
      choice={models.choice}
      onLoadModels={(draft) => {
        void askForSites([endpointOf(draft)]);
        return listModels(draft);
      }}
      onSave={save}
      onActivate={(provider) => void models.activate(provider)}
      onDeviceOffered={onDeviceOffered}
      submitLabel={submitLabel}
    />
  );
}
