import type { ImportEntry } from '../../src/mcp/import-export';
import { FieldError } from '../shared/FieldError';
import { useServerImport, type ImportResult } from './use-server-import';

export interface ImportPanelProps {
  preview(text: string): ImportEntry[];
  /** A chosen file's text (src/mcp/import-file.ts). */
  readFile(file: File): Promise<string>;
  onImport(entries: ImportEntry[]): Promise<ImportResult[]>;
  onClose(): void;
}

/**
 * Paste an `mcpServers` JSON or choose its file, preview what will be added, add the valid
 * entries in one go (switched on).
 */
export function ImportPanel(props: ImportPanelProps) {
  const { text, entries, results, ...draft } = useServerImport(props);
  const valid = entries?.filter((entry) => entry.payload) ?? [];
  return (
    <section className="import-panel" aria-label="Import servers">
      <label>
        Paste an mcpServers JSON (Claude Desktop, Cursor, VS Code)
        <textarea
          rows={6}
          value={text}
          onChange={(event) => draft.type(event.target.value)}
          placeholder={'{ "mcpServers": { "docs": { "url": "https://example.com/mcp" } } }'}
        />
      </label>
      <label className="file-label">
        Or choose a file (claude_desktop_config.json, mcp.json)
        <input
          type="file"
          accept=".json,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void draft.choose(file);
          }}
        />
      </label>
      <FieldError message={draft.error} />
      {entries ? <ImportPreview entries={entries} results={results} /> : null}
      <div className="form-actions">
        {entries && !results ? (
          <button
            type="button"
            className="primary"
            disabled={valid.length === 0}
            onClick={() => void props.onImport(valid).then(draft.setResults)}
          >
            Add {valid.length} {valid.length === 1 ? 'server' : 'servers'}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!text.trim() || Boolean(results)}
            onClick={draft.show}
          >
            Preview
          </button>
        )}
        <button type="button" onClick={props.onClose}>
          {results ? 'Done' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}

/** Each entry of the import: its name and address, then why it cannot be added, or Added. */
function ImportPreview({
  entries,
  results,
}: {
  entries: ImportEntry[];
  results: ImportResult[] | undefined;
}) {
  return (
    <ul className="import-preview" aria-label="Preview">
      {entries.map((entry) => {
        const result = results?.find((candidate) => candidate.name === entry.name);
        const problem = entry.error ?? result?.error;
        return (
          <li key={entry.name} data-valid={!problem}>
            <strong>{entry.name}</strong>{' '}
            {entry.payload ? <span className="muted">{entry.payload.url}</span> : null}
            {problem ? (
              <FieldError message={problem} />
            ) : result ? (
              <p className="test-ok">Added.</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
