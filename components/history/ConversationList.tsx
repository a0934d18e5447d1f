import { useState } from 'react';
import { groupByDay } from '../../src/chat/chat-groups';
import type { ConversationSummary } from '../../src/chat/history';
import { ConversationRow, RenameForm } from './ConversationRow';
import type { ChatExportFormat } from './export-chat';

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
                    <RenameForm
                      draft={draft}
                      setDraft={setDraft}
                      onSave={() => {
                        onRename(conversation.id, draft);
                        setRenaming(undefined);
                      }}
                    />
                  ) : (
                    <ConversationRow
                      conversation={conversation}
                      onOpen={onOpen}
                      onStartRename={() => {
                        setDraft(conversation.title);
                        setRenaming(conversation.id);
                      }}
                      onDelete={onDelete}
                      onExport={onExport}
                    />
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
