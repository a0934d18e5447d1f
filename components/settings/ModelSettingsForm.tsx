import { useState } from 'react';
import type { ModelChoice } from '../../src/models/model-choice';
import { PROVIDER_LABELS, PROVIDERS, type ProviderId } from '../../src/models/model-settings';
import { ON_DEVICE_MODEL } from '../../src/models/on-device-model';
import { OnDeviceForm } from './OnDeviceForm';
import { ProviderForm } from './ProviderForm';
import type { ModelListDraft } from './provider-settings';

export interface ModelSettingsFormProps {
  /** Every provider set up so far, and the active one. */
  choice: ModelChoice | undefined;
  onLoadModels(draft: ModelListDraft): Promise<string[]>;
  /** Whether listing a draft's models asks Chrome nothing (a pasted key may then list them). */
  mayListUnasked?(draft: ModelListDraft): boolean;
  /** Saves one provider's settings and makes them the active ones. */
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  /** Makes another set-up provider the active one. */
  onActivate(provider: ProviderId): void;
  /** Whether this browser offers its built-in model (Chrome's Prompt API). */
  onDeviceOffered?: boolean;
  /**
   * `first-run`: the form ends with "Start chatting". `settings`: no button; choosing a provider
   * set up makes it the one in use, and every change saves once it is checked.
   */
  mode: 'first-run' | 'settings';
  /** The provider whose form shows first; else the one in use. */
  provider?: ProviderId;
}

const CHOICE_LABELS: Record<ProviderId, string> = {
  ...PROVIDER_LABELS,
  compatible: 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter…)',
};

/** The provider (the one in use marked) and its settings: one model picker, in its form. */
export function ModelSettingsForm({
  choice,
  onLoadModels,
  mayListUnasked = () => false,
  onSave,
  onActivate,
  onDeviceOffered = false,
  mode,
  provider: shownFirst,
}: ModelSettingsFormProps) {
  const [picked, setProvider] = useState<ProviderId | undefined>(shownFirst ?? choice?.active);
  // Chrome's own model is the default where it is offered (known after the form first shows).
  const provider = picked ?? (onDeviceOffered ? 'chrome' : 'openai');
  const atOnce = mode === 'settings';
  const offered = PROVIDERS.filter(
    (id) => id !== 'chrome' || onDeviceOffered || choice?.providers.chrome,
  );

  function choose(id: ProviderId) {
    setProvider(id);
    if (!atOnce) return;
    // In Settings, what is chosen is used: a provider set up already, or one with nothing to enter.
    if (choice?.providers[id]) {
      if (choice.active !== id) onActivate(id);
    } else if (id === 'chrome') void onSave({ provider: 'chrome', model: ON_DEVICE_MODEL });
  }

  return (
    <div className="model-settings">
      <fieldset className="provider-choice">
        <legend>Provider</legend>
        {offered.map((id) => (
          <label key={id}>
            <input
              type="radio"
              name="provider"
              checked={provider === id}
              onChange={() => choose(id)}
            />
            {CHOICE_LABELS[id]}
            {choice?.providers[id] ? (
              <span className="muted">
                {' '}
                ({atOnce && choice.active === id ? 'in use' : 'set up'})
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>
      {provider === 'chrome' ? (
        <OnDeviceForm onSave={onSave} {...(atOnce ? {} : { submitLabel: 'Start chatting' })} />
      ) : (
        <ProviderForm
          key={provider}
          provider={provider}
          saved={choice?.providers[provider]}
          onLoadModels={onLoadModels}
          mayListUnasked={mayListUnasked}
          onSave={onSave}
          saveAtOnce={atOnce}
          {...(atOnce ? {} : { submitLabel: 'Start chatting' })}
        />
      )}
    </div>
  );
}
