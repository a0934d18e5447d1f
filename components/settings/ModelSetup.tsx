import { listModels } from '../../src/ai/model';
import { modelSettingsSchema } from '../../src/ai/model-settings';
import { ModelSettingsForm } from './ModelSettingsForm';
import type { useModelChoice } from './use-model-choice';

/** The model settings form, saving to the person's providers; `onSaved` runs after a save. */
export function ModelSetup({
  models,
  onDeviceOffered,
  submitLabel,
  onSaved,
}: {
  models: ReturnType<typeof useModelChoice>;
  onDeviceOffered: boolean;
  submitLabel: string;
  onSaved(): void;
}) {
  const save = async (draft: unknown) => {
    const parsed = modelSettingsSchema.safeParse(draft);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings.' };
    await models.saveProvider(parsed.data);
    onSaved();
    return undefined;
  };
  return (
    <ModelSettingsForm
      choice={models.choice}
      onLoadModels={(draft) => listModels(draft)}
      onSave={save}
      onActivate={(provider) => void models.activate(provider)}
      onDeviceOffered={onDeviceOffered}
      submitLabel={submitLabel}
    />
  );
}
