import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeChatError } from '../../src/ai/chat-errors';
import { titleFor } from '../../src/chat/history';

function apiError(statusCode: number | undefined, body?: unknown) {
  return new APICallError({
    message: 'provider error',
    url: 'https://api.openai.com/v1/responses',
    requestBodyValues: {},
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(body ? { responseBody: JSON.stringify(body) } : {}),
  });
}

describe('describeChatError', () => {
  it.each<[string, unknown, string]>([
    [
      'a rejected API key',
      apiError(401, { error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } }),
      'The provider rejected the API key (HTTP 401). Check it in Settings. Incorrect API key provided.',
    ],
    [
      'rate limiting',
      apiError(429, { error: { message: 'Slow down.', code: 'rate_limit_exceeded' } }),
      'The provider is rate limiting requests (HTTP 429): Slow down. Wait a moment, then retry.',
    ],
    [
      'a conversation too long for the model',
      apiError(400, { error: { message: 'Too long', code: 'context_length_exceeded' } }),
      'This conversation is too long for the model. Start a new chat, or pick a model with a larger context window.',
    ],
    [
      'a provider out of reach',
      apiError(undefined),
      "Couldn't reach api.openai.com. Check your connection and the endpoint in Settings, then retry.",
    ],
  ])('says what to do about %s', (_name, error, sentence) => {
    expect(describeChatError(error)).toBe(sentence);
  });

  it('says so when the browser could not fetch at all', () => {
    expect(describeChatError(new TypeError('Failed to fetch'))).toContain(
      'Couldn’t reach the model provider',
    );
  });
});

describe('titleFor', () => {
  it('names a conversation after its first question, shortened', () => {
    expect(titleFor([])).toBe('New chat');
    expect(
      titleFor([{ id: '1', role: 'user', parts: [{ type: 'text', text: '  What   is MCP? ' }] }]),
    ).toBe('What is MCP?');
    expect(
      titleFor([{ id: '1', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(100) }] }]),
    ).toHaveLength(58);
  });
});
