import { useState, type FormEvent } from 'react';
import { keyStaysWith, type ModelSettings } from '../../src/ai/model-settings';

export interface ModelSettingsFormProps {
  initial: ModelSettings | undefined;
  onLoadModels(draft: {
    provider: ModelSettings['provider'];
    baseUrl?: string;
    apiKey?: string;
  }): Promise<string[]>;
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  submitLabel: string;
}

const KEY_LEFT_BEHIND = 'The saved key belongs to another endpoint; enter the key for this one.';

export function ModelSettingsForm({
  initial,
  onLoadModels,
  onSave,
  submitLabel,
}: ModelSettingsFormProps) {
  const [provider, setProvider] = useState<ModelSettings['provider']>(
    initial?.provider ?? 'openai',
  );
  const [apiKey, setApiKey] = useState(initial?.apiKey ?? '');
  const [revealKey, setRevealKey] = useState(false);
  /** The key field holds what the person typed, not the key loaded from storage. */
  const [keyTyped, setKeyTyped] = useState(false);
  const [baseUrl, setBaseUrl] = useState(
    initial?.provider === 'compatible' ? initial.baseUrl : 'http://localhost:11434/v1',
  );
  const [gatewayUrl, setGatewayUrl] = useState(
    initial?.provider === 'openai' ? (initial.baseUrl ?? '') : '',
  );
  const [model, setModel] = useState(initial?.model ?? '');
  const [models, setModels] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);

  /**
   * The key to send: the saved one never goes to another provider or endpoint origin unless the
   * person typed it in again for that one.
   */
  function keyFor(draft: { provider: ModelSettings['provider']; baseUrl?: string }): string {
    if (keyTyped || !initial?.apiKey || keyStaysWith(initial, draft)) return apiKey;
    setApiKey('');
    return '';
  }

  function draftEndpoint(): { provider: ModelSettings['provider']; baseUrl?: string } {
    const endpoint = provider === 'compatible' ? baseUrl : gatewayUrl.trim();
    return { provider, ...(endpoint ? { baseUrl: endpoint } : {}) };
  }

  async function loadModels() {
    setWorking(true);
    setError(undefined);
    try {
      const draft = draftEndpoint();
      const key = keyFor(draft);
      const found = await onLoadModels({ ...draft, ...(key ? { apiKey: key } : {}) });
      setModels(found);
      setNotice(
        [
          found.length
            ? `${found.length} models found.`
            : 'The endpoint lists no models; type the model name.',
          key === apiKey ? '' : KEY_LEFT_BEHIND,
        ]
          .filter(Boolean)
          .join(' '),
      );
      if (!model && found[0]) setModel(found[0]);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setWorking(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setWorking(true);
    const key = keyFor(draftEndpoint());
    if (key !== apiKey) setNotice(KEY_LEFT_BEHIND);
    const outcome = await onSave(
      provider === 'openai'
        ? {
            provider,
            apiKey: key,
            model,
            ...(gatewayUrl.trim() ? { baseUrl: gatewayUrl.trim() } : {}),
          }
        : { provider, baseUrl, model, ...(key ? { apiKey: key } : {}) },
    );
    setWorking(false);
    setError(outcome?.error);
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Model settings"
    >
      <fieldset className="provider-choice">
        <legend>Provider</legend>
        <label>
          <input
            type="radio"
            name="provider"
            checked={provider === 'openai'}
            onChange={() => setProvider('openai')}
          />
          OpenAI
        </label>
        <label>
          <input
            type="radio"
            name="provider"
            checked={provider === 'compatible'}
            onChange={() => setProvider('compatible')}
          />
          OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter…)
        </label>
      </fieldset>
      {provider === 'compatible' ? (
        <label>
          Endpoint URL
          <input
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            placeholder="http://localhost:11434/v1"
          />
        </label>
      ) : (
        <details className="advanced">
          <summary>Advanced</summary>
          <label>
            API base URL (for a gateway or proxy)
            <input
              value={gatewayUrl}
              onChange={(event) => setGatewayUrl(event.target.value)}
              placeholder="https://api.openai.com/v1"
            />
          </label>
        </details>
      )}
      <label>
        API key{provider === 'compatible' ? ' (optional)' : ''}
        <span className="secret">
          <input
            aria-label="API key"
            type={revealKey ? 'text' : 'password'}
            value={apiKey}
            autoComplete="off"
            onChange={(event) => {
              setApiKey(event.target.value);
              setKeyTyped(true);
            }}
            placeholder={provider === 'openai' ? 'sk-…' : 'Only if the endpoint needs one'}
          />
          <button
            type="button"
            className="link"
            onClick={() => setRevealKey(!revealKey)}
            aria-pressed={revealKey}
          >
            {revealKey ? 'Hide' : 'Show'}
          </button>
        </span>
      </label>
      <label>
        Model
        <span className="secret">
          <input
            aria-label="Model"
            list="model-options"
            value={model}
            onChange={(event) => setModel(event.target.value)}
            placeholder="e.g. gpt-4.1-mini"
          />
          <button
            type="button"
            className="link"
            onClick={() => void loadModels()}
            disabled={working}
          >
            Load models
          </button>
        </span>
        <datalist id="model-options">
          {models.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      </label>
      {notice ? <p className="muted">{notice}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={working}>
          {submitLabel}
        </button>
      </div>
      <p className="muted">
        Your key stays in this browser profile (chrome.storage.local) and is sent only to the
        provider.
      </p>
    </form>
  );
}
