import type { ImportPreview } from '../../src/chat/chat-import';

export interface ChatTransferProps {
  canExportAll: boolean;
  onExportAll(): void;
  /** A file the person picked (read after its size is checked). */
  onImportFile(file: File): void;
  preview?: ImportPreview;
  onConfirmImport(): void;
  onCancelImport(): void;
  notice?: string;
}

/**
 * Export all chats, and import chats with a preview first. One chat is exported from its ⋯
 * menu: the open chat's beside its title, any chat's in its row of the list.
 */
export function ChatTransfer(props: ChatTransferProps) {
  const { preview } = props;
  const good = preview?.ok ? preview.entries.filter((entry) => entry.ok) : [];
  return (
    <div className="chat-transfer" aria-label="Export and import chats" role="group">
      <div className="chat-transfer-actions">
        <button
          type="button"
          className="quiet"
          disabled={!props.canExportAll}
          onClick={props.onExportAll}
        >
          Export all chats
        </button>
        <label className="quiet file-pick">
          Import…
          <input
            type="file"
            accept="application/json,.json"
            aria-label="Import chats"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) props.onImportFile(file);
            }}
          />
        </label>
      </div>
      {preview ? (
        <section className="import-preview" aria-label="Import preview">
          {preview.ok ? (
            <>
              <p>
                {good.length === 1 ? '1 chat' : `${good.length} chats`} ready to import
                {preview.entries.length > good.length
                  ? `; ${preview.entries.length - good.length} cannot be imported`
                  : ''}
                .
              </p>
              <ul>
                {preview.entries.map((entry, index) =>
                  entry.ok ? (
                    <li key={index}>
                      {entry.chat.title} ({entry.chat.messages.length} messages)
                      {entry.renamedFrom ? ' — kept beside the chat already here' : ''}
                    </li>
                  ) : (
                    <li key={index} className="import-error">
                      Entry {entry.index + 1}
                      {entry.title ? ` (${entry.title})` : ''}: {entry.error}
                    </li>
                  ),
                )}
              </ul>
            </>
          ) : (
            <p className="import-error" role="alert">
              {preview.error}
            </p>
          )}
          <div className="form-actions">
            <button
              type="button"
              className="primary"
              disabled={good.length === 0}
              onClick={props.onConfirmImport}
            >
              Import
            </button>
            <button type="button" onClick={props.onCancelImport}>
              Cancel
            </button>
          </div>
        </section>
      ) : null}
      {props.notice ? <p role="status">{props.notice}</p> : null}
    </div>
  );
}
