import type { IDBPDatabase } from 'idb';
import type { UIMessage } from 'ai';
import { DB_NAME, openChatDatabase } from './history-db';
import type {
  Conversation,
  ConversationList,
  MessageState,
  OpenedConversation,
} from './history-records';

import type { ChatModel } from '../models/chat-model';
import type { SearchableChat } from './chat-search';
import { readSearchable } from './history-search';
import { listSummaries, readConversation } from './history-reads';
import { removeAllChats, removeChat, removeChatsOlderThan } from './history-removals';
import {
  deleteMessages,
  renameChat,
  setChatModel,
  writeConversation,
  writeMessage,
} from './history-writes';
import { NEW_TITLE } from './chat-title';

export type {
  Conversation,
  ConversationList,
  ConversationSummary,
  MessageState,
  OpenedConversation,
} from './history-records';
export { titleFor } from './chat-title';

export interface ConversationStore {
  list(): Promise<ConversationList>;
  get(id: string): Promise<OpenedConversation | undefined>;
  /**
   * Writes one message of a conversation in one transaction, with the conversation's summary
   * (created on the first message; titled from the person's first words). A new message goes
   * after every message stored in the chat, so messages keep the order they were first written
   * in, whichever panel wrote them. Returns the title.
   */
  putMessage(
    conversationId: string,
    message: UIMessage,
    options: { state: MessageState },
  ): Promise<string>;
  /** Removes these messages (edited or regenerated away) in one transaction. */
  deleteMessages(conversationId: string, ids: readonly string[]): Promise<void>;
  /** Writes a whole conversation, every message complete (imports, tests). */
  save(conversation: Conversation): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  /**
   * Records the model a chat runs with, on its summary. A chat not saved yet (no message) has
   * no summary and is left alone: returns false, and the caller records it after the first save.
   */
  setModel(id: string, model: ChatModel): Promise<boolean>;
  remove(id: string): Promise<void>;
  /** Every readable chat's title and message text, for search. */
  searchable(): Promise<SearchableChat[]>;
  /** Removes every chat. */
  removeAll(): Promise<void>;
  /** Removes the chats last changed before `time` (ms); returns their ids. */
  removeOlderThan(time: number): Promise<string[]>;
}

/**
 * Conversations in IndexedDB, newest first: the side panel's own database (layouts in
 * `history-db.ts`). Every write is one transaction, so a crash between writes leaves the last
 * complete state of each message, never part of one.
 */
export function createIndexedDbConversationStore(name = DB_NAME): ConversationStore {
  let database: Promise<IDBPDatabase> | undefined;
  const db = () => (database ??= openChatDatabase(name));
  // Chats removed through this store: a write still on its way (the chat's last throttled
  // update, flushed as it closes) must not bring one back.
  const removed = new Set<string>();
  const forget = (ids: readonly string[]) => {
    for (const id of ids) removed.add(id);
    return ids;
  };

  return {
    list: async () => listSummaries(await db()),
    get: async (id) => readConversation(await db(), id),
    async putMessage(conversationId, message, { state }) {
      if (removed.has(conversationId)) return NEW_TITLE;
      return writeMessage(await db(), conversationId, message, state);
    },
    deleteMessages: async (conversationId, ids) => deleteMessages(await db(), conversationId, ids),
    save: async (conversation) => writeConversation(await db(), conversation),
    rename: async (id, title) => renameChat(await db(), id, title),
    setModel: async (id, model) => setChatModel(await db(), id, model),
    async remove(id) {
      removed.add(id);
      await removeChat(await db(), id);
    },
    searchable: async () => readSearchable(await db()),
    async removeAll() {
      await removeAllChats(await db(), forget);
    },
    removeOlderThan: async (time) => removeChatsOlderThan(await db(), time, forget),
  };
}
