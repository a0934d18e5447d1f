import type { Conversation, ConversationStore } from '../../src/chat/history';
import type { ChatMenuAction } from './ChatRowMenu';

/** The formats one chat exports to. */
export type ChatExportFormat = 'markdown' | 'json';

/**
 * Downloads one chat as stored (its latest messages, title and dates) as Markdown or as
 * Patchbay's JSON file, which Import reads back. The export code loads with the first export.
 */
export async function exportChat(
  history: ConversationStore,
  id: string,
  format: ChatExportFormat,
  /** Used when the chat is not stored (yet). */
  fallback?: Conversation,
): Promise<void> {
  const [{ chatToMarkdown, chatsToJson, fileNameFor }, { downloadText }] = await Promise.all([
    import('../../src/chat/chat-export'),
    import('../chat/download-text'),
  ]);
  const chat = (await history.get(id)) ?? fallback;
  if (!chat) return;
  if (format === 'markdown')
    downloadText(chatToMarkdown(chat), 'text/markdown', fileNameFor(chat.title, 'md'));
  else downloadText(chatsToJson([chat]), 'application/json', fileNameFor(chat.title, 'json'));
}

/** A chat menu's Export entries. */
export function exportItems(onExport: (format: ChatExportFormat) => void): ChatMenuAction[] {
  return [
    { label: 'Export as Markdown', onSelect: () => onExport('markdown') },
    { label: 'Export as JSON', onSelect: () => onExport('json') },
  ];
}
