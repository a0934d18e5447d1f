import { isToolUIPart, type UIMessage } from 'ai';
import type { Conversation } from './history';

/** What Patchbay's chat files say they are; import checks it. */
export const CHAT_FILE_FORMAT = 'patchbay-chats';
export const CHAT_FILE_VERSION = 1;

/** Chats as JSON, every message as stored (lossless: import gives them back as they were). */
export function chatsToJson(conversations: readonly Conversation[]): string {
  return JSON.stringify(
    {
      format: CHAT_FILE_FORMAT,
      version: CHAT_FILE_VERSION,
      chats: conversations.map(({ id, title, createdAt, updatedAt, messages }) => ({
        id,
        title,
        createdAt,
        updatedAt,
        messages,
      })),
    },
    null,
    2,
  );
}

/** A chat as Markdown for reading: the person's and the model's words, and each tool call. */
export function chatToMarkdown(conversation: Conversation): string {
  const lines = [`# ${conversation.title}`, ''];
  for (const message of conversation.messages) {
    lines.push(
      `## ${message.role === 'user' ? 'You' : message.role === 'assistant' ? 'Patchbay' : 'System'}`,
      '',
    );
    for (const part of message.parts) lines.push(...partToMarkdown(part));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function partToMarkdown(part: UIMessage['parts'][number]): string[] {
  if (part.type === 'text') return [part.text, ''];
  if (!isToolUIPart(part)) return [];
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  const lines = [`**Tool call** \`${name}\` (${part.state})`, '', fenced(part.input)];
  if (part.state === 'output-available') lines.push('Result:', '', fenced(part.output));
  if (part.state === 'output-error') lines.push(`Error: ${part.errorText}`, '');
  return lines;
}

function fenced(value: unknown): string {
  const json = JSON.stringify(value ?? null, null, 2);
  // A fence longer than any backtick run inside, so the block cannot be closed early.
  const longest = Math.max(2, ...[...json.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}json\n${json}\n${fence}\n`;
}

/** A file name from a chat's title. */
export function fileNameFor(title: string, extension: string): string {
  const base = title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${base || 'chat'}.${extension}`;
}
