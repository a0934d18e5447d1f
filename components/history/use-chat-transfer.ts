import { useState } from 'react';
import { downloadText } from '../chat/download-text';
import { chatToMarkdown, chatsToJson, fileNameFor } from '../../src/chat/chat-export';
import { importSizeError, previewImport, type ImportPreview } from '../../src/chat/chat-import';
import type { Conversation, ConversationStore } from '../../src/chat/history';

/**
 * Export (the open chat as Markdown or JSON, every chat as one JSON) and import (preview first,
 * then the good entries saved, never over a chat already here).
 */
export function useChatTransfer(options: {
  history: ConversationStore;
  conversation: Conversation | undefined;
  chatIds: readonly string[];
  refresh(): void;
}) {
  const { history, conversation, chatIds } = options;
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  // The open chat as stored: its latest messages, title and dates.
  const current = async () =>
    conversation ? ((await history.get(conversation.id)) ?? conversation) : undefined;
  return {
    preview,
    notice,
    async exportMarkdown() {
      const chat = await current();
      if (chat) downloadText(chatToMarkdown(chat), 'text/markdown', fileNameFor(chat.title, 'md'));
    },
    async exportJson() {
      const chat = await current();
      if (chat)
        downloadText(chatsToJson([chat]), 'application/json', fileNameFor(chat.title, 'json'));
    },
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
