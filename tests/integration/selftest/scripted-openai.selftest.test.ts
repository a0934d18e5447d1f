/**
 * Proves the scripted OpenAI stand-in (tests/fixtures/scripted-openai.ts) speaks both wire
 * formats well enough for the real Vercel AI SDK: `streamText`/`generateText` with
 * `createOpenAI(...).chat()` (Chat Completions) and `.responses()` (Responses), a tool loop,
 * errors, API-key rejection, the model list, CORS, and client aborts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type LanguageModel,
} from 'ai';
import {
  NO_TURN_LEFT_TEXT,
  startScriptedOpenAI,
  type RecordedRequest,
  type ScriptedOpenAI,
} from '../../fixtures/scripted-openai';

type Api = 'chat' | 'responses';
const APIS: Api[] = ['chat', 'responses'];

let server: ScriptedOpenAI;

beforeEach(async () => {
  server = await startScriptedOpenAI();
});

afterEach(async () => {
  await server.close();
});

function modelFor(api: Api, apiKey = 'sk-test'): LanguageModel {
  const provider = createOpenAI({ baseURL: server.baseUrl, apiKey });
  return api === 'chat' ? provider.chat('scripted-model') : provider.responses('scripted-model');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  if (!isRecord(body)) throw new Error('request body is not a JSON object');
  return body;
}

/** The tool-result entries of a request body, in either wire format. */
function toolResultsIn(
  api: Api,
  request: RecordedRequest | undefined,
): { callId: string; output: string }[] {
  const body = bodyOf(request);
  const items = api === 'chat' ? body.messages : body.input;
  if (!Array.isArray(items)) throw new Error('no messages/input in request body');
  const results: { callId: string; output: string }[] = [];
  for (const item of items as unknown[]) {
    if (!isRecord(item)) continue;
    if (api === 'chat' && item.role === 'tool') {
      results.push({ callId: String(item.tool_call_id), output: String(item.content) });
    }
    if (api === 'responses' && item.type === 'function_call_output') {
      results.push({ callId: String(item.call_id), output: String(item.output) });
    }
  }
  return results;
}

