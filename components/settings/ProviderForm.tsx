import { DEFAULT_ENDPOINTS, isHosted, PROVIDER_LABELS } from '../../src/models/model-settings';
import { KeyField, KeyPageLink, ModelField } from './ProviderFields';
import { SubmitRow } from './SubmitRow';
import type { FormStatus } from './use-form-status';
import { useProviderForm, type ProviderFormOptions } from './use-provider-form';

export interface ProviderFormProps extends ProviderFormOptions {
  /** First run's button ("Start chatting"); Settings has none: it saves as it goes. */
  submitLabel?: string;
}

/** One provider's settings: endpoint, key, model. Mounted anew for each provider. */
export function ProviderForm({ submitLabel, ...options }: ProviderFormProps) {
  const { provider } = options;
  const form = useProviderForm(options);
  const { fields } = form;
  const name = provider === 'compatible' ? 'this address' : PROVIDER_LABELS[provider];
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (submitLabel) void form.submit();
        else form.commitModel();
      }}
      aria-label="Model settings"
    >
      {provider === 'compatible' ? (
        <label>
          Endpoint URL
          <input
            value={fields.baseUrl}
            onChange={(event) => form.changeEndpoint(event.target.value)}
            placeholder="http://localhost:11434/v1"
          />
        </label>
      ) : null}
      <KeyField
        provider={provider}
        value={fields.apiKey}
        onChange={form.changeKey}
        after={
          <>
            {isHosted(provider) ? <KeyPageLink provider={provider} prefix="No key yet? " /> : null}
            <span className="muted">
              Your key stays in this browser and is sent only to {name}.
            </span>
          </>
        }
      />
      <ModelField
        value={fields.model}
        models={fields.models}
        placeholder={provider === 'compatible' ? 'e.g. llama3.2' : ''}
        working={form.working}
        onChoose={form.chooseModel}
        onType={form.typeModel}
        onCommit={form.commitModel}
        onLoad={form.loadModels}
      />
      <StatusLine status={form.status} provider={provider} />
      {provider !== 'compatible' ? (
        <details className="advanced" open={fields.gatewayUrl !== ''}>
          <summary>Advanced</summary>
          <label>
            API base URL (for a gateway or proxy)
            <input
              value={fields.gatewayUrl}
              onChange={(event) => form.changeEndpoint(event.target.value)}
              placeholder={DEFAULT_ENDPOINTS[provider]}
            />
          </label>
        </details>
      ) : null}
      {submitLabel ? <SubmitRow working={form.working} label={submitLabel} /> : null}
      <p className="muted fine-print">
        Kept in this browser’s extension storage (chrome.storage.local), never synced.
        {provider === 'anthropic'
          ? ' Anthropic is called straight from the browser, which it allows when asked (the anthropic-dangerous-direct-browser-access header).'
          : ''}
      </p>
    </form>
  );
}

/** Where the form stands: a quiet note, "Saved", or an error with the way out. */
function StatusLine({
  status,
  provider,
}: {
  status: FormStatus | undefined;
  provider: ProviderFormOptions['provider'];
}) {
  if (!status) return <p className="muted form-status" role="status" aria-live="polite" />;
  if (status.tone !== 'error')
    return (
      <p className={`form-status ${status.tone === 'saved' ? 'test-ok' : 'muted'}`} role="status">
        {status.text}
      </p>
    );
  return (
    <p className="field-error" role="alert">
      {status.keyRefused !== undefined && isHosted(provider) ? (
        <>
          {PROVIDER_LABELS[provider]} did not accept this key (HTTP {status.keyRefused}). Check that
          you copied all of it, or make a new one: <KeyPageLink provider={provider} />
        </>
      ) : status.keyRefused !== undefined ? (
        <>
          The endpoint did not accept this key. Check it, or leave the field empty if it needs none.
        </>
      ) : (
        status.text
      )}
    </p>
  );
}
