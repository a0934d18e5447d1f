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

/** Conversations in IndexedDB: the side panel's own database, newest first. */
export function createIndexedDbConversationStore(): ConversationStore {
  let database: Promise<IDBPDatabase> | undefined;
  const db = () =>
    (database ??= openDB(DB_NAME, 1, {
      upgrade(upgrading) {
        const store = upgrading.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex('updatedAt', 'updatedAt');
      },
    }));
  return {
    async list() {
      const all = (await (await db()).getAllFromIndex(STORE, 'updatedAt')) as Conversation[];
      return all.reverse().map((conversation) => ({
        id: conversation.id,
        title: conversation.title,
        createdAt: conversation.createdAt,
        updatedAt: conversation.updatedAt,
      }));
    },
    async get(id) {
      return (await (await db()).get(STORE, id)) as Conversation | undefined;
    },
    async save(conversation) {
      await (await db()).put(STORE, conversation);
    },
    async rename(id, title) {
      const conversation = (await (await db()).get(STORE, id)) as Conversation | undefined;
      if (conversation)
        await (
          await db()
        ).put(STORE, { ...conversation, title: title.trim() || conversation.title });
    },
    async remove(id) {
      await (await db()).delete(STORE, id);
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
