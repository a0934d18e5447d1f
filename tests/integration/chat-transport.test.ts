import { afterEach, describe, expect, it } from 'vitest';
import type { UIMessage, UIMessageChunk } from 'ai';
import { convertReadableStreamToArray } from 'ai/test';

import { createChatTransport, ToolBudgetError } from '../../src/ai/chat-transport';
import { setReadOnlyWithoutAsking, type ApprovalSettings } from '../../src/ai/approval';
import { createLanguageModel } from '../../src/ai/model';
import type { ModelSettings } from '../../src/ai/model-settings';
import { createPatchbayClient } from '../../src/messaging/client';
import { createRouter } from '../../src/messaging/router';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startPaginatedServer } from '../fixtures/paginated-server';
import {
  startScriptedOpenAI,
  type RecordedRequest,
  type ScriptedOpenAI,
} from '../fixtures/scripted-openai';
import { createHarness } from '../helpers/manager-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** The model: the real factory (as the side panel builds it) against the scripted OpenAI server. */
async function startModel() {
  const openai = await startScriptedOpenAI();
  cleanups.push(() => openai.close());
  return openai;
}

/** A local OpenAI-compatible endpoint (Ollama, LM Studio): Chat Completions, no key. */
const compatible = (openai: ScriptedOpenAI): ModelSettings => ({
  provider: 'compatible',
  baseUrl: openai.baseUrl,
  model: 'scripted-model',
});

/** OpenAI through a gateway at the scripted server: the Responses API, with a key. */
const openAI = (openai: ScriptedOpenAI): ModelSettings => ({
  provider: 'openai',
  baseUrl: openai.baseUrl,
  apiKey: 'sk-test',
  model: 'scripted-model',
});

/** The background with nothing in it: the manager harness behind the real router and client. */
function startBackground() {
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const router = createRouter({ manager: harness.manager, extensionId: 'self' });
  const client = createPatchbayClient({
    send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
    subscribe: (listener) => harness.broadcaster.listen(listener),
  });
  return { harness, client };
}

async function setup(
  options: { approvals?: (serverId: string) => ApprovalSettings; url?: string } = {},
) {
  const fixture = await startFixtureServer();
  cleanups.push(() => fixture.close());
  const openai = await startModel();
  const { harness, client } = startBackground();
  const server = await harness.manager.addServer({
    name: 'Fixture',
    url: options.url ?? fixture.mcpUrl,
  });
  await harness.manager.enable(server.id);
  return {
    fixture,
    openai,
    client,
    serverId: server.id,
    approvals: options.approvals?.(server.id) ?? {},
  };
}

function userMessage(text: string): UIMessage {
  return { id: 'u1', role: 'user', parts: [{ type: 'text', text }] };
}

const collect = (stream: ReadableStream<UIMessageChunk>) => convertReadableStreamToArray(stream);

const streamedText = (chunks: UIMessageChunk[]) =>
  chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');

function transportFor(
  context: { client: ReturnType<typeof createPatchbayClient>; approvals?: ApprovalSettings },
  settings: ModelSettings,
  fetchImpl?: typeof fetch,
) {
  return createChatTransport({
    client: context.client,
    loadSettings: async () => settings,
    loadApprovals: async () => context.approvals ?? {},
    // As the side panel wires it (ChatPanel): the real factory from the saved settings.
    createModel: (current) => createLanguageModel(current, fetchImpl),
  });
}

const send = (transport: ReturnType<typeof createChatTransport>, messages: UIMessage[]) =>
  transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'c1',
    messageId: undefined,
    messages,
    abortSignal: undefined,
  });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  if (!isRecord(request?.body)) throw new Error('the model request has no JSON body');
  return request.body;
}

/** A tool output as the model reads it: a string, or content parts (Responses) as JSON. */
const textOf = (output: unknown) => (typeof output === 'string' ? output : JSON.stringify(output));

/** The tool results a model request carries back, in either wire format. */
function toolResultsIn(request: RecordedRequest | undefined): { callId: string; output: string }[] {
  const body = bodyOf(request);
  const items = request?.api === 'chat' ? body.messages : body.input;
  if (!Array.isArray(items)) throw new Error('the model request has no messages');
  return items.filter(isRecord).flatMap((item) => {
    if (item.role === 'tool')
      return [{ callId: String(item.tool_call_id), output: textOf(item.content) }];
    if (item.type === 'function_call_output')
      return [{ callId: String(item.call_id), output: textOf(item.output) }];
    return [];
  });
}

/** The JSON Schema a model request offers for one tool, in either wire format. */
function offeredSchema(request: RecordedRequest | undefined, name: string): unknown {
  const tools = bodyOf(request).tools;
  if (!Array.isArray(tools)) return undefined;
  for (const tool of tools.filter(isRecord)) {
    if (tool.name === name) return tool.parameters;
    if (isRecord(tool.function) && tool.function.name === name) return tool.function.parameters;
  }
  return undefined;
}

