import type { IDBPDatabase } from 'idb';
import { MESSAGES, SUMMARIES, TEXTS, conversationRange } from './history-db';

/** The chats removed; told before their records go, so a write on its way cannot bring one back. */
type Removing = (ids: readonly string[]) => readonly string[];

/** Removes a chat, its messages and their words in one transaction. */
export async function removeChat(database: IDBPDatabase, id: string): Promise<void> {
  const transaction = database.transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
  await Promise.all([
    transaction.objectStore(SUMMARIES).delete(id),
    transaction.objectStore(MESSAGES).delete(conversationRange(id)),
    transaction.objectStore(TEXTS).delete(conversationRange(id)),
    transaction.done,
  ]);
}

/** Removes every chat. */
export async function removeAllChats(database: IDBPDatabase, removing: Removing): Promise<void> {
  const transaction = database.transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
  removing((await transaction.objectStore(SUMMARIES).getAllKeys()) as string[]);
  await Promise.all([
    transaction.objectStore(SUMMARIES).clear(),
    transaction.objectStore(MESSAGES).clear(),
    transaction.objectStore(TEXTS).clear(),
    transaction.done,
  ]);
}

/** Removes the chats last changed before `time` (ms); returns their ids. */
export async function removeChatsOlderThan(
  database: IDBPDatabase,
  time: number,
  removing: Removing,
): Promise<string[]> {
  const transaction = database.transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
  const ids = (await transaction
    .objectStore(SUMMARIES)
    .index('updatedAt')
    .getAllKeys(IDBKeyRange.upperBound(time, true))) as string[];
  removing(ids);
  await Promise.all([
    ...ids.flatMap((id) => [
      transaction.objectStore(SUMMARIES).delete(id),
      transaction.objectStore(MESSAGES).delete(conversationRange(id)),
      transaction.objectStore(TEXTS).delete(conversationRange(id)),
    ]),
    transaction.done,
  ]);
  return ids;
}
