import { useState } from 'react';
import type { ModelChoice } from '../../src/ai/model-choice';
import { PROVIDER_LABELS, PROVIDERS, type ProviderId } from '../../src/ai/model-settings';
import { OnDeviceForm } from './OnDeviceForm';
import { ProviderForm, type ModelListDraft } from './ProviderForm';

export interface ModelSettingsFormProps {
  /** Every provider set up so far, and the active one. */
  choice: ModelChoice | undefined;
  onLoadModels(draft: ModelListDraft): Promise<string[]>;
  /** Saves one provider's settings and makes them the active ones. */
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  /** Makes another set-up provider the active one. */
  onActivate(provider: ProviderId): void;
  /** Whether this browser offers its built-in model (Chrome's Prompt API). */
  onDeviceOffered?: boolean;
  submitLabel: string;
}

const CHOICE_LABELS: Record<ProviderId, string> = {
  ...PROVIDER_LABELS,
  compatible: 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter…)',
};

/** The models set up, grouped by provider (the chat uses the active one), and each provider's settings. */
export function ModelSettingsForm({
  choice,
  onLoadModels,
  onSave,
  onActivate,
  onDeviceOffered = false,
  submitLabel,
}: ModelSettingsFormProps) {
  const [picked, setProvider] = useState<ProviderId | undefined>(choice?.active);
  // Chrome's own model is the default where it is offered (known after the form first shows).
  const provider = picked ?? (onDeviceOffered ? 'chrome' : 'openai');
  const setUp = PROVIDERS.filter((id) => choice?.providers[id]);
  const offered = PROVIDERS.filter(
    (id) => id !== 'chrome' || onDeviceOffered || choice?.providers.chrome,
  );

  return (
    <div className="model-settings">
      {choice && setUp.length > 0 ? (
        <label>
          Active model
          <select
            aria-label="Active model"
            value={choice.active}
            onChange={(event) => onActivate(event.target.value as ProviderId)}
          >
            {setUp.map((id) => (
              <optgroup key={id} label={PROVIDER_LABELS[id]}>
                <option value={id}>{choice.providers[id]?.model}</option>
              </optgroup>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="provider-choice">
        <legend>Provider</legend>
        {offered.map((id) => (
          <label key={id}>
            <input
              type="radio"
              name="provider"
              checked={provider === id}
              onChange={() => setProvider(id)}
            />
            {CHOICE_LABELS[id]}
            {choice?.providers[id] ? <span className="muted"> (set up)</span> : null}
          </label>
        ))}
      </fieldset>
      {provider === 'chrome' ? (
        <OnDeviceForm onSave={onSave} submitLabel={submitLabel} />
      ) : (
        <ProviderForm
          key={provider}
          provider={provider}
          saved={choice?.providers[provider]}
          onLoadModels={onLoadModels}
          onSave={onSave}
          submitLabel={submitLabel}
        />
      )}
    </div>
  );
}
