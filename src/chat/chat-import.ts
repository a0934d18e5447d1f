import type { UIMessage } from 'ai';
import { z } from 'zod';
import { CHAT_FILE_FORMAT } from './chat-export';
import type { Conversation } from './history';

const messageSchema = z.looseObject({
  id: z.string().min(1),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.looseObject({ type: z.string() })),
});

const chatSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z.array(messageSchema),
});

const fileSchema = z.object({
  format: z.literal(CHAT_FILE_FORMAT),
  version: z.literal(1),
  chats: z.array(z.unknown()),
});

export type ImportEntry =
  | {
      ok: true;
      chat: Conversation;
      /** The id in the file, when it was taken. */ renamedFrom?: string;
    }
  | { ok: false; index: number; title?: string; error: string };

export type ImportPreview = { ok: true; entries: ImportEntry[] } | { ok: false; error: string };

/**
 * A chat file read for import: every entry checked on its own (a bad one is reported with why,
 * the others still import), and ids that are taken (by a stored chat or an earlier entry) replaced
 * with new ones, so an import never overwrites a chat.
 */
export function previewImport(
  text: string,
  takenIds: ReadonlySet<string>,
  newId: () => string = () => crypto.randomUUID(),
): ImportPreview {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not JSON.' };
  }
  const file = fileSchema.safeParse(raw);
  if (!file.success)
    return {
      ok: false,
      error: 'This is not a Patchbay chat file (format "patchbay-chats", version 1).',
    };
  const taken = new Set(takenIds);
  const entries = file.data.chats.map((value, index): ImportEntry => {
    const parsed = chatSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const title = (value as { title?: unknown } | null)?.title;
      return {
        ok: false,
        index,
        ...(typeof title === 'string' ? { title } : {}),
        error: `${issue?.path.join('.') || 'chat'}: ${issue?.message ?? 'invalid'}`,
      };
    }
    const chat = {
      ...parsed.data,
      messages: uniqueMessageIds(parsed.data.messages as UIMessage[]),
    };
    if (!taken.has(chat.id)) {
      taken.add(chat.id);
      return { ok: true, chat };
    }
    let id = newId();
    while (taken.has(id)) id = newId();
    taken.add(id);
    return { ok: true, chat: { ...chat, id }, renamedFrom: chat.id };
  });
  return { ok: true, entries };
}

/** Messages are stored by id within their chat: a repeated id gets a suffix instead of replacing. */
function uniqueMessageIds(messages: UIMessage[]): UIMessage[] {
  const seen = new Set<string>();
  return messages.map((message, index) => {
    const id = seen.has(message.id) ? `${message.id}~${index}` : message.id;
    seen.add(id);
    return id === message.id ? message : { ...message, id };
  });
}
