import { useState } from 'react';
import { ChatSearch } from './ChatSearch';
import { ChatTransfer } from './ChatTransfer';
import { ConversationList } from './ConversationList';
import type { useConversations } from './use-conversations';
import { useChatSearch } from './use-chat-search';
import { useChatTransfer } from './use-chat-transfer';
import { exportChat } from './export-chat';

/** The chat switcher: export and import, and the list of chats. */
export function HistoryDrawer({
  chats,
  onOpened,
}: {
  chats: ReturnType<typeof useConversations>;
  onOpened(): void;
}) {
  const { conversation, list } = chats;
  const transfer = useChatTransfer({
    history: chats.history,
    chatIds: list.conversations.map(({ id }) => id),
    refresh: chats.refresh,
  });
  const search = useChatSearch(chats.history, list);
  // The day groups count from when the list opened (Today, Yesterday…).
  const [openedAt] = useState(() => Date.now());
  return (
    <div className="history-drawer">
      <ChatSearch
        query={search.query}
        onQuery={search.setQuery}
        hits={search.hits}
        onOpen={(id) => void chats.open(id).then(onOpened)}
      />
      <ChatTransfer
        canExportAll={list.conversations.length > 0}
        onExportAll={() => void transfer.exportAll()}
        onImportFile={(file) => void transfer.importFile(file)}
        {...(transfer.preview ? { preview: transfer.preview } : {})}
        onConfirmImport={() => void transfer.confirmImport()}
        onCancelImport={transfer.cancelImport}
        {...(transfer.notice ? { notice: transfer.notice } : {})}
      />
      {search.query.trim() ? null : (
        <ConversationList
          conversations={list.conversations}
          skipped={list.skipped}
          currentId={conversation?.id}
          now={openedAt}
          onOpen={(id) => void chats.open(id).then(onOpened)}
          onRename={(id, title) => void chats.rename(id, title)}
          onDelete={(id) => void chats.remove(id)}
          onExport={(id, format) => void exportChat(chats.history, id, format)}
        />
      )}
    </div>
  );
}
