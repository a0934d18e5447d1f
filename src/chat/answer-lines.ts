import type { UIMessage } from 'ai';
import type { AnswerMetadata } from '../chat-message/answer-metadata';

const numbers = new Intl.NumberFormat('en');

/**
 * The subtle line under a finished answer: the model and the tokens used, e.g.
 * "gpt-5 · 1,234 tokens (1,200 in, 34 out)". Undefined when the provider reported no counts.
 */
export function usageLine(metadata: AnswerMetadata): string | undefined {
  const usage = metadata.usage;
  if (!usage) return undefined;
  const { inputTokens, outputTokens } = usage;
  const total =
    usage.totalTokens ??
    (inputTokens !== undefined && outputTokens !== undefined
      ? inputTokens + outputTokens
      : undefined);
  const split = [
    inputTokens !== undefined ? `${numbers.format(inputTokens)} in` : undefined,
    outputTokens !== undefined ? `${numbers.format(outputTokens)} out` : undefined,
  ].filter((piece) => piece !== undefined);
  if (total === undefined && split.length === 0) return undefined;
  const tokens =
    total !== undefined
      ? `${numbers.format(total)} ${total === 1 ? 'token' : 'tokens'}${split.length ? ` (${split.join(', ')})` : ''}`
      : `tokens: ${split.join(', ')}`;
  return metadata.model ? `${metadata.model.id} · ${tokens}` : tokens;
}

/** "Thought for 12 s" for a reasoning part that took `ms`; at least 1 s, as people read it. */
export function thoughtLabel(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return 'Thoughts';
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60
    ? `Thought for ${seconds} s`
    : `Thought for ${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** An answer as the Markdown the model wrote: its text parts, in order, a blank line apart. */
export function answerMarkdown(message: Pick<UIMessage, 'parts'>): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' && part.text.trim() ? [part.text.trim()] : []))
    .join('\n\n');
}
