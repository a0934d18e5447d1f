import type { UIMessage } from 'ai';
import { z } from 'zod';
import { chatModelSchema, type ChatModel } from '../models/chat-model';

/**
 * Where a message stands: `streaming` while its turn runs (and after, when the turn never
 * finished: the panel closed, the browser quit, the network went), `complete` once it settled.
 */
export type MessageState = 'streaming' | 'complete';

/** One message of one conversation, as layout 3 stores it (one record per message). */
export interface MessageRecord {
  conversationId: string;
  id: string;
  /** Orders a conversation's messages: migrated ones by position, later ones by time. */
  seq: number;
  state: MessageState;
  message: UIMessage;
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /**
   * The model the chat runs with (chosen in its header, or the default when it was first
   * saved). Summaries written before chats had their own model lack it: those chats use the
   * default, and record it the next time they are saved.
   */
  model?: ChatModel;
  /** The routine whose run wrote this chat (src/routines/), which History marks. */
  routineId?: string;
}

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

// Loose on purpose: parts evolve with the AI SDK, and a record only needs to be a message the
// chat can render and send again; anything else in it is kept as it was.
export const messageSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.looseObject({ type: z.string() })),
});

const recordSchema = z.object({
  conversationId: z.string(),
  id: z.string(),
  seq: z.number(),
  state: z.enum(['streaming', 'complete']),
  message: messageSchema,
});

const summarySchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export function parseMessageRecord(value: unknown): MessageRecord | undefined {
  const parsed = recordSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as MessageRecord) : undefined;
}

export function parseSummary(value: unknown): ConversationSummary | undefined {
  const parsed = summarySchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { id, title, createdAt, updatedAt, routineId } = parsed.data;
  // A model that no longer parses (a provider since removed) is dropped alone: the chat stays.
  const model = chatModelSchema.safeParse(parsed.data.model);
  return {
    id,
    title,
    createdAt,
    updatedAt,
    ...(model.success ? { model: model.data } : {}),
    ...(typeof routineId === 'string' && routineId ? { routineId } : {}),
  };
}

/** A message's words alone, beside its record, so search reads no parts or tool output. */
export interface TextRecord {
  conversationId: string;
  id: string;
  seq: number;
  text: string;
}

export function textRecordOf(record: MessageRecord): TextRecord {
  const parts = Array.isArray(record.message?.parts) ? record.message.parts : [];
  const text = parts
    .map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join(' ')
    .trim();
  return { conversationId: record.conversationId, id: record.id, seq: record.seq, text };
}
