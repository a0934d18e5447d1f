import { ChatRowMenu } from '../history/ChatRowMenu';
import { exportChat, exportItems } from '../history/export-chat';
import type { useConversations } from '../history/use-conversations';

/** The Chat tab's row: the chat list's button, the open chat's title with its ⋯, New chat. */
export function ChatTabHeader({
  chats,
  showHistory,
  setShowHistory,
}: {
  chats: ReturnType<typeof useConversations>;
  showHistory: boolean;
  setShowHistory(show: boolean): void;
}) {
  const { conversation } = chats;
  // Only a chat already in the list has something to export.
  const saved = chats.list.conversations.some(({ id }) => id === conversation?.id);
  return (
    <header className="panel-header">
      <button
        type="button"
        className="quiet conversation-switch"
        onClick={() => setShowHistory(!showHistory)}
        aria-expanded={showHistory}
        aria-label="Chats"
        title="Your chats: open, rename, delete, export"
      >
        <span aria-hidden="true">☰</span> Chats
      </button>
      <span className="conversation-switch-title" title={conversation?.title ?? 'New chat'}>
        {conversation?.title ?? 'New chat'}
      </span>
      {conversation && saved ? (
        <ChatRowMenu
          label="Actions for this chat"
          items={exportItems(
            (format) => void exportChat(chats.history, conversation.id, format, conversation),
          )}
        />
      ) : null}
      <button
        type="button"
        onClick={() => {
          chats.start();
          setShowHistory(false);
        }}
      >
        New chat
      </button>
    </header>
  );
}
