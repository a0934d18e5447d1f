import { useState, type FormEvent } from 'react';
import {
  DEFAULT_ENDPOINTS,
  keyStaysWith,
  type ModelSettings,
  type ProviderId,
} from '../../src/ai/model-settings';
import { SubmitRow } from './SubmitRow';

export interface ModelListDraft {
  provider: ProviderId;
  baseUrl?: string;
  apiKey?: string;
}

/** The providers reached over the network, with a key and an endpoint. */
export type RemoteProviderId = Exclude<ProviderId, 'chrome'>;

export interface ProviderFormProps {
  provider: RemoteProviderId;
  /** This provider's saved settings: its key is never offered to another provider. */
  saved: ModelSettings | undefined;
  onLoadModels(draft: ModelListDraft): Promise<string[]>;
  onSave(settings: unknown): Promise<{ error?: string } | undefined>;
  submitLabel: string;
}

const KEY_LEFT_BEHIND = 'The saved key belongs to another endpoint; enter the key for this one.';

const KEY_PLACEHOLDERS: Record<RemoteProviderId, string> = {
  openai: 'sk-…',
  anthropic: 'sk-ant-…',
  google: 'AIza…',
  compatible: 'Only if the endpoint needs one',
};

const MODEL_PLACEHOLDERS: Record<RemoteProviderId, string> = {
  openai: 'e.g. gpt-4.1-mini',
  anthropic: 'e.g. claude-sonnet-4-5',
  google: 'e.g. gemini-2.5-flash',
  compatible: 'e.g. llama3.2',
};

/** One provider's settings: endpoint, key, model. Mounted anew for each provider. */
export function ProviderForm({
  provider,
  saved,
  onLoadModels,
  onSave,
  submitLabel,
}: ProviderFormProps) {
  const [apiKey, setApiKey] = useState(saved?.apiKey ?? '');
  const [revealKey, setRevealKey] = useState(false);
  /** The key field holds what the person typed, not the key loaded from storage. */
  const [keyTyped, setKeyTyped] = useState(false);
  const [baseUrl, setBaseUrl] = useState(
    provider === 'compatible' ? (saved?.baseUrl ?? 'http://localhost:11434/v1') : '',
  );
  const [gatewayUrl, setGatewayUrl] = useState(
    provider !== 'compatible' ? (saved?.baseUrl ?? '') : '',
  );
  const [model, setModel] = useState(saved?.model ?? '');
  const [models, setModels] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);

  /**
   * The key to send: the saved one never goes to another endpoint origin unless the person
   * typed it in again for that one.
   */
  function keyFor(draft: { provider: ProviderId; baseUrl?: string }): string {
    if (keyTyped || !saved?.apiKey || keyStaysWith(saved, draft)) return apiKey;
    setApiKey('');
    return '';
  }

  function draftEndpoint(): { provider: ProviderId; baseUrl?: string } {
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
    const draft = draftEndpoint();
    const key = keyFor(draft);
    if (key !== apiKey) setNotice(KEY_LEFT_BEHIND);
    const outcome = await onSave(
      provider === 'compatible'
        ? { provider, baseUrl, model, ...(key ? { apiKey: key } : {}) }
        : { ...draft, apiKey: key, model },
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
        <details className="advanced" open={gatewayUrl !== ''}>
          <summary>Advanced</summary>
          <label>
            API base URL (for a gateway or proxy)
            <input
              value={gatewayUrl}
              onChange={(event) => setGatewayUrl(event.target.value)}
              placeholder={DEFAULT_ENDPOINTS[provider]}
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
            placeholder={KEY_PLACEHOLDERS[provider]}
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
            placeholder={MODEL_PLACEHOLDERS[provider]}
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
      <SubmitRow error={error} working={working} label={submitLabel} />
      <p className="muted">
        Your key stays in this browser profile (chrome.storage.local) and is sent only to this
        provider.
        {provider === 'anthropic'
          ? ' Patchbay calls Anthropic straight from the browser, which Anthropic allows only when asked to (the anthropic-dangerous-direct-browser-access header).'
          : ''}
      </p>
    </form>
  );
}
