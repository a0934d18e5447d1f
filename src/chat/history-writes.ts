import type { IDBPDatabase } from 'idb';
import type { UIMessage } from 'ai';
import type { ChatModel } from '../models/chat-model';
import { NEW_TITLE, titleFor } from './chat-title';
import { BY_ORDER, MESSAGES, SUMMARIES, TEXTS, conversationRange } from './history-db';
import {
  parseMessageRecord,
  parseSummary,
  textRecordOf,
  type Conversation,
  type MessageRecord,
  type MessageState,
} from './history-records';

/**
 * Writes one message with its chat's summary in one transaction (the summary made on the
 * first message, titled from the person's first words); a new message goes after every one
 * stored in the chat. Returns the title.
 */
export async function writeMessage(
  database: IDBPDatabase,
  conversationId: string,
  message: UIMessage,
  state: MessageState,
): Promise<string> {
  const transaction = database.transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
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
    summary.title === NEW_TITLE && message.role === 'user' ? titleFor([message]) : summary.title;
  await Promise.all([
    messages.put(record),
    transaction.objectStore(TEXTS).put(textRecordOf(record)),
    summaries.put({ ...summary, title, updatedAt: now }),
    transaction.done,
  ]);
  return title;
}

/** Removes these messages of a chat (edited or regenerated away) in one transaction. */
export async function deleteMessages(
  database: IDBPDatabase,
  conversationId: string,
  ids: readonly string[],
): Promise<void> {
  const transaction = database.transaction([MESSAGES, TEXTS], 'readwrite');
  await Promise.all([
    ...ids.flatMap((id) => [
      transaction.objectStore(MESSAGES).delete([conversationId, id]),
      transaction.objectStore(TEXTS).delete([conversationId, id]),
    ]),
    transaction.done,
  ]);
}

/** Writes a whole chat, every message complete. */
export async function writeConversation(
  database: IDBPDatabase,
  conversation: Conversation,
): Promise<void> {
  const transaction = database.transaction([SUMMARIES, MESSAGES, TEXTS], 'readwrite');
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
}

export async function renameChat(database: IDBPDatabase, id: string, title: string) {
  const transaction = database.transaction(SUMMARIES, 'readwrite');
  const summary = parseSummary(await transaction.store.get(id));
  if (summary) await transaction.store.put({ ...summary, title: title.trim() || summary.title });
  await transaction.done;
}

/** Records a chat's model on its summary; false when the chat has none yet. */
export async function setChatModel(
  database: IDBPDatabase,
  id: string,
  model: ChatModel,
): Promise<boolean> {
  const transaction = database.transaction(SUMMARIES, 'readwrite');
  const summary = parseSummary(await transaction.store.get(id));
  // The summary's time stays: choosing a model does not move a chat up the list.
  if (summary) await transaction.store.put({ ...summary, model });
  await transaction.done;
  return summary !== undefined;
}
