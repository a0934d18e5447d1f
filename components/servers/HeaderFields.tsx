import { FieldError } from '../shared/FieldError';
import type { HeaderRow } from './use-server-form';

/**
 * The headers sent to a server: a name and a hidden value each (Show reveals it), removable,
 * and Add header. A stored header's value is never shown: its empty field keeps it.
 */
export function HeaderFields({
  headers,
  onChange,
  stored,
  focusHeader,
  error,
}: {
  headers: HeaderRow[];
  onChange(headers: HeaderRow[]): void;
  /** The names of the headers stored for the server. */
  stored: string[] | undefined;
  /** Focuses this header's value: the server has no value for it here. */
  focusHeader: string | undefined;
  error: string | undefined;
}) {
  const updateRow = (index: number, change: Partial<HeaderRow>) =>
    onChange(headers.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
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
            placeholder={stored?.includes(header.key) ? '(unchanged)' : 'Value'}
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
            onClick={() => onChange(headers.filter((_, at) => at !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className="quiet"
        onClick={() => onChange([...headers, { key: '', value: '', revealed: false }])}
      >
        Add header
      </button>
      <FieldError message={error} />
    </fieldset>
  );
}
