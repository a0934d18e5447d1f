import { useState } from 'react';
import type { ConversationSummary } from '../../src/chat/history';

export interface ConversationListProps {
  conversations: ConversationSummary[];
  /** Stored chats that could not be read (and are not listed). */
  skipped?: number;
  currentId: string | undefined;
  onOpen(id: string): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
}

export function ConversationList({
  conversations,
  skipped = 0,
  currentId,
  onOpen,
  onRename,
  onDelete,
}: ConversationListProps) {
  const [renaming, setRenaming] = useState<string | undefined>();
  const [draft, setDraft] = useState('');
  const unreadable =
    skipped > 0 ? (
      <p className="chat-error" role="alert">
        {skipped === 1
          ? '1 saved chat could not be read and is not listed.'
          : `${skipped} saved chats could not be read and are not listed.`}
      </p>
    ) : null;
  if (conversations.length === 0)
    return (
      <>
        {unreadable}
        <p className="muted">No saved chats yet.</p>
      </>
    );
  return (
    <>
      {unreadable}
      <ul className="conversation-list" aria-label="Chats">
        {conversations.map((conversation) => (
          <li
            key={conversation.id}
            aria-current={conversation.id === currentId ? 'true' : undefined}
          >
            {renaming === conversation.id ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  onRename(conversation.id, draft);
                  setRenaming(undefined);
                }}
              >
                <input
                  aria-label="Chat title"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  autoFocus
                />
                <button type="submit" className="link">
                  Save
                </button>
              </form>
            ) : (
              <>
                <button
                  type="button"
                  className="conversation-title"
                  onClick={() => onOpen(conversation.id)}
                >
                  {conversation.title}
                </button>
                {conversation.routineId ? <span className="label">Routine</span> : null}
                <button
                  type="button"
                  className="link"
                  aria-label={`Rename ${conversation.title}`}
                  onClick={() => {
                    setDraft(conversation.title);
                    setRenaming(conversation.id);
                  }}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="link danger"
                  aria-label={`Delete ${conversation.title}`}
                  onClick={() => onDelete(conversation.id)}
                >
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