/**
 * A fetch that sends whatever the model asks for to the scripted server instead, keeping the
 * path, and notes the URL it was asked for: lets a test see where a request was headed
 * (api.openai.com, a remote address) without leaving this machine.
 */
function redirectedTo(openai: ScriptedOpenAI) {
  const asked: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.href);
    return fetch(`${new URL(openai.baseUrl).origin}${url.pathname}${url.search}`, init);
  };
  return { asked, fetchImpl };
}

describe.each([
  ['an OpenAI-compatible endpoint (Chat Completions)', compatible],
  ['OpenAI (Responses)', openAI],
])('chat transport with %s', (_label, settingsFor) => {
  it('runs a tool on the MCP server and feeds its result back to the model', async () => {
    const context = await setup({
      approvals: (serverId) => setReadOnlyWithoutAsking({}, serverId, true),
    });
    context.openai.script(
      { type: 'tool-call', toolName: `${context.serverId}__echo`, input: { text: 'hi there' } },
      { type: 'text', text: 'The server said hi there.' },
    );
    const chunks = await collect(
      await send(transportFor(context, settingsFor(context.openai)), [
        userMessage('Say hi through the tool'),
      ]),
    );

    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-input-available',
        toolName: `${context.serverId}__echo`,
        input: { text: 'hi there' },
      }),
    );
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available');
    // The call id the scripted server gave its first call.
    expect(output).toMatchObject({
      toolCallId: 'call_1',
      output: {
        serverId: context.serverId,
        toolName: 'echo',
        result: { content: [{ type: 'text', text: 'hi there' }] },
      },
    });
    expect(streamedText(chunks)).toBe('The server said hi there.');
    const [first, second] = context.openai.requests;
    expect(context.openai.requests).toHaveLength(2);
    // The model's second call carries the tool result, mapped from the MCP content.
    expect(toolResultsIn(first)).toEqual([]);
    expect(toolResultsIn(second)).toEqual([
      { callId: 'call_1', output: expect.stringContaining('hi there') },
    ]);
    // Tools were offered with the server's own JSON Schema.
    expect(offeredSchema(first, `${context.serverId}__create_event`)).toMatchObject({
      type: 'object',
      properties: { schedule: { type: 'object' } },
    });
  });

  it('asks for approval before a tool runs, and runs nothing meanwhile', async () => {
    const context = await setup();
    context.openai.script({
      type: 'tool-call',
      toolName: `${context.serverId}__create_event`,
      input: { title: 'x', schedule: { start: 'now' } },
    });
    const chunks = await collect(
      await send(transportFor(context, settingsFor(context.openai)), [
        userMessage('Make an event'),
      ]),
    );
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-approval-request', toolCallId: 'call_1' }),
    );
    expect(chunks.some((chunk) => chunk.type === 'tool-output-available')).toBe(false);
    // The loop waits for the person: the model is not asked again.
    expect(context.openai.requests).toHaveLength(1);
    const calls = context.fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(calls).toEqual([]);
  });

  it('tells the model about a denied call', async () => {
    const context = await setup();
    context.openai.script({ type: 'text', text: 'Understood, I will not create it.' });
    const messages: UIMessage[] = [
      userMessage('Make an event'),
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            type: 'dynamic-tool',
            toolName: `${context.serverId}__create_event`,
            toolCallId: 'call-1',
            state: 'approval-responded',
            input: { title: 'x', schedule: { start: 'now' } },
            approval: {
              id: 'approval-1',
              approved: false,
              reason: 'The person denied this tool call.',
            },
          },
        ],
      },
    ];
    const chunks = await collect(
      await send(transportFor(context, settingsFor(context.openai)), messages),
    );
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-output-denied', toolCallId: 'call-1' }),
    );
    expect(toolResultsIn(context.openai.requests[0])).toEqual([
      { callId: 'call-1', output: expect.stringContaining('The person denied this tool call.') },
    ]);
    expect(streamedText(chunks)).toBe('Understood, I will not create it.');
    const calls = context.fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(calls).toEqual([]);
  });

  it('passes a tool error to the model as an error it can read', async () => {
    const context = await setup({
      approvals: (serverId) => ({
        [serverId]: { readOnlyWithoutAsking: false, alwaysAllow: ['fail'] },
      }),
    });
    context.openai.script(
      { type: 'tool-call', toolName: `${context.serverId}__fail`, input: { reason: 'disk full' } },
      { type: 'text', text: 'The tool failed.' },
    );
    const chunks = await collect(
      await send(transportFor(context, settingsFor(context.openai)), [userMessage('Try it')]),
    );
    expect(chunks.find((chunk) => chunk.type === 'tool-output-available')).toMatchObject({
      output: { result: { isError: true } },
    });
    expect(toolResultsIn(context.openai.requests[1])).toEqual([
      { callId: 'call_1', output: expect.stringContaining('Failed: disk full') },
    ]);
  });

  it('refuses to send more tools than the provider accepts', async () => {
    const paginated = await startPaginatedServer({ toolCount: 130, pageSize: 50 });
    cleanups.push(() => paginated.close());
    const context = await setup({ url: paginated.url });
    await expect(
      send(transportFor(context, settingsFor(context.openai)), [userMessage('Hello')]),
    ).rejects.toBeInstanceOf(ToolBudgetError);
    expect(context.openai.requests).toHaveLength(0);
  });
});

