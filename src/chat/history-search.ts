import type { IDBPDatabase } from 'idb';
import type { SearchableChat } from './chat-search';
import { SUMMARIES, TEXTS } from './history-db';
import { parseSummary } from './history-records';

interface StoredText {
  conversationId: string;
  seq: number;
  text: string;
}

function isStoredText(value: unknown): value is StoredText {
  const record = value as Partial<StoredText> | null;
  return (
    typeof record?.conversationId === 'string' &&
    typeof record.seq === 'number' &&
    typeof record.text === 'string'
  );
}

/**
 * Every readable chat's title and words, for search: the `texts` store holds each message's
 * words alone, so reading 1,000 long chats reads no tool output or parts.
 */
export async function readSearchable(database: IDBPDatabase): Promise<SearchableChat[]> {
  const transaction = database.transaction([SUMMARIES, TEXTS], 'readonly');
  const [summaries, records] = await Promise.all([
    transaction.objectStore(SUMMARIES).getAll() as Promise<unknown[]>,
    transaction.objectStore(TEXTS).getAll() as Promise<unknown[]>,
  ]);
  const texts = new Map<string, StoredText[]>();
  for (const record of records) {
    if (!isStoredText(record) || !record.text) continue;
    const list = texts.get(record.conversationId);
    if (list) list.push(record);
    else texts.set(record.conversationId, [record]);
  }
  return summaries.flatMap((value) => {
    const summary = parseSummary(value);
    if (!summary) return [];
    const words = (texts.get(summary.id) ?? []).sort((a, b) => a.seq - b.seq);
    return [
      {
        id: summary.id,
        title: summary.title,
        updatedAt: summary.updatedAt,
        texts: words.map(({ text }) => text),
      },
    ];
  });
}
