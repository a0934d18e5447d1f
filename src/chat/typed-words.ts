/**
 * Which words of a tool call's arguments the person typed: an ask card shows the data a call
 * would send and marks what did not come from the person's own words (a page's, a server's, the
 * model's), so a secret read elsewhere stands out before it leaves. Word by word, case folded:
 * a deterministic reading that never calls a word typed that the person did not type.
 */
import type { UIMessage } from 'ai';
import { originOfMessage } from '../chat-message/message-origin';

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of what the person typed in the composer, lower case. A message that quoted a page
 * counts for none: the page's words (its selection, its title) sit in it beside the person's,
 * with nothing reliable to tell them apart.
 */
export function typedWordsOf(messages: readonly UIMessage[]): Set<string> {
  const words = new Set<string>();
  for (const message of messages) {
    const origin = originOfMessage(message);
    if (message.role !== 'user' || !origin.typed || origin.quoted?.length) continue;
    for (const part of message.parts) {
      if (part.type !== 'text') continue;
      for (const word of part.text.toLowerCase().match(WORD) ?? []) words.add(word);
    }
  }
  return words;
}

/** A run of a value's text: words the person typed, or not (with what lies between). */
export interface TextRun {
  text: string;
  typed: boolean;
}

/**
 * `value` in runs of words the person typed and words they did not; what lies between words
 * (spaces, punctuation) joins the run before it.
 */
export function runsOf(value: string, typed: ReadonlySet<string>): TextRun[] {
  const runs: TextRun[] = [];
  const push = (text: string, isTyped: boolean) => {
    const last = runs.at(-1);
    if (last && last.typed === isTyped) last.text += text;
    else runs.push({ text, typed: isTyped });
  };
  let at = 0;
  for (const match of value.matchAll(WORD)) {
    if (match.index > at) push(value.slice(at, match.index), runs.at(-1)?.typed ?? true);
    push(match[0], typed.has(match[0].toLowerCase()));
    at = match.index + match[0].length;
  }
  if (at < value.length) push(value.slice(at), runs.at(-1)?.typed ?? true);
  return runs;
}
