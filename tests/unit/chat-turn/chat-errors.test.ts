import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  describeChatError,
  explainChatError,
  type ChatErrorStep,
} from '../../../src/chat-turn/chat-errors';
import { titleFor } from '../../../src/chat/history';

function apiError(
  statusCode: number | undefined,
  body?: unknown,
  { message = 'provider error', url = 'https://api.openai.com/v1/responses' } = {},
) {
  return new APICallError({
    message,
    url,
    requestBodyValues: {},
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(body ? { responseBody: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
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
    [
      'a forbidden request',
      apiError(403, { error: { message: 'No access.' } }),
      'The provider rejected the API key (HTTP 403). Check it in Settings. No access.',
    ],
    [
      'an invalid key reported with another status',
      apiError(400, { error: { message: 'Bad key.', code: 'invalid_api_key' } }),
      'The provider rejected the API key (HTTP 400). Check it in Settings. Bad key.',
    ],
    [
      'a rejected key without details',
      apiError(401, undefined, { message: '' }),
      'The provider rejected the API key (HTTP 401). Check it in Settings.',
    ],
    [
      'an unknown model',
      apiError(404, { error: { message: 'No such model.' } }),
      'The provider does not know this model or endpoint (HTTP 404): No such model. Choose another model for this chat, or check the endpoint in Settings.',
    ],
    [
      'a server error with a body that is not JSON',
      apiError(502, 'Bad Gateway'),
      'The provider answered HTTP 502: provider error',
    ],
    [
      'a server error whose JSON has no error object',
      apiError(500, { detail: 'oops' }),
      'The provider answered HTTP 500: provider error',
    ],
    [
      'a server error whose message is not text',
      apiError(500, { error: { message: 42 } }),
      'The provider answered HTTP 500: provider error',
    ],
    [
      'an endpoint that is not a URL',
      apiError(undefined, undefined, { url: 'not a url' }),
      "Couldn't reach not a url. Check your connection and the endpoint in Settings, then retry.",
    ],
    [
      'a rejected Anthropic key',
      apiError(401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      }),
      'The provider rejected the API key (HTTP 401). Check it in Settings. invalid x-api-key',
    ],
    [
      'an overloaded Anthropic API',
      apiError(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      'The provider is overloaded right now (HTTP 529): Overloaded Wait a moment, then retry.',
    ],
    [
      'a conversation too long for Claude',
      apiError(400, {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'prompt is too long: 210000 tokens > 200000 maximum',
        },
      }),
      'This conversation is too long for the model. Start a new chat, or pick a model with a larger context window.',
    ],
    [
      'a rejected Gemini key (HTTP 400)',
      apiError(400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' },
          ],
        },
      }),
      'The provider rejected the API key (HTTP 400). Check it in Settings. API key not valid. Please pass a valid API key.',
    ],
    [
      'Gemini rate limiting',
      apiError(429, {
        error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' },
      }),
      'The provider is rate limiting requests (HTTP 429): Quota exceeded. Wait a moment, then retry.',
    ],
    [
      'an overloaded Gemini model',
      apiError(503, {
        error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' },
      }),
      'The provider is overloaded right now (HTTP 503): The model is overloaded. Wait a moment, then retry.',
    ],
    [
      'a conversation too long for Gemini',
      apiError(400, {
        error: {
          code: 400,
          message:
            'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
          status: 'INVALID_ARGUMENT',
        },
      }),
      'This conversation is too long for the model. Start a new chat, or pick a model with a larger context window.',
    ],
    [
      'the last failure after the automatic retries',
      new RetryError({
        message: 'Failed after 3 attempts.',
        reason: 'maxRetriesExceeded',
        errors: [apiError(429, { error: { message: 'Slow down.' } })],
      }),
      'The provider is rate limiting requests (HTTP 429): Slow down. Wait a moment, then retry.',
    ],
    ['another type error', new TypeError('x is not a function'), 'x is not a function'],
    ['an error that mentions fetch', new Error('fetch failed'), 'fetch failed'],
    ['something thrown that is not an error', 'boom', 'boom'],
  ])('says what to do about %s', (_name, error, sentence) => {
    expect(describeChatError(error)).toBe(sentence);
  });

  it('says so when the browser could not fetch at all', () => {
    expect(describeChatError(new TypeError('Failed to fetch'))).toContain(
      'Couldn’t reach the model provider',
    );
  });
});

describe('explainChatError', () => {
  it.each<[string, unknown, ChatErrorStep]>([
    ['a rejected API key', apiError(401), { kind: 'settings', field: 'api-key' }],
    [
      'a rejected Gemini key',
      apiError(400, { error: { message: 'x', details: [{ reason: 'API_KEY_INVALID' }] } }),
      { kind: 'settings', field: 'api-key' },
    ],
    ['an unknown model', apiError(404), { kind: 'choose-model' }],
    ['rate limiting', apiError(429), { kind: 'retry' }],
    ['an overloaded provider', apiError(529), { kind: 'retry' }],
    ['a provider out of reach', apiError(undefined), { kind: 'retry' }],
    ['a network failure in the browser', new TypeError('Failed to fetch'), { kind: 'retry' }],
    [
      'a conversation too long',
      apiError(400, { error: { message: 'x', code: 'context_length_exceeded' } }),
      { kind: 'new-chat' },
    ],
    [
      'a local model server refusing the origin',
      apiError(403, undefined, { url: 'http://localhost:11434/v1/chat/completions' }),
      { kind: 'retry' },
    ],
    ['anything else', new Error('boom'), { kind: 'retry' }],
  ])('offers the next step for %s', (_name, error, step) => {
    expect(explainChatError(error).step).toEqual(step);
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

  it('names one that began with images alone after their files', () => {
    const image = (filename: string) =>
      ({
        type: 'file',
        mediaType: 'image/png',
        url: 'data:image/png;base64,AA==',
        filename,
      }) as const;
    expect(
      titleFor([{ id: '1', role: 'user', parts: [image('dot.png'), image('chart.png')] }]),
    ).toBe('dot.png chart.png');
    expect(
      titleFor([
        { id: '1', role: 'user', parts: [image('dot.png'), { type: 'text', text: 'What is it?' }] },
      ]),
    ).toBe('What is it?');
  });
});
