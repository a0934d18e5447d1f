import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { UIMessage } from 'ai';
import { textRecordOf, type ConversationSummary, type MessageRecord } from './history-records';

export const DB_NAME = 'patchbay';
export const DB_VERSION = 3;
/** Layouts 1 and 2: whole conversations, messages included. Gone from layout 3. */
const CONVERSATIONS = 'conversations';
/** Each conversation's title and dates (layout 2 on), so the list reads no message. */
export const SUMMARIES = 'summaries';
/** Layout 3: one record per message, keyed `[conversationId, id]`, so a message is written alone. */
export const MESSAGES = 'messages';
/** A conversation's messages in order: `[conversationId, seq]`. */
export const BY_ORDER = 'order';
/** Layout 3: each message's words, keyed like `messages`, for search. */
export const TEXTS = 'texts';

interface LegacyConversation extends ConversationSummary {
  messages?: unknown;
}

/**
 * Opens Patchbay's chat database, upgrading it in one versionchange transaction: either every
 * step lands or the database stays in the layout it had.
 *
 * - Layout 1: `conversations` (whole chats).
 * - Layout 2: adds `summaries`, filled from the conversations.
 * - Layout 3: moves every message to `messages` (a record each, so writing a streaming answer
 *   rewrites that message only, atomically), with its words in `texts` for search, and drops
 *   `conversations`.
 */
export function openChatDatabase(name = DB_NAME): Promise<IDBPDatabase> {
  return openDB(name, DB_VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        database
          .createObjectStore(CONVERSATIONS, { keyPath: 'id' })
          .createIndex('updatedAt', 'updatedAt');
      }
      if (oldVersion < 2) {
        const summaries = database.createObjectStore(SUMMARIES, { keyPath: 'id' });
        summaries.createIndex('updatedAt', 'updatedAt');
        await eachConversation(transaction, async (conversation) => {
          const { id, title, createdAt, updatedAt } = conversation;
          await summaries.put({ id, title, createdAt, updatedAt });
        });
      }
      if (oldVersion < 3) {
        const messages = database.createObjectStore(MESSAGES, {
          keyPath: ['conversationId', 'id'],
        });
        messages.createIndex(BY_ORDER, ['conversationId', 'seq']);
        const texts = database.createObjectStore(TEXTS, { keyPath: ['conversationId', 'id'] });
        await eachConversation(transaction, async (conversation) => {
          const list = Array.isArray(conversation.messages) ? conversation.messages : [];
          const seen = new Set<string>();
          for (const [seq, message] of list.entries()) {
            const record = migratedRecord(conversation.id, message as UIMessage, seq, seen);
            await Promise.all([messages.put(record), texts.put(textRecordOf(record))]);
          }
        });
        database.deleteObjectStore(CONVERSATIONS);
      }
    },
  });
}

type Upgrade = IDBPTransaction<unknown, string[], 'versionchange'>;

async function eachConversation(
  transaction: Upgrade,
  visit: (conversation: LegacyConversation) => Promise<void>,
): Promise<void> {
  let cursor = await transaction.objectStore(CONVERSATIONS).openCursor();
  while (cursor) {
    await visit(cursor.value as LegacyConversation);
    cursor = await cursor.continue();
  }
}

/**
 * A layout-2 message as a layout-3 record. Two messages with one id (possible in hand-edited
 * or imported data) would share a key; the second gets a suffix so neither is lost.
 */
function migratedRecord(
  conversationId: string,
  message: UIMessage,
  seq: number,
  seen: Set<string>,
): MessageRecord {
  const original = typeof message?.id === 'string' ? message.id : `message-${seq}`;
  const id = seen.has(original) ? `${original}~${seq}` : original;
  seen.add(id);
  // Records that are not messages at all are kept as they were; reading reports and skips them.
  const kept = id === message?.id ? message : { ...message, id };
  return { conversationId, id, seq, state: 'complete', message: kept };
}

/** Every key `[id, …]`: arrays sort after numbers and strings, so `[id, []]` ends the range. */
export function conversationRange(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id], [id, []]);
}
