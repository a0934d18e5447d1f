import { useState } from 'react';
import { groupByDay } from '../../src/chat/chat-groups';
import type { ConversationSummary } from '../../src/chat/history';
import { ChatRowMenu } from './ChatRowMenu';
import { exportItems, type ChatExportFormat } from './export-chat';

export interface ConversationListProps {
  conversations: ConversationSummary[];
  /** Stored chats that could not be read (and are not listed). */
  skipped?: number;
  currentId: string | undefined;
  onOpen(id: string): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
  /** Downloads a chat (its row menu's Export as Markdown / as JSON). */
  onExport?(id: string, format: ChatExportFormat): void;
  /** The time the list's day groups count from (Today, Yesterday…). */
  now: number;
}

export function ConversationList({
  conversations,
  skipped = 0,
  currentId,
  onOpen,
  onRename,
  onDelete,
  onExport,
  now,
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
      <section className="conversation-list" aria-label="Chats">
        {groupByDay(conversations, now).map((group) => (
          <div key={group.label} className="conversation-group">
            <h3>{group.label}</h3>
            <ul aria-label={group.label}>
              {group.chats.map((conversation) => (
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
                      <button type="submit" className="quiet">
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
                      <ChatRowMenu
                        label={`Actions for ${conversation.title}`}
                        items={[
                          {
                            label: 'Rename',
                            onSelect: () => {
                              setDraft(conversation.title);
                              setRenaming(conversation.id);
                            },
                          },
                          ...(onExport
                            ? exportItems((format) => onExport(conversation.id, format))
                            : []),
                          {
                            label: 'Delete',
                            danger: true,
                            onSelect: () => onDelete(conversation.id),
                          },
                        ]}
                      />
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </>
  );
}
