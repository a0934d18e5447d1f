import { useState } from 'react';
import type { ImportEntry } from '../../src/mcp/import-export';

export interface ImportPanelProps {
  preview(text: string): ImportEntry[];
  /** A chosen file's text (src/mcp/import-file.ts). */
  readFile(file: File): Promise<string>;
  onImport(entries: ImportEntry[]): Promise<{ name: string; error?: string }[]>;
  onClose(): void;
}

/**
 * Paste an `mcpServers` JSON or choose its file, preview what will be added, add the valid
 * entries in one go (switched on).
 */
export function ImportPanel({ preview, readFile, onImport, onClose }: ImportPanelProps) {
  const [text, setText] = useState('');
  const [entries, setEntries] = useState<ImportEntry[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<{ name: string; error?: string }[] | undefined>();
  const valid = entries?.filter((entry) => entry.payload) ?? [];
  const show = (next: string) => {
    try {
      setEntries(preview(next));
      setError(undefined);
    } catch (caught) {
      setEntries(undefined);
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  const choose = (file: File) =>
    readFile(file).then(
      (read) => {
        setText(read);
        setResults(undefined);
        show(read);
      },
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );

  return (
    <section className="import-panel" aria-label="Import servers">
      <label>
        Paste an mcpServers JSON (Claude Desktop, Cursor, VS Code)
        <textarea
          rows={6}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setEntries(undefined);
            setResults(undefined);
          }}
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
            if (file) void choose(file);
          }}
        />
      </label>
      {error ? <p className="field-error">{error}</p> : null}
      {entries ? (
        <ul className="import-preview" aria-label="Preview">
          {entries.map((entry) => {
            const result = results?.find((candidate) => candidate.name === entry.name);
            const problem = entry.error ?? result?.error;
            return (
              <li key={entry.name} data-valid={!problem}>
                <strong>{entry.name}</strong>{' '}
                {entry.payload ? <span className="muted">{entry.payload.url}</span> : null}
                {problem ? (
                  <p className="field-error">{problem}</p>
                ) : result ? (
                  <p className="test-ok">Added.</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="form-actions">
        {entries && !results ? (
          <button
            type="button"
            className="primary"
            disabled={valid.length === 0}
            onClick={() => void onImport(valid).then(setResults)}
          >
            Add {valid.length} {valid.length === 1 ? 'server' : 'servers'}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!text.trim() || Boolean(results)}
            onClick={() => show(text)}
          >
            Preview
          </button>
        )}
        <button type="button" onClick={onClose}>
          {results ? 'Done' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}
