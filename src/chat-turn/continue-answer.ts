import type { ModelMessage } from 'ai';

/** The request body the chat sends to go on from an answer that was cut off. */
export const CONTINUE_BODY = { continueAnswer: true } as const;

/** What the model reads after its own partial answer, when the person asks it to go on. */
export const CONTINUE_INSTRUCTION =
  'Your previous answer was cut off before it finished. Continue exactly where it stopped, without repeating what is already there.';

export function isContinueRequest(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'continueAnswer' in body;
}

/** The model messages with the instruction to go on, when the last one is the model's answer. */
export function withContinueInstruction(messages: ModelMessage[]): ModelMessage[] {
  const last = messages.at(-1);
  if (!last || (last.role !== 'assistant' && last.role !== 'tool')) return messages;
  return [...messages, { role: 'user', content: CONTINUE_INSTRUCTION }];
}
