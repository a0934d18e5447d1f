import type { ModelSettings } from '../../src/models/model-settings';
import { keyLooksComplete } from '../../src/models/provider-guide';
import {
  sameAsSaved,
  settingsOf,
  type ModelListDraft,
  type RemoteProviderId,
} from './provider-settings';
import { useFormStatus } from './use-form-status';
import { KEY_LEFT_BEHIND, useModelLookup } from './use-model-lookup';
import { useProviderDraft } from './use-provider-draft';

export interface ProviderFormOptions {
  provider: RemoteProviderId;
  /** This provider's saved settings: its key is never offered to another provider. */
  saved: ModelSettings | undefined;
  onLoadModels(draft: ModelListDraft): Promise<string[]>;
  /** Whether listing this draft's models asks Chrome nothing (so a pasted key may list them). */
  mayListUnasked(draft: ModelListDraft): boolean;
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  /** Settings: every change is saved once it is checked. First run: the form's button saves. */
  saveAtOnce: boolean;
}

const CHECK_FIRST = 'Load models to check it; it is saved once it answers.';

/**
 * One provider's form: its endpoint, key and model (use-provider-draft), the models its
 * endpoint lists (use-model-lookup: as soon as a key that looks whole is pasted, where that
 * asks Chrome nothing, else on Load models), and saving (use-form-status).
 */
export function useProviderForm(options: ProviderFormOptions) {
  const { provider, saved, saveAtOnce } = options;
  const draft = useProviderDraft(provider, saved);
  const form = useFormStatus(options.onSave, saveAtOnce);
  const lookup = useModelLookup(options, draft, form);

  function changeKey(value: string) {
    draft.typeKey(value);
    // The list stays until the new key's arrives (the same endpoint): no flicker while typing.
    lookup.cancel();
    if (keyLooksComplete(value) && options.mayListUnasked(draft.endpoint())) {
      form.setStatus(undefined);
      lookup.loadSoon(value);
    } else {
      form.setStatus(
        saveAtOnce && value ? { tone: 'note', text: `A new key. ${CHECK_FIRST}` } : undefined,
      );
    }
  }

  function changeEndpoint(value: string) {
    draft.typeEndpoint(value);
    // A key waiting for a pause was typed for the address before: it is not sent on its own.
    lookup.cancel();
    form.setStatus(
      saveAtOnce ? { tone: 'note', text: `A new address. ${CHECK_FIRST}` } : undefined,
    );
  }

  /** A model picked from the list: saved at once in Settings. */
  function chooseModel(value: string) {
    draft.chooseModel(value);
    if (saveAtOnce) void form.save(draft.settingsFor(value));
  }

  /** A model name typed (no list): saved in Settings when the field is left or Enter pressed. */
  function commitModel() {
    const model = draft.fields.model.trim();
    if (!saveAtOnce || !model) return;
    const settings = draft.settingsFor(model);
    if (!sameAsSaved(provider, saved, settings)) void form.save(settings);
  }

  /** First run's button: saves what the form holds. */
  async function submit() {
    const endpoint = draft.endpoint();
    const key = draft.keyFor(endpoint, draft.keyTyped, draft.fields.apiKey);
    if (key !== draft.fields.apiKey) form.setStatus({ tone: 'note', text: KEY_LEFT_BEHIND });
    await form.save(settingsOf(saved, endpoint, key, draft.fields.model));
  }

  return {
    fields: draft.fields,
    status: form.status,
    working: form.working,
    changeKey,
    changeEndpoint,
    loadModels: () => void lookup.load(),
    chooseModel,
    typeModel: draft.chooseModel,
    commitModel,
    submit,
  };
}
