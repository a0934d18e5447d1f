import { openDB, type IDBPDatabase } from 'idb';
import type { UIMessage } from 'ai';

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: UIMessage[];
}

export type ConversationSummary = Omit<Conversation, 'messages'>;

export interface ConversationStore {
  list(): Promise<ConversationSummary[]>;
  get(id: string): Promise<Conversation | undefined>;
  save(conversation: Conversation): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = 'patchbay';
const STORE = 'conversations';
/** Each conversation's title and dates, so listing them does not read every message. */
const SUMMARIES = 'summaries';
const DB_VERSION = 2;

function summaryOf(conversation: Conversation): ConversationSummary {
  const { id, title, createdAt, updatedAt } = conversation;
  return { id, title, createdAt, updatedAt };
}

/**
 * Conversations in IndexedDB: the side panel's own database, newest first.
 *
 * Layout 1 kept only whole conversations, so the history list read every message of every chat.
 * Layout 2 adds `summaries`; opening a layout-1 database fills it from the conversations in the
 * same upgrade (nothing is lost, and a failed upgrade leaves layout 1 as it was).
 */
export function createIndexedDbConversationStore(name = DB_NAME): ConversationStore {
  let database: Promise<IDBPDatabase> | undefined;
  const db = () =>
    (database ??= openDB(name, DB_VERSION, {
      async upgrade(upgrading, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) {
          upgrading
            .createObjectStore(STORE, { keyPath: 'id' })
            .createIndex('updatedAt', 'updatedAt');
        }
        if (oldVersion < 2) {
          const summaries = upgrading.createObjectStore(SUMMARIES, { keyPath: 'id' });
          summaries.createIndex('updatedAt', 'updatedAt');
          let cursor = await transaction.objectStore(STORE).openCursor();
          while (cursor) {
            await summaries.put(summaryOf(cursor.value as Conversation));
            cursor = await cursor.continue();
          }
        }
      },
    }));
  return {
    async list() {
      const all = (await (
        await db()
      ).getAllFromIndex(SUMMARIES, 'updatedAt')) as ConversationSummary[];
      return all.reverse();
    },
    async get(id) {
      return (await (await db()).get(STORE, id)) as Conversation | undefined;
    },
    async save(conversation) {
      const transaction = (await db()).transaction([STORE, SUMMARIES], 'readwrite');
      await Promise.all([
        transaction.objectStore(STORE).put(conversation),
        transaction.objectStore(SUMMARIES).put(summaryOf(conversation)),
        transaction.done,
      ]);
    },
    async rename(id, title) {
      const transaction = (await db()).transaction([STORE, SUMMARIES], 'readwrite');
      const conversation = (await transaction.objectStore(STORE).get(id)) as
        Conversation | undefined;
      if (conversation) {
        const renamed = { ...conversation, title: title.trim() || conversation.title };
        await Promise.all([
          transaction.objectStore(STORE).put(renamed),
          transaction.objectStore(SUMMARIES).put(summaryOf(renamed)),
        ]);
      }
      await transaction.done;
    },
    async remove(id) {
      const transaction = (await db()).transaction([STORE, SUMMARIES], 'readwrite');
      await Promise.all([
        transaction.objectStore(STORE).delete(id),
        transaction.objectStore(SUMMARIES).delete(id),
        transaction.done,
      ]);
    },
  };
}

/** A title from the first thing the person asked. */
export function titleFor(messages: readonly UIMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  const text = first?.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return 'New chat';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
