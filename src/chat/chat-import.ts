/**
 * Reading chat files for import. An imported chat carries words, never decisions or trust: its
 * parts are checked against the AI SDK's message schema (known part types and states only), its
 * unfinished calls are marked not run (an approved call in a file never runs, src/chat/
 * interrupted.ts), what a message's metadata says about trust (the origin the person pointed
 * at, an app's or the composer's marks) is dropped and every message is marked imported, so the
 * chat reads as someone else's text (src/policy/chat-sources.ts). Provider metadata and files kept
 * at remote addresses are dropped too: nothing imported points anywhere by itself.
 */
import { safeValidateUIMessages, type UIMessage } from 'ai';
import { z } from 'zod';
import { readAnswerMetadata } from '../chat-message/answer-metadata';
import { CHAT_FILE_FORMAT } from './chat-export';
import type { Conversation } from './history';
import { settleImported } from './interrupted';
import { resourcePartDataSchema } from '../chat-message/resource-parts';

/** The largest chat file read (bytes); a larger one is refused before it is read. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Messages one imported chat may hold, and parts one message may hold. */
export const MAX_MESSAGES_PER_CHAT = 10_000;
export const MAX_PARTS_PER_MESSAGE = 2_000;

const chatSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        role: z.enum(['system', 'user', 'assistant']),
        parts: z
          .array(z.unknown())
          .max(
            MAX_PARTS_PER_MESSAGE,
            `a message may hold at most ${MAX_PARTS_PER_MESSAGE.toLocaleString('en')} parts`,
          ),
      }),
    )
    .max(
      MAX_MESSAGES_PER_CHAT,
      `a chat may hold at most ${MAX_MESSAGES_PER_CHAT.toLocaleString('en')} messages`,
    ),
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

/** The sentence for a file too large to import, or undefined when its size is fine. */
export function importSizeError(bytes: number): string | undefined {
  if (bytes <= MAX_IMPORT_BYTES) return undefined;
  const mb = (value: number) => `${Math.ceil(value / (1024 * 1024))} MB`;
  return `This file is ${mb(bytes)}; Patchbay imports chat files of up to ${mb(MAX_IMPORT_BYTES)}.`;
}

/**
 * A chat file read for import: every entry checked on its own (a bad one is reported with why,
 * the others still import), and ids that are taken (by a stored chat or an earlier entry) replaced
 * with new ones, so an import never overwrites a chat.
 */
export async function previewImport(
  text: string,
  takenIds: ReadonlySet<string>,
  newId: () => string = () => crypto.randomUUID(),
): Promise<ImportPreview> {
  // Characters, not bytes: a file within the cap in bytes is never over it in characters.
  const tooLarge = importSizeError(text.length);
  if (tooLarge) return { ok: false, error: tooLarge };
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
  const entries: ImportEntry[] = [];
  for (const [index, value] of file.data.chats.entries()) {
    const title = (value as { title?: unknown } | null)?.title;
    const failed = (error: string): ImportEntry => ({
      ok: false,
      index,
      ...(typeof title === 'string' ? { title } : {}),
      error,
    });
    const parsed = chatSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      entries.push(failed(`${issue?.path.join('.') || 'chat'}: ${issue?.message ?? 'invalid'}`));
      continue;
    }
    const messages = await inertMessages(parsed.data.messages);
    if (!messages.ok) {
      entries.push(failed(messages.error));
      continue;
    }
    const chat = { ...parsed.data, messages: uniqueMessageIds(messages.value) };
    if (!taken.has(chat.id)) {
      taken.add(chat.id);
      entries.push({ ok: true, chat });
      continue;
    }
    let id = newId();
    while (taken.has(id)) id = newId();
    taken.add(id);
    entries.push({ ok: true, chat: { ...chat, id }, renamedFrom: chat.id });
  }
  return { ok: true, entries };
}

/** A chat's messages as they may be stored: checked strictly, then made inert. */
async function inertMessages(
  messages: readonly { parts: unknown[] }[],
): Promise<{ ok: true; value: UIMessage[] } | { ok: false; error: string }> {
  const value: UIMessage[] = [];
  for (const [index, message] of messages.entries()) {
    const checked = await checkMessage({ ...message, metadata: undefined });
    if (!checked) return { ok: false, error: await whatIsWrong(message, index) };
    value.push(inert(checked, message));
  }
  return { ok: true, value };
}

async function checkMessage(message: unknown): Promise<UIMessage | undefined> {
  const checked = await safeValidateUIMessages({
    messages: [message],
    dataSchemas: { resource: resourcePartDataSchema },
  });
  return checked.success ? checked.data[0] : undefined;
}

/** Which part of a message the schema refused, in words. */
async function whatIsWrong(message: { parts: unknown[] }, index: number): Promise<string> {
  for (const [at, part] of message.parts.entries()) {
    if (await checkMessage({ ...message, metadata: undefined, parts: [part] })) continue;
    const { type, state } = (part ?? {}) as { type?: unknown; state?: unknown };
    const kind = [
      typeof type === 'string' ? `type "${type.slice(0, 60)}"` : 'no type',
      ...(typeof state === 'string' ? [`state "${state.slice(0, 60)}"`] : []),
    ].join(', ');
    return `messages.${index}.parts.${at}: not a part Patchbay can import (${kind}).`;
  }
  return `messages.${index}: not a message Patchbay can import.`;
}

function inert(message: UIMessage, original: unknown): UIMessage {
  // Of the metadata, only what an answer shows (its model, tokens, thinking time) is kept.
  const { model, usage, thoughtMs } = readAnswerMetadata(original as Pick<UIMessage, 'metadata'>);
  const parts = message.parts.flatMap((part): UIMessage['parts'] => {
    if (part.type === 'file' && !part.url.startsWith('data:')) return [];
    const rest: Record<string, unknown> = { ...part };
    delete rest.providerMetadata;
    delete rest.callProviderMetadata;
    return [rest as UIMessage['parts'][number]];
  });
  return settleImported({
    id: message.id,
    // A system message is the one a model obeys above all: one from a file would be the file's
    // orders. Its words stay, as a message of the imported chat like any other (which taints).
    role: message.role === 'system' ? 'user' : message.role,
    metadata: {
      ...(message.role === 'assistant' && model ? { model } : {}),
      ...(message.role === 'assistant' && usage ? { usage } : {}),
      ...(message.role === 'assistant' && thoughtMs ? { thoughtMs } : {}),
      imported: true,
    },
    parts,
  });
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
