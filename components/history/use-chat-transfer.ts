import { useState } from 'react';
import { downloadText } from '../chat/download-text';
import { chatsToJson } from '../../src/chat/chat-export';
import { importSizeError, previewImport, type ImportPreview } from '../../src/chat/chat-import';
import type { ConversationStore } from '../../src/chat/history';

/**
 * Export (every chat as one JSON; one chat is exported from its ⋯ menu, export-chat.ts) and
 * import (preview first, then the good entries saved, never over a chat already here).
 */
export function useChatTransfer(options: {
  history: ConversationStore;
  chatIds: readonly string[];
  refresh(): void;
}) {
  const { history, chatIds } = options;
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  return {
    preview,
    notice,
    async exportAll() {
      const chats = (await Promise.all(chatIds.map((id) => history.get(id)))).filter(
        (chat) => chat !== undefined,
      );
      downloadText(chatsToJson(chats), 'application/json', 'patchbay-chats.json');
    },
    async importFile(file: File) {
      setNotice(undefined);
      // A file over the cap is refused before it is read.
      const tooLarge = importSizeError(file.size);
      if (tooLarge) {
        setPreview({ ok: false, error: tooLarge });
        return;
      }
      setPreview(await previewImport(await file.text(), new Set(chatIds)));
    },
    async confirmImport() {
      if (!preview?.ok) return;
      const chats = preview.entries.flatMap((entry) => (entry.ok ? [entry.chat] : []));
      try {
        for (const chat of chats) await history.save(chat);
        setNotice(`Imported ${chats.length === 1 ? '1 chat' : `${chats.length} chats`}.`);
      } catch (error) {
        setNotice(`Import stopped: ${error instanceof Error ? error.message : String(error)}`);
      }
      setPreview(undefined);
      options.refresh();
    },
    cancelImport() {
      setPreview(undefined);
    },
  };
}
