import { useState, type FormEvent } from 'react';
import type { AddServerPayload, GlobalResults } from '../../src/messaging/contract';
import { isUnencrypted, UNENCRYPTED_WARNING } from '../../src/net/private-network';

type TestResult = GlobalResults['mcp/servers/test'];

export interface ServerFormValues {
  name: string;
  url: string;
  headerNames: string[];
  iconDataUrl?: string;
  oauthClientId?: string;
}

export interface ServerFormProps {
  mode: 'add' | 'edit';
  initial?: ServerFormValues;
  onTest(input: AddServerPayload): Promise<TestResult>;
  onSubmit(input: AddServerPayload): Promise<{ error?: string; field?: string } | undefined>;
  onCancel(): void;
  readIcon(file: File): Promise<string>;
  /** Opens at the OAuth client ID: the server's sign-in needs one entered by hand. */
  focusClientId?: boolean;
  /** Opens at this header's value: the server has no value for it here. */
  focusHeader?: string;
}

interface HeaderRow {
  key: string;
  value: string;
  revealed: boolean;
}

/** Add or edit a custom server. Stored header values and secrets are never shown: empty keeps them. */
export function ServerForm({
  mode,
  initial,
  onTest,
  onSubmit,
  onCancel,
  readIcon,
  focusClientId = false,
  focusHeader,
}: ServerFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [headers, setHeaders] = useState<HeaderRow[]>(
    (initial?.headerNames ?? []).map((key) => ({ key, value: '', revealed: false })),
  );
  const [iconDataUrl, setIconDataUrl] = useState(initial?.iconDataUrl);
  const [clientId, setClientId] = useState(initial?.oauthClientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | undefined>();
  const [test, setTest] = useState<TestResult | 'testing' | undefined>();
  const [saving, setSaving] = useState(false);
  const storedHeaders = new Set(initial?.headerNames ?? []);

  const payload = (): AddServerPayload => ({
    name,
    url,
    headers: headers.map(({ key, value }) => ({ key, value })),
    // When editing, an empty value says "remove"; leaving the field out would keep the old one.
    ...(iconDataUrl ? { iconDataUrl } : initial?.iconDataUrl ? { iconDataUrl: '' } : {}),
    ...(clientId.trim()
      ? { oauth: { clientId: clientId.trim(), ...(clientSecret ? { clientSecret } : {}) } }
      : initial?.oauthClientId
        ? { oauth: {} }
        : {}),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const outcome = await onSubmit(payload());
    setSaving(false);
    setError(
      outcome?.error
        ? { message: outcome.error, ...(outcome.field ? { field: outcome.field } : {}) }
        : undefined,
    );
  }

  async function runTest() {
    setTest('testing');
    setTest(
      await onTest(payload()).catch((caught: unknown) => ({
        ok: false as const,
        error: caught instanceof Error ? caught.message : String(caught),
      })),
    );
  }

  const fieldError = (field: string) =>
    error?.field === field || error?.field?.startsWith(`${field}.`) ? error.message : undefined;
  const updateRow = (index: number, change: Partial<HeaderRow>) =>
    setHeaders(headers.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <form
      className="server-form"
      onSubmit={(event) => void submit(event)}
      aria-label={mode === 'add' ? 'Add a server' : `Edit ${initial?.name ?? 'server'}`}
    >
      <label>
        Name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="My server"
          aria-invalid={Boolean(fieldError('name'))}
          required
        />
      </label>
      {fieldError('name') ? <p className="field-error">{fieldError('name')}</p> : null}
      <label>
        URL
        <input
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://example.com/mcp"
          inputMode="url"
          aria-invalid={Boolean(fieldError('url'))}
          required
        />
      </label>
      {fieldError('url') ? (
        <p className="field-error">{fieldError('url')}</p>
      ) : isUnencrypted(url.trim()) ? (
        <p className="field-warning">{UNENCRYPTED_WARNING}</p>
      ) : null}
      <fieldset>
        <legend>Headers</legend>
        {headers.map((header, index) => (
          <div className="header-row" key={index}>
            <input
              aria-label={`Header ${index + 1} name`}
              value={header.key}
              placeholder="Authorization"
              onChange={(event) => updateRow(index, { key: event.target.value })}
            />
            <input
              aria-label={`Header ${index + 1} value`}
              type={header.revealed ? 'text' : 'password'}
              autoFocus={focusHeader !== undefined && header.key === focusHeader}
              value={header.value}
              autoComplete="off"
              placeholder={storedHeaders.has(header.key) ? '(unchanged)' : 'Value'}
              onChange={(event) => updateRow(index, { value: event.target.value })}
            />
            <button
              type="button"
              className="quiet"
              aria-pressed={header.revealed}
              onClick={() => updateRow(index, { revealed: !header.revealed })}
            >
              {header.revealed ? 'Hide' : 'Show'}
            </button>
            <button
              type="button"
              className="quiet danger"
              aria-label={`Remove header ${index + 1}`}
              onClick={() => setHeaders(headers.filter((_, at) => at !== index))}
            >
              ✕
            </button>
          </div>
        ))}
        <button
          type="button"
          className="quiet"
          onClick={() => setHeaders([...headers, { key: '', value: '', revealed: false }])}
        >
          Add header
        </button>
        {fieldError('headers') ? <p className="field-error">{fieldError('headers')}</p> : null}
      </fieldset>
      <div className="icon-row">
        {iconDataUrl ? <img className="server-icon" src={iconDataUrl} alt="Icon preview" /> : null}
        <label className="file-label">
          Icon (PNG, JPEG or SVG, up to 64 KB)
          <input
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              readIcon(file).then(
                (dataUrl) => {
                  setIconDataUrl(dataUrl);
                  setError(undefined);
                },
                (caught: unknown) =>
                  setError({
                    field: 'iconDataUrl',
                    message: caught instanceof Error ? caught.message : String(caught),
                  }),
              );
            }}
          />
        </label>
        {iconDataUrl ? (
          <button type="button" className="quiet" onClick={() => setIconDataUrl(undefined)}>
            Remove icon
          </button>
        ) : null}
      </div>
      {fieldError('iconDataUrl') ? (
        <p className="field-error">{fieldError('iconDataUrl')}</p>
      ) : null}
      <details className="advanced" open={Boolean(initial?.oauthClientId) || focusClientId}>
        <summary>OAuth client (for servers without automatic registration)</summary>
        <label>
          Client ID
          <input
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            autoComplete="off"
            autoFocus={focusClientId}
          />
        </label>
        <label>
          Client secret
          <input
            type="password"
            value={clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
            autoComplete="off"
            placeholder={initial?.oauthClientId ? '(unchanged)' : 'Only for confidential clients'}
          />
        </label>
        {fieldError('oauth') ? <p className="field-error">{fieldError('oauth')}</p> : null}
      </details>
      {error && !error.field ? <p className="field-error">{error.message}</p> : null}
      <div className="test-result" aria-live="polite">
        {test === 'testing' ? <p className="muted">Testing…</p> : null}
        {test && test !== 'testing' && test.ok ? (
          <p className="test-ok">
            Connected over {test.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}:{' '}
            {test.toolCount} {test.toolCount === 1 ? 'tool' : 'tools'} ({test.latencyMs} ms).
          </p>
        ) : null}
        {test && test !== 'testing' && !test.ok ? (
          <p className="field-error">{test.error}</p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {mode === 'add' ? (saving ? 'Adding…' : 'Add server') : saving ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          onClick={() => void runTest()}
          disabled={test === 'testing' || !url.trim()}
        >
          Test connection
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
