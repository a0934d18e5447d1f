import type { IDBPDatabase } from 'idb';
import type { UIMessage } from 'ai';
import { BY_ORDER, DB_NAME, MESSAGES, SUMMARIES, TEXTS, openChatDatabase } from './history-db';
import {
  parseMessageRecord,
  parseSummary,
  textRecordOf,
  type ConversationSummary,
  type MessageRecord,
  type MessageState,
} from './history-records';

import type { ChatModel } from '../models/chat-model';
import type { SearchableChat } from './chat-search';
import { readSearchable } from './history-search';

export type { ConversationSummary, MessageState } from './history-records';

export interface Conversation extends ConversationSummary {
  messages: UIMessage[];
}

/** A conversation as read back: what its last turn left, and what could not be read. */
export interface OpenedConversation extends Conversation {
  /** Messages whose turn never finished (the panel or browser closed mid-turn). */
  interrupted: string[];
  /** Stored messages that failed validation and are not shown. */
  skipped: number;
}

export interface ConversationList {
  conversations: ConversationSummary[];
  /** Stored chats that failed validation and are not listed. */
  skipped: number;
}

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

const NEW_TITLE = 'New chat';

/** Every key `[id, …]`: arrays sort after numbers and strings, so `[id, []]` ends the range. */
function conversationRange(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id], [id, []]);
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

  return {
    async list() {
      const raw: unknown[] = await (await db()).getAllFromIndex(SUMMARIES, 'updatedAt');
      const conversations: ConversationSummary[] = [];
      for (const value of raw.reverse()) {
        const summary = parseSummary(value);
        if (summary) conversations.push(summary);
      }
      return { conversations, skipped: raw.length - conversations.length };
    },
    async get(id) {
      const transaction = (await db()).transaction([SUMMARIES, MESSAGES], 'readonly');
      const [rawSummary, raw] = await Promise.all([
        transaction.objectStore(SUMMARIES).get(id) as Promise<unknown>,
        transaction.objectStore(MESSAGES).index(BY_ORDER).getAll(conversationRange(id)) as Promise<
          unknown[]
        >,
      ]);
      const summary = parseSummary(rawSummary);
      if (!summary) return undefined;
      const records = raw.map(parseMessageRecord).filter((record) => record !== undefined);
      return {
        ...summary,
        messages: records.map((record) => record.message),
        interrupted: records.filter((record) => record.state === 'streaming').map(({ id }) => id),
        skipped: raw.length - records.length,
      };
    },
    async putMessage(conversationId, message, { state }) {
      if (removed.has(conversationId)) return NEW_TITLE;
      const transaction = (await db()).transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
      const summaries = transaction.objectStore(SUMMARIES);
      const messages = transaction.objectStore(MESSAGES);
      const now = Date.now();
      const stored = parseMessageRecord(await messages.get([conversationId, message.id]));
      const last = stored
        ? undefined
        : await messages.index(BY_ORDER).openCursor(conversationRange(conversationId), 'prev');
      // The highest order in the chat; one that is not a number (a damaged record) sorts last
      // in IndexedDB, so the time, far above any count, still puts the new message after the
      // readable ones.
      const lastSeq: unknown = last ? (last.key as unknown[])[1] : -1;
      const seq = stored?.seq ?? (typeof lastSeq === 'number' ? lastSeq + 1 : Date.now());
      const record: MessageRecord = { conversationId, id: message.id, seq, state, message };
      const summary = parseSummary(await summaries.get(conversationId)) ?? {
        id: conversationId,
        title: NEW_TITLE,
        createdAt: now,
        updatedAt: now,
      };
      const title =
        summary.title === NEW_TITLE && message.role === 'user'
          ? titleFor([message])
          : summary.title;
      await Promise.all([
        messages.put(record),
        transaction.objectStore(TEXTS).put(textRecordOf(record)),
        summaries.put({ ...summary, title, updatedAt: now }),
        transaction.done,
      ]);
      return title;
    },
    async deleteMessages(conversationId, ids) {
      const transaction = (await db()).transaction([MESSAGES, TEXTS], 'readwrite');
      await Promise.all([
        ...ids.flatMap((id) => [
          transaction.objectStore(MESSAGES).delete([conversationId, id]),
          transaction.objectStore(TEXTS).delete([conversationId, id]),
        ]),
        transaction.done,
      ]);
    },
    async save(conversation) {
      const transaction = (await db()).transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
      const { id, title, createdAt, updatedAt, model, routineId } = conversation;
      await Promise.all([
        transaction.objectStore(SUMMARIES).put({
          id,
          title,
          createdAt,
          updatedAt,
          ...(model ? { model } : {}),
          ...(routineId ? { routineId } : {}),
        }),
        ...conversation.messages.flatMap((message, seq) => {
          const record: MessageRecord = {
            conversationId: id,
            id: message.id,
            seq,
            state: 'complete',
            message,
          };
          return [
            transaction.objectStore(MESSAGES).put(record),
            transaction.objectStore(TEXTS).put(textRecordOf(record)),
          ];
        }),
        transaction.done,
      ]);
    },
    async rename(id, title) {
      const transaction = (await db()).transaction(SUMMARIES, 'readwrite');
      const summary = parseSummary(await transaction.store.get(id));
      if (summary)
        await transaction.store.put({ ...summary, title: title.trim() || summary.title });
      await transaction.done;
    },
    async setModel(id, model) {
      const transaction = (await db()).transaction(SUMMARIES, 'readwrite');
      const summary = parseSummary(await transaction.store.get(id));
      // The summary's time stays: choosing a model does not move a chat up the list.
      if (summary) await transaction.store.put({ ...summary, model });
      await transaction.done;
      return summary !== undefined;
    },
    async remove(id) {
      removed.add(id);
      const transaction = (await db()).transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
      await Promise.all([
        transaction.objectStore(SUMMARIES).delete(id),
        transaction.objectStore(MESSAGES).delete(conversationRange(id)),
        transaction.objectStore(TEXTS).delete(conversationRange(id)),
        transaction.done,
      ]);
    },
    async searchable() {
      return readSearchable(await db());
    },
    async removeAll() {
      const transaction = (await db()).transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
      const ids = (await transaction.objectStore(SUMMARIES).getAllKeys()) as string[];
      for (const id of ids) removed.add(id);
      await Promise.all([
        transaction.objectStore(SUMMARIES).clear(),
        transaction.objectStore(MESSAGES).clear(),
        transaction.objectStore(TEXTS).clear(),
        transaction.done,
      ]);
    },
    async removeOlderThan(time) {
      const transaction = (await db()).transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
      const ids = (await transaction
        .objectStore(SUMMARIES)
        .index('updatedAt')
        .getAllKeys(IDBKeyRange.upperBound(time, true))) as string[];
      for (const id of ids) removed.add(id);
      await Promise.all([
        ...ids.flatMap((id) => [
          transaction.objectStore(SUMMARIES).delete(id),
          transaction.objectStore(MESSAGES).delete(conversationRange(id)),
          transaction.objectStore(TEXTS).delete(conversationRange(id)),
        ]),
        transaction.done,
      ]);
      return ids;
    },
  };
}

/** A title from the first thing the person asked (the names of its files, if it had no text). */
export function titleFor(messages: readonly UIMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  const words = (parts: string[]) => parts.join(' ').replace(/\s+/g, ' ').trim();
  const text =
    words(first?.parts.map((part) => (part.type === 'text' ? part.text : '')) ?? []) ||
    words(first?.parts.map((part) => (part.type === 'file' ? (part.filename ?? '') : '')) ?? []);
  if (!text) return NEW_TITLE;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
