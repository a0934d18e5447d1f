import { isUnencrypted, UNENCRYPTED_WARNING } from '../../src/net/private-network';
import { FieldError } from '../shared/FieldError';
import { HeaderFields } from './HeaderFields';
import { useServerForm, type ServerFormSources, type TestResult } from './use-server-form';

export interface ServerFormProps extends ServerFormSources {
  mode: 'add' | 'edit';
  onCancel(): void;
  /** Opens at the OAuth client ID: the server's sign-in needs one entered by hand. */
  focusClientId?: boolean;
  /** Opens at this header's value: the server has no value for it here. */
  focusHeader?: string;
}

/** Add or edit a custom server. Stored header values and secrets are never shown: empty keeps them. */
export function ServerForm(props: ServerFormProps) {
  const { mode, initial } = props;
  const form = useServerForm(props);
  const { draft, change, fieldError, error, test, saving } = form;
  return (
    <form
      className="server-form"
      onSubmit={(event) => void form.submit(event)}
      aria-label={mode === 'add' ? 'Add a server' : `Edit ${initial?.name ?? 'server'}`}
    >
      <label>
        Name
        <input
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          placeholder="My server"
          aria-invalid={Boolean(fieldError('name'))}
          required
        />
      </label>
      <FieldError message={fieldError('name')} />
      <label>
        URL
        <input
          value={draft.url}
          onChange={(event) => change({ url: event.target.value })}
          placeholder="https://example.com/mcp"
          inputMode="url"
          aria-invalid={Boolean(fieldError('url'))}
          required
        />
      </label>
      {fieldError('url') ? (
        <FieldError message={fieldError('url')} />
      ) : isUnencrypted(draft.url.trim()) ? (
        <p className="field-warning">{UNENCRYPTED_WARNING}</p>
      ) : null}
      <HeaderFields
        headers={draft.headers}
        onChange={(headers) => change({ headers })}
        stored={initial?.headerNames}
        focusHeader={props.focusHeader}
        error={fieldError('headers')}
      />
      <IconField
        iconDataUrl={draft.iconDataUrl}
        onChoose={form.chooseIcon}
        onRemove={() => change({ iconDataUrl: undefined })}
      />
      <FieldError message={fieldError('iconDataUrl')} />
      <OAuthClientFields {...props} form={form} />
      {error && !error.field ? <p className="field-error">{error.message}</p> : null}
      <TestOutcome test={test} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {mode === 'add' ? (saving ? 'Adding…' : 'Add server') : saving ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          onClick={() => void form.runTest()}
          disabled={test === 'testing' || !draft.url.trim()}
        >
          Test connection
        </button>
        <button type="button" onClick={props.onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The server's icon: its preview, a file to choose (checked when read), and Remove icon. */
function IconField({
  iconDataUrl,
  onChoose,
  onRemove,
}: {
  iconDataUrl: string | undefined;
  onChoose(file: File): void;
  onRemove(): void;
}) {
  return (
    <div className="icon-row">
      {iconDataUrl ? <img className="server-icon" src={iconDataUrl} alt="Icon preview" /> : null}
      <label className="file-label">
        Icon (PNG, JPEG or SVG, up to 64 KB)
        <input
          type="file"
          accept="image/png,image/jpeg,image/svg+xml"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChoose(file);
          }}
        />
      </label>
      {iconDataUrl ? (
        <button type="button" className="quiet" onClick={onRemove}>
          Remove icon
        </button>
      ) : null}
    </div>
  );
}

/**
 * The OAuth client for servers without automatic registration, folded away unless one is set
 * or the server's sign-in needs one. A stored secret is never shown: empty keeps it.
 */
function OAuthClientFields({
  initial,
  focusClientId = false,
  form,
}: ServerFormProps & { form: ReturnType<typeof useServerForm> }) {
  const { draft, change } = form;
  return (
    <details className="advanced" open={Boolean(initial?.oauthClientId) || focusClientId}>
      <summary>OAuth client (for servers without automatic registration)</summary>
      <label>
        Client ID
        <input
          value={draft.clientId}
          onChange={(event) => change({ clientId: event.target.value })}
          autoComplete="off"
          autoFocus={focusClientId}
        />
      </label>
      <label>
        Client secret
        <input
          type="password"
          value={draft.clientSecret}
          onChange={(event) => change({ clientSecret: event.target.value })}
          autoComplete="off"
          placeholder={initial?.oauthClientId ? '(unchanged)' : 'Only for confidential clients'}
        />
      </label>
      <FieldError message={form.fieldError('oauth')} />
    </details>
  );
}

/** What Test connection found: testing, how it connected and what it offers, or why it failed. */
function TestOutcome({ test }: { test: TestResult | 'testing' | undefined }) {
  return (
    <div className="test-result" aria-live="polite">
      {test === 'testing' ? <p className="muted">Testing…</p> : null}
      {test && test !== 'testing' && test.ok ? (
        <p className="test-ok">
          Connected over {test.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}:{' '}
          {test.toolCount} {test.toolCount === 1 ? 'tool' : 'tools'} ({test.latencyMs} ms).
        </p>
      ) : null}
      {test && test !== 'testing' && !test.ok ? <p className="field-error">{test.error}</p> : null}
    </div>
  );
}
