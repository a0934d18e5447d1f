import type { IDBPDatabase } from 'idb';
import { BY_ORDER, MESSAGES, SUMMARIES, conversationRange } from './history-db';
import {
  parseMessageRecord,
  parseSummary,
  type ConversationList,
  type ConversationSummary,
  type OpenedConversation,
} from './history-records';

/** Every readable chat's summary, newest first, and how many could not be read. */
export async function listSummaries(database: IDBPDatabase): Promise<ConversationList> {
  const raw: unknown[] = await database.getAllFromIndex(SUMMARIES, 'updatedAt');
  const conversations: ConversationSummary[] = [];
  for (const value of raw.reverse()) {
    const summary = parseSummary(value);
    if (summary) conversations.push(summary);
  }
  return { conversations, skipped: raw.length - conversations.length };
}

/** A chat with its messages in order, those its last turn left unfinished, and what was skipped. */
export async function readConversation(
  database: IDBPDatabase,
  id: string,
): Promise<OpenedConversation | undefined> {
  const transaction = database.transaction([SUMMARIES, MESSAGES], 'readonly');
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
}
