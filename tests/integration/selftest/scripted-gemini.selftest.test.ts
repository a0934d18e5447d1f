/**
 * Proves the scripted Gemini stand-in (tests/fixtures/scripted-gemini.ts) speaks the Gemini
 * API's wire format as @ai-sdk/google parses it, through Patchbay's own model factory: streamed
 * text, a tool round trip that replays the call's thought signature, a non-streamed answer
 * (sampling), errors, the model list (chat-capable models only) and the schema subset.
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { APICallError, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeChatError } from '../../../src/chat-turn/chat-errors';
import { createLanguageModel, listModels } from '../../../src/models/model';
import { geminiError, startScriptedGemini } from '../../fixtures/scripted-gemini';
import type { ScriptedProvider } from '../../fixtures/scripted-http';

let server: ScriptedProvider;
beforeEach(async () => {
  server = await startScriptedGemini();
  server.requiredApiKey = 'g-key';
});
afterEach(() => server.close());

const model = (apiKey = 'g-key') =>
  createLanguageModel({
    provider: 'google',
    apiKey,
    baseUrl: server.baseUrl,
    model: 'gemini-scripted',
  });

const echo = tool({
  inputSchema: jsonSchema<{ text: string }>({
    type: 'object',
    properties: {
      text: { type: 'string', pattern: '^.+$', default: 'x', description: 'What to echo' },
      mode: { const: 'loud' },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    },
    required: ['text'],
    additionalProperties: false,
    $schema: 'https://json-schema.org/draft/2020-12/schema',
  }),
  execute: async ({ text }) => `echo: ${text}`,
});

describe('the scripted Gemini server', () => {
  it('streams text the official provider reads, with the key only in x-goog-api-key', async () => {
    server.script({ type: 'text', text: 'Hello from Gemini.' });
    const result = streamText({ model: model(), prompt: 'hi' });
    await expect(result.text).resolves.toBe('Hello from Gemini.');
    await expect(result.finishReason).resolves.toBe('stop');
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1beta/models/gemini-scripted:streamGenerateContent',
    });
    expect(request?.query.get('alt')).toBe('sse');
    expect(request?.headers['x-goog-api-key']).toBe('g-key');
    expect(request?.headers).not.toHaveProperty('authorization');
    expect(request?.headers).not.toHaveProperty('x-api-key');
  });

  it('parses the same stream with the bare official package', async () => {
    server.script({ type: 'text', text: 'Plain package.' });
    const bare = createGoogleGenerativeAI({ baseURL: server.baseUrl, apiKey: 'g-key' });
    await expect(streamText({ model: bare('gemini-scripted'), prompt: 'hi' }).text).resolves.toBe(
      'Plain package.',
    );
  });

  it('runs a tool round trip and sends the thought signature back with the call', async () => {
    server.script(
      { type: 'tool-call', toolName: 'echo', input: { text: 'ping' }, thoughtSignature: 'sig-1' },
      { type: 'text', text: 'It said ping.' },
    );
    const result = streamText({
      model: model(),
      prompt: 'echo ping',
      tools: { echo },
      stopWhen: stepCountIs(3),
    });
    await expect(result.text).resolves.toBe('It said ping.');
    const second = server.requests[1]?.body as {
      contents: { role: string; parts: Record<string, unknown>[] }[];
    };
    const modelTurn = second.contents.find((content) => content.role === 'model');
    expect(modelTurn?.parts).toContainEqual(
      expect.objectContaining({
        functionCall: expect.objectContaining({ name: 'echo', args: { text: 'ping' } }),
        thoughtSignature: 'sig-1',
      }),
    );
    expect(JSON.stringify(second.contents)).toContain('"functionResponse"');
  });

  it("offers tool schemas within Gemini's subset of JSON Schema", async () => {
    server.script({ type: 'text', text: 'ok' });
    await streamText({ model: model(), prompt: 'hi', tools: { echo } }).text;
    const body = server.requests[0]?.body as {
      tools: { functionDeclarations: { name: string; parametersJsonSchema: unknown }[] }[];
    };
    expect(body.tools[0]?.functionDeclarations[0]).toEqual({
      name: 'echo',
      description: '',
      parametersJsonSchema: {
        type: 'object',
        properties: {
          text: { type: 'string', description: 'What to echo' },
          mode: { enum: ['loud'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['text'],
        additionalProperties: false,
      },
    });
  });

  it('answers without streaming, as sampling asks', async () => {
    server.script({ type: 'text', text: 'A short answer.' });
    const result = await generateText({ model: model(), prompt: 'hi', maxOutputTokens: 100 });
    expect(result.text).toBe('A short answer.');
    expect(server.requests[0]?.path).toBe('/v1beta/models/gemini-scripted:generateContent');
  });

  it('refuses a wrong key with HTTP 400 and API_KEY_INVALID, as Gemini does', async () => {
    const failure = await generateText({
      model: model('wrong'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(400);
    expect(describeChatError(failure)).toBe(
      'The provider rejected the API key (HTTP 400). Check it in Settings. API key not valid. Please pass a valid API key.',
    );
  });

  it('passes scripted errors through as Gemini words them', async () => {
    server.script({
      type: 'error',
      status: 429,
      body: geminiError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.'),
    });
    const failure = await generateText({ model: model(), prompt: 'hi', maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    expect(describeChatError(failure)).toBe(
      'The provider is rate limiting requests (HTTP 429): Quota exceeded. Wait a moment, then retry.',
    );
  });

  it('lists only the models that can chat, asking with x-goog-api-key only', async () => {
    await expect(
      listModels({ provider: 'google', apiKey: 'g-key', baseUrl: server.baseUrl }),
    ).resolves.toEqual(['gemini-scripted', 'gemini-scripted-lite']);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v1beta/models' });
    expect(request?.headers['x-goog-api-key']).toBe('g-key');
    expect(request?.headers).not.toHaveProperty('authorization');
    await expect(
      listModels({ provider: 'google', apiKey: 'wrong', baseUrl: server.baseUrl }),
    ).rejects.toThrow('The API key was rejected (HTTP 400)');
  });
});
