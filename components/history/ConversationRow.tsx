import type { ConversationSummary } from '../../src/chat/history';
import { ChatRowMenu } from './ChatRowMenu';
import { exportItems, type ChatExportFormat } from './export-chat';

/** A chat's row in the list: its title opens it; its ⋯ renames, exports or deletes it. */
export function ConversationRow({
  conversation,
  onOpen,
  onStartRename,
  onDelete,
  onExport,
}: {
  conversation: ConversationSummary;
  onOpen(id: string): void;
  onStartRename(): void;
  onDelete(id: string): void;
  onExport: ((id: string, format: ChatExportFormat) => void) | undefined;
}) {
  return (
    <>
      <button type="button" className="conversation-title" onClick={() => onOpen(conversation.id)}>
        {conversation.title}
      </button>
      {conversation.routineId ? <span className="label">Routine</span> : null}
      <ChatRowMenu
        label={`Actions for ${conversation.title}`}
        items={[
          { label: 'Rename', onSelect: onStartRename },
          ...(onExport ? exportItems((format) => onExport(conversation.id, format)) : []),
          {
            label: 'Delete',
            danger: true,
            onSelect: () => onDelete(conversation.id),
          },
        ]}
      />
    </>
  );
}

/** A chat's new title, typed in its row. */
export function RenameForm({
  draft,
  setDraft,
  onSave,
}: {
  draft: string;
  setDraft(draft: string): void;
  onSave(): void;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <input
        aria-label="Chat title"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        autoFocus
      />
      <button type="submit" className="quiet">
        Save
      </button>
    </form>
  );
}
