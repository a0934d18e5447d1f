/**
 * Proves the scripted Anthropic stand-in (tests/fixtures/scripted-anthropic.ts) speaks the
 * Messages wire format as @ai-sdk/anthropic parses it, through Patchbay's own model factory:
 * streamed text and thinking, a tool round trip, a non-streamed answer (sampling), errors and the model list.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeChatError } from '../../../src/chat-turn/chat-errors';
import { createLanguageModel, listModels } from '../../../src/models/model';
import { anthropicError, startScriptedAnthropic } from '../../fixtures/scripted-anthropic';
import type { ScriptedProvider } from '../../fixtures/scripted-http';

let server: ScriptedProvider;
beforeEach(async () => {
  server = await startScriptedAnthropic();
  server.requiredApiKey = 'sk-ant-test';
});
afterEach(() => server.close());

const model = (apiKey = 'sk-ant-test') =>
  createLanguageModel({
    provider: 'anthropic',
    apiKey,
    baseUrl: server.baseUrl,
    model: 'claude-scripted',
  });

describe('the scripted Anthropic server', () => {
  it('streams text the official provider reads, with the key only in x-api-key', async () => {
    server.script({ type: 'text', text: 'Hello from Claude.' });
    const result = streamText({ model: model(), prompt: 'hi' });
    await expect(result.text).resolves.toBe('Hello from Claude.');
    await expect(result.finishReason).resolves.toBe('stop');
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(request?.headers).not.toHaveProperty('authorization');
    expect(request?.headers).not.toHaveProperty('x-goog-api-key');
    expect(request?.body).toMatchObject({ model: 'claude-scripted', stream: true });
  });

  it('streams thinking before the text, which the provider reads as reasoning', async () => {
    server.script({
      type: 'text',
      text: 'The answer is 42.',
      reasoning: 'Six times seven.',
    });
    const result = streamText({ model: model(), prompt: 'six times seven?' });
    await expect(result.text).resolves.toBe('The answer is 42.');
    await expect(result.reasoningText).resolves.toBe('Six times seven.');
    await expect(result.usage).resolves.toMatchObject({ inputTokens: 10, outputTokens: 5 });
  });

  it('parses the same stream with the bare official package', async () => {
    server.script({ type: 'text', text: 'Plain package.' });
    const bare = createAnthropic({ baseURL: server.baseUrl, apiKey: 'sk-ant-test' });
    await expect(streamText({ model: bare('claude-scripted'), prompt: 'hi' }).text).resolves.toBe(
      'Plain package.',
    );
  });

  it('runs a tool call round trip', async () => {
    server.script(
      { type: 'tool-call', toolName: 'echo', input: { text: 'ping' }, text: 'Calling. ' },
      { type: 'text', text: 'It said ping.' },
    );
    const result = streamText({
      model: model(),
      prompt: 'echo ping',
      tools: {
        echo: tool({
          inputSchema: jsonSchema<{ text: string }>({
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
          }),
          execute: async ({ text }) => `echo: ${text}`,
        }),
      },
      stopWhen: stepCountIs(3),
    });
    await expect(result.text).resolves.toBe('It said ping.');
    const steps = await result.steps;
    expect(steps[0]?.toolCalls).toMatchObject([{ toolName: 'echo', input: { text: 'ping' } }]);
    const second = server.requests[1]?.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(second.messages)).toContain('"tool_use_id":"toolu_1"');
    expect(JSON.stringify(second.messages)).toContain('echo: ping');
    expect(JSON.stringify(server.requests[0]?.body)).toContain('"name":"echo"');
  });

  it('answers without streaming, as sampling asks', async () => {
    server.script({ type: 'text', text: 'A short answer.' });
    const result = await generateText({ model: model(), prompt: 'hi', maxOutputTokens: 100 });
    expect(result.text).toBe('A short answer.');
    expect(server.requests[0]?.body).toMatchObject({ max_tokens: 100 });
  });

  it('refuses a wrong key and browser requests without the opt-in header, as Anthropic does', async () => {
    const failure = await generateText({
      model: model('wrong'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(401);
    expect(describeChatError(failure)).toBe(
      'The provider rejected the API key (HTTP 401). Check it in Settings. invalid x-api-key',
    );
    const browser = await fetch(`${server.baseUrl}/messages`, {
      method: 'POST',
      headers: { origin: 'chrome-extension://x', 'x-api-key': 'sk-ant-test' },
      body: '{}',
    });
    expect(browser.status).toBe(401);
  });

  it('passes scripted errors through as Anthropic words them', async () => {
    server.script({
      type: 'error',
      status: 529,
      body: anthropicError('overloaded_error', 'Overloaded'),
    });
    const failure = await generateText({ model: model(), prompt: 'hi', maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    expect(describeChatError(failure)).toBe(
      'The provider is overloaded right now (HTTP 529): Overloaded Wait a moment, then retry.',
    );
  });

  it('lists the models at GET /v1/models with the key in x-api-key only', async () => {
    await expect(
      listModels({ provider: 'anthropic', apiKey: 'sk-ant-test', baseUrl: server.baseUrl }),
    ).resolves.toEqual(['claude-scripted', 'claude-scripted-mini']);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(request?.headers).not.toHaveProperty('authorization');
    await expect(
      listModels({ provider: 'anthropic', apiKey: 'wrong', baseUrl: server.baseUrl }),
    ).rejects.toThrow('The API key was rejected (HTTP 401)');
  });
});
