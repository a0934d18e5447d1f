import { useState, type FormEvent } from 'react';
import type { AddServerPayload } from '../../src/messaging/contract';

export interface AddServerFormProps {
  onSubmit(input: AddServerPayload): Promise<{ error?: string; field?: string } | undefined>;
  onCancel(): void;
}

interface HeaderRow {
  key: string;
  value: string;
}

export function AddServerForm({ onSubmit, onCancel }: AddServerFormProps) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [error, setError] = useState<{ message: string; field?: string } | undefined>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const outcome = await onSubmit({ name, url, headers });
    setSaving(false);
    if (outcome?.error)
      setError({ message: outcome.error, ...(outcome.field ? { field: outcome.field } : {}) });
  }

  const fieldError = (field: string) =>
    error?.field === field || error?.field?.startsWith(`${field}.`) ? error.message : undefined;

  return (
    <form className="add-server" onSubmit={(event) => void submit(event)} aria-label="Add a server">
      <label>
        Name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="My server"
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
          required
        />
      </label>
      {fieldError('url') ? <p className="field-error">{fieldError('url')}</p> : null}
      <fieldset>
        <legend>Headers</legend>
        {headers.map((header, index) => (
          <div className="header-row" key={index}>
            <input
              aria-label={`Header ${index + 1} name`}
              value={header.key}
              placeholder="Authorization"
              onChange={(event) =>
                setHeaders(
                  headers.map((row, at) =>
                    at === index ? { ...row, key: event.target.value } : row,
                  ),
                )
              }
            />
            <input
              aria-label={`Header ${index + 1} value`}
              type="password"
              value={header.value}
              placeholder="Value"
              onChange={(event) =>
                setHeaders(
                  headers.map((row, at) =>
                    at === index ? { ...row, value: event.target.value } : row,
                  ),
                )
              }
            />
            <button
              type="button"
              className="link"
              onClick={() => setHeaders(headers.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="link"
          onClick={() => setHeaders([...headers, { key: '', value: '' }])}
        >
          Add header
        </button>
        {fieldError('headers') ? <p className="field-error">{fieldError('headers')}</p> : null}
      </fieldset>
      {error && !error.field ? <p className="field-error">{error.message}</p> : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Adding…' : 'Add server'}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