describe('the model the settings pick', () => {
  interface Expected {
    api: RecordedRequest['api'];
    path: string;
    authorization: string;
    host?: string;
  }
  const chat = { api: 'chat', path: '/v1/chat/completions' } as const;

  it.each<[string, (base: string) => ModelSettings, Expected]>([
    [
      'sends OpenAI settings to the Responses API at the base URL they name, with their key',
      (base) => ({ provider: 'openai', baseUrl: base, apiKey: 'sk-openai-123', model: 'gpt-test' }),
      { api: 'responses', path: '/v1/responses', authorization: 'Bearer sk-openai-123' },
    ],
    [
      'sends an OpenAI-compatible endpoint to Chat Completions, with its key',
      (base) => ({ provider: 'compatible', baseUrl: base, apiKey: 'local-key', model: 'llama' }),
      { ...chat, authorization: 'Bearer local-key' },
    ],
    [
      'sends a placeholder key to an OpenAI-compatible endpoint that needs none',
      (base) => ({ provider: 'compatible', baseUrl: base, model: 'llama' }),
      { ...chat, authorization: 'Bearer no-key' },
    ],
    [
      'treats an empty key as no key',
      (base) => ({ provider: 'compatible', baseUrl: base, apiKey: '', model: 'llama' }),
      { ...chat, authorization: 'Bearer no-key' },
    ],
    [
      'ignores trailing slashes on the base URL',
      (base) => ({ provider: 'compatible', baseUrl: `${base}//`, apiKey: 'k-1', model: 'llama' }),
      { ...chat, authorization: 'Bearer k-1' },
    ],
    [
      'reaches an endpoint on this machine by the name localhost',
      (base) => ({
        provider: 'compatible',
        baseUrl: base.replace('127.0.0.1', 'localhost'),
        apiKey: 'k-1',
        model: 'llama',
      }),
      { ...chat, authorization: 'Bearer k-1', host: 'localhost' },
    ],
  ])('%s', async (_name, settingsAt, expected) => {
    const openai = await startModel();
    const { client } = startBackground();
    openai.script({ type: 'text', text: 'Hello from the endpoint.' });
    const settings = settingsAt(openai.baseUrl);

    const chunks = await collect(
      await send(transportFor({ client }, settings), [userMessage('Hi')]),
    );

    expect(streamedText(chunks)).toBe('Hello from the endpoint.');
    expect(openai.requests).toHaveLength(1);
    const [request] = openai.requests;
    expect(request).toMatchObject({ api: expected.api, path: expected.path });
    expect(request?.headers.authorization).toBe(expected.authorization);
    expect(request?.headers.host).toBe(
      `${expected.host ?? '127.0.0.1'}:${new URL(openai.baseUrl).port}`,
    );
    expect(bodyOf(request)).toMatchObject({ model: settings.model, stream: true });
  });

  it('sends OpenAI settings without a base URL to api.openai.com', async () => {
    const openai = await startModel();
    const { client } = startBackground();
    openai.script({ type: 'text', text: 'Hello from OpenAI.' });
    const network = redirectedTo(openai);
    const settings: ModelSettings = { provider: 'openai', apiKey: 'sk-real', model: 'gpt-test' };

    const chunks = await collect(
      await send(transportFor({ client }, settings, network.fetchImpl), [userMessage('Hi')]),
    );

    expect(streamedText(chunks)).toBe('Hello from OpenAI.');
    expect(network.asked).toEqual(['https://api.openai.com/v1/responses']);
    expect(openai.requests[0]?.headers.authorization).toBe('Bearer sk-real');
  });

  it.each<[string, ModelSettings]>([
    [
      'an OpenAI-compatible endpoint',
      {
        provider: 'compatible',
        baseUrl: 'http://192.168.1.20:11434/v1',
        apiKey: 'local-key',
        model: 'llama',
      },
    ],
    [
      'an OpenAI gateway',
      {
        provider: 'openai',
        baseUrl: 'http://gateway.example/v1',
        apiKey: 'sk-openai-123',
        model: 'gpt-test',
      },
    ],
  ])(
    'sends nothing, the key least of all, to %s elsewhere over plain http',
    async (_name, settings) => {
      const openai = await startModel();
      const { client } = startBackground();
      const network = redirectedTo(openai);

      const chunks = await collect(
        await send(transportFor({ client }, settings, network.fetchImpl), [userMessage('Hi')]),
      );

      expect(chunks).toContainEqual({
        type: 'error',
        errorText: `${settings.baseUrl} is not used: Use https:// for a remote endpoint; plain http only reaches this machine (localhost or 127.0.0.1). Change it in Settings.`,
      });
      expect(network.asked).toEqual([]);
      expect(openai.requests).toEqual([]);
    },
  );
});
