import type { UIMessage } from 'ai';

/** The title of a chat whose person has not written yet. */
export const NEW_TITLE = 'New chat';

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