const weatherTool = (calls: unknown[]) =>
  tool({
    description: 'Current weather for a city',
    inputSchema: jsonSchema<{ city: string }>({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    }),
    execute: async ({ city }) => {
      calls.push(city);
      return { city, tempC: city === 'Paris' ? 21 : 9 };
    },
  });

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(APIS)('scripted OpenAI via the AI SDK (%s API)', (api) => {
  it('streams a text turn in deltas', async () => {
    server.script({ type: 'text', text: 'Hello from the scripted model.' });
    const result = streamText({ model: modelFor(api), prompt: 'Say hello' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas.join('')).toBe('Hello from the scripted model.');
    expect(deltas).toEqual(['Hello ', 'from ', 'the ', 'scripted ', 'model.']);
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.api).toBe(api);
    expect(request?.path).toBe(api === 'chat' ? '/v1/chat/completions' : '/v1/responses');
    expect(bodyOf(request).stream).toBe(true);
    expect(bodyOf(request).model).toBe('scripted-model');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.aborted).toBe(false);
  });

  it('honours chunks and answers "(no scripted turn left)" once the queue is empty', async () => {
    server.script({ type: 'text', text: 'abcdefghij', chunks: 3, delayMs: 5 });
    const first = streamText({ model: modelFor(api), prompt: 'one' });
    const deltas: string[] = [];
    for await (const delta of first.textStream) deltas.push(delta);
    expect(deltas).toEqual(['abc', 'def', 'ghij']);

    const second = streamText({ model: modelFor(api), prompt: 'two' });
    expect(await second.text).toBe(NO_TURN_LEFT_TEXT);
  });

  it('runs a tool loop: tool call, then text, with the tool result sent back', async () => {
    server.script(
      { type: 'tool-call', toolName: 'get_weather', input: { city: 'Paris' } },
      { type: 'text', text: 'It is 21 °C in Paris.' },
    );
    const executed: unknown[] = [];
    const result = streamText({
      model: modelFor(api),
      prompt: 'Weather in Paris?',
      tools: { get_weather: weatherTool(executed) },
      stopWhen: stepCountIs(5),
    });

    expect(await result.text).toBe('It is 21 °C in Paris.');
    expect(executed).toEqual(['Paris']);
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]?.finishReason).toBe('tool-calls');
    expect(steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);

    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.toolNames).toEqual(['get_weather']);
    expect(server.requests[1]?.toolNames).toEqual(['get_weather']);
    expect(toolResultsIn(api, server.requests[0])).toEqual([]);
    const results = toolResultsIn(api, server.requests[1]);
    expect(results).toHaveLength(1);
    expect(results[0]?.callId).toBe(steps[0]?.toolCalls[0]?.toolCallId);
    expect(results[0]?.callId).toMatch(/^call_\d+$/);
    expect(JSON.parse(results[0]?.output ?? '')).toEqual({ city: 'Paris', tempC: 21 });
  });

  it('streams text before a tool call, and parallel tool calls with unique ids', async () => {
    server.script(
      { type: 'tool-call', toolName: 'get_weather', input: { city: 'Oslo' }, text: 'Checking.' },
      {
        type: 'tool-calls',
        calls: [
          { toolName: 'get_weather', input: { city: 'Paris' } },
          { toolName: 'get_weather', input: { city: 'Oslo' } },
        ],
      },
      { type: 'text', text: 'Done.' },
    );
    const executed: unknown[] = [];
    const result = streamText({
      model: modelFor(api),
      prompt: 'Weather?',
      tools: { get_weather: weatherTool(executed) },
      stopWhen: stepCountIs(5),
    });

    expect(await result.text).toBe('Done.');
    const steps = await result.steps;
    expect(steps.map((s) => s.text)).toEqual(['Checking.', '', 'Done.']);
    expect(executed).toEqual(['Oslo', 'Paris', 'Oslo']);
    const ids = steps.flatMap((s) => s.toolCalls.map((c) => c.toolCallId));
    expect(new Set(ids).size).toBe(3);
    const results = toolResultsIn(api, server.requests[2]);
    expect(results.map((r) => r.callId)).toEqual(ids);
  });

  it('answers non-streaming requests (generateText) with text and tool calls', async () => {
    server.script(
      { type: 'tool-call', toolName: 'get_weather', input: { city: 'Paris' } },
      { type: 'text', text: 'Sunny, 21 °C.' },
    );
    const executed: unknown[] = [];
    const result = await generateText({
      model: modelFor(api),
      prompt: 'Weather in Paris?',
      tools: { get_weather: weatherTool(executed) },
      stopWhen: stepCountIs(5),
    });

    expect(result.text).toBe('Sunny, 21 °C.');
    expect(executed).toEqual(['Paris']);
    expect(bodyOf(server.requests[0]).stream).not.toBe(true);
    expect(toolResultsIn(api, server.requests[1])).toHaveLength(1);
  });

  it('surfaces an error turn (429) as an APICallError from streamText', async () => {
    server.script({
      type: 'error',
      status: 429,
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached for scripted-model.',
    });
    const errors: unknown[] = [];
    const result = streamText({
      model: modelFor(api),
      prompt: 'hi',
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    const streamErrors: unknown[] = [];
    for await (const part of result.fullStream)
      if (part.type === 'error') streamErrors.push(part.error);

    expect(streamErrors).toHaveLength(1);
    expect(errors).toHaveLength(1);
    const error = streamErrors[0];
    expect(APICallError.isInstance(error)).toBe(true);
    if (!APICallError.isInstance(error)) return;
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe('Rate limit reached for scripted-model.');
    expect(error.data).toEqual({
      error: {
        message: 'Rate limit reached for scripted-model.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
    await expect(result.text).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  it('lets the SDK retry a 429 quickly when retryAfterMs is set', async () => {
    server.script(
      {
        type: 'error',
        status: 429,
        code: 'rate_limit_exceeded',
        message: 'Slow down',
        retryAfterMs: 10,
      },
      { type: 'text', text: 'Recovered.' },
    );
    const result = streamText({ model: modelFor(api), prompt: 'hi' });
    expect(await result.text).toBe('Recovered.');
    expect(server.requests).toHaveLength(2);
  });

  it('surfaces a 400 context_length_exceeded without retrying', async () => {
    server.script({
      type: 'error',
      status: 400,
      code: 'context_length_exceeded',
      message: "This model's maximum context length is 128000 tokens.",
    });
    const streamErrors: unknown[] = [];
    const result = streamText({ model: modelFor(api), prompt: 'hi', onError: () => {} });
    for await (const part of result.fullStream)
      if (part.type === 'error') streamErrors.push(part.error);
    const error = streamErrors[0];
    expect(APICallError.isInstance(error) && error.statusCode).toBe(400);
    expect(APICallError.isInstance(error) && error.isRetryable).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a wrong API key with 401 invalid_api_key and accepts the right one', async () => {
    server.requiredApiKey = 'sk-right-key-123456';
    server.script({ type: 'text', text: 'Authorized.' });
    const streamErrors: unknown[] = [];
    const rejected = streamText({
      model: modelFor(api, 'sk-wrong-key-987654'),
      prompt: 'hi',
      onError: () => {},
    });
    for await (const part of rejected.fullStream) {
      if (part.type === 'error') streamErrors.push(part.error);
    }
    const error = streamErrors[0];
    expect(APICallError.isInstance(error)).toBe(true);
    if (!APICallError.isInstance(error)) return;
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Incorrect API key provided: sk-\**7654\./);
    expect(error.data).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key' },
    });

    // The rejected request consumed no turn.
    const accepted = streamText({ model: modelFor(api, 'sk-right-key-123456'), prompt: 'hi' });
    expect(await accepted.text).toBe('Authorized.');
  });

  it('marks a slow-text stream aborted via AbortController as aborted', async () => {
    server.script({ type: 'slow-text', text: 'tick tock', delayMs: 20 });
    const controller = new AbortController();
    const result = streamText({
      model: modelFor(api),
      prompt: 'Count forever',
      abortSignal: controller.signal,
      onError: () => {},
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) {
      deltas.push(delta);
      // Past one full pass of the text: slow-text repeats until the client disconnects.
      if (deltas.length === 4) controller.abort();
    }
    expect(deltas.slice(0, 4)).toEqual(['tick ', 'tock', 'tick ', 'tock']);
    await until(() => server.requests[0]?.aborted === true);
    expect(server.requests[0]?.aborted).toBe(true);
  });
});

describe('scripted OpenAI HTTP surface', () => {
  it('lists models at GET /v1/models, subject to requiredApiKey', async () => {
    const listed = await fetch(`${server.baseUrl}/models`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      object: 'list',
      data: [
        {
          id: 'scripted-model',
          object: 'model',
          created: expect.any(Number),
          owned_by: 'scripted',
        },
        { id: 'scripted-mini', object: 'model', created: expect.any(Number), owned_by: 'scripted' },
      ],
    });

    server.models = ['only-one'];
    server.requiredApiKey = 'sk-models';
    const denied = await fetch(`${server.baseUrl}/models`);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const wrongKey = await fetch(`${server.baseUrl}/models`, {
      headers: { Authorization: 'Bearer sk-nope-nope-nope' },
    });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key' },
    });
    const allowed = await fetch(`${server.baseUrl}/models`, {
      headers: { Authorization: 'Bearer sk-models' },
    });
    expect(allowed.status).toBe(200);
    const list: unknown = await allowed.json();
    expect(list).toMatchObject({ data: [{ id: 'only-one' }] });
    expect(server.requests.map((r) => r.api)).toEqual(['models', 'models', 'models', 'models']);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/v1/models',
      '/v1/models',
      '/v1/models',
      '/v1/models',
    ]);

    const custom = await startScriptedOpenAI({ models: ['a', 'b', 'c'] });
    try {
      const response = await fetch(`${custom.baseUrl}/models`);
      const body = (await response.json()) as { data: { id: string }[] };
      expect(body.data.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    } finally {
      await custom.close();
    }
  });

  it('answers CORS preflights from a chrome-extension:// origin', async () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const preflight = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-stainless-os',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization,content-type,x-stainless-os',
    );

    const bare = await fetch(`${server.baseUrl}/responses`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(bare.headers.get('access-control-allow-headers')).toBe('authorization, content-type');

    server.script({ type: 'text', text: 'CORS ok' });
    const post = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'scripted-model',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect(await post.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'CORS ok' }, finish_reason: 'stop' }],
    });
    expect(server.requests).toHaveLength(1);
  });

  it('close() ends a slow-text stream nobody aborted', async () => {
    const own = await startScriptedOpenAI();
    own.script({ type: 'slow-text', text: 'never ending', delayMs: 5 });
    const response = await fetch(`${own.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'scripted-model', stream: true, messages: [] }),
    });
    const reader = response.body?.getReader();
    await reader?.read();
    // A close that waited for the endless stream would never return (the test's limit says so).
    await own.close();
    await expect(
      (async () => {
        while (!(await reader?.read())?.done);
      })(),
    ).rejects.toThrow();
  });

  it('emits the documented SSE frames for both APIs', async () => {
    server.script(
      { type: 'tool-call', toolName: 'lookup', input: { q: 'x' } },
      { type: 'tool-call', toolName: 'lookup', input: { q: 'y' } },
    );
    const chat = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'scripted-model',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'lookup', parameters: {} } }],
      }),
    });
    expect(chat.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const chatFrames = (await chat.text()).trim().split('\n\n');
    expect(chatFrames.at(-1)).toBe('data: [DONE]');
    const chatChunks = chatFrames
      .slice(0, -1)
      .map((f) => JSON.parse(f.replace(/^data: /, '')) as unknown);
    expect(chatChunks[1]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [
        {
          delta: {
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'lookup', arguments: '' },
              },
            ],
          },
        },
      ],
    });
    expect(chatChunks.at(-2)).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
    expect(chatChunks.at(-1)).toMatchObject({
      choices: [],
      usage: { total_tokens: expect.any(Number) },
    });

    const responses = await fetch(`${server.baseUrl}/responses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'scripted-model',
        stream: true,
        input: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', name: 'lookup', parameters: {} }],
      }),
    });
    const events = (await responses.text())
      .trim()
      .split('\n\n')
      .map((frame) => {
        const [eventLine, dataLine] = frame.split('\n');
        const data = JSON.parse((dataLine ?? '').replace(/^data: /, '')) as { type: string };
        expect(eventLine).toBe(`event: ${data.type}`);
        return data;
      });
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events[6]).toMatchObject({
      item: { type: 'function_call', id: 'fc_2', call_id: 'call_2', arguments: '{"q":"y"}' },
    });
    expect(server.requests.map((r) => r.toolNames)).toEqual([['lookup'], ['lookup']]);
  });
});
