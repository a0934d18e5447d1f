import { useState, type FormEvent } from 'react';
import { installFields, type InstallField } from '../../src/registry/install-remote';
import type { RegistryEntry, RegistryRemote } from '../../src/registry/registry-entry';

export interface RegistryInstallFormProps {
  entry: RegistryEntry;
  remote: RegistryRemote;
  /** Adds the server; an error names the field at fault when it knows it. */
  onSubmit(values: Record<string, string>): Promise<{ error: string; field?: string } | undefined>;
  onCancel(): void;
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: InstallField;
  value: string;
  onChange(value: string): void;
}) {
  const { input } = field;
  if (input.choices?.length) {
    return (
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {input.isRequired ? null : <option value="">(none)</option>}
        {input.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type={input.isSecret ? 'password' : 'text'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={input.placeholder ?? (input.isRequired ? '' : '(optional)')}
      autoComplete="off"
    />
  );
}

/** What a registry server needs from the person before it is added: its variables and headers. */
export function RegistryInstallForm({
  entry,
  remote,
  onSubmit,
  onCancel,
}: RegistryInstallFormProps) {
  const fields = installFields(entry, remote);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((field) => [field.key, field.input.default ?? field.input.choices?.[0] ?? '']),
    ),
  );
  const [failure, setFailure] = useState<{ error: string; field?: string } | undefined>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(await onSubmit(values));
    setSaving(false);
  }

  return (
    <form
      className="server-form registry-install"
      aria-label={`Add ${entry.title}`}
      onSubmit={(event) => void submit(event)}
    >
      <p className="muted">
        {remote.type === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'} at {remote.url}
      </p>
      {fields.map((field) => (
        <div key={field.key}>
          <label>
            {field.label}
            {field.input.isRequired ? ' (required)' : ''}
            <FieldInput
              field={field}
              value={values[field.key] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            />
          </label>
          {field.input.description ? <p className="muted">{field.input.description}</p> : null}
          {failure?.field === field.key ? <p className="field-error">{failure.error}</p> : null}
        </div>
      ))}
      {failure && !fields.some((field) => field.key === failure.field) ? (
        <p className="field-error" role="alert">
          {failure.error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          Add server
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
