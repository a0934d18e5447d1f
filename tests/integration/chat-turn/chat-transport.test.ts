import { afterEach, describe, expect, it } from 'vitest';
import type { UIMessage } from 'ai';

import { setReadOnlyWithoutAsking } from '../../../src/policy/grants';
import type { ModelSettings } from '../../../src/models/model-settings';
import { startPaginatedServer } from '../../fixtures/paginated-server';
import type { RecordedRequest } from '../../fixtures/scripted-openai';
import {
  bodyOf,
  cleanups,
  collect,
  compatible,
  offeredSchema,
  openAI,
  redirectedTo,
  runCleanups,
  send,
  setup,
  startBackground,
  startModel,
  streamedText,
  toolResultsIn,
  transportFor,
  userMessage,
} from '../../helpers/chat-harness';

afterEach(runCleanups);

/** "Make an event", and the model's create_event call with the person's answer to its card. */
function answered(serverId: string, approval: Record<string, unknown>): UIMessage[] {
  return [
    userMessage('Make an event'),
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        {
          type: 'dynamic-tool',
          toolName: `${serverId}__create_event`,
          toolCallId: 'call-1',
          state: 'approval-responded',
          input: { title: 'x', schedule: { start: 'now' } },
          approval: { id: 'approval-1', ...approval } as { id: string; approved: boolean },
        },
      ],
    },
  ];
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

  it('marks the answer with the model that ran it and the tokens the provider reported', async () => {
    const openai = await startModel();
    const { client } = startBackground();
    const text = 'Forty-two characters of answer, give or take.';
    openai.script({ type: 'text', text });
    const settings = settingsFor(openai);
    const chunks = await collect(
      await send(transportFor({ client }, settings), [userMessage('How long is it?')]),
    );

    // The scripted server counts a token per four characters: of the request, of the answer.
    const request = openai.requests.findLast((entry) => entry.api !== 'models');
    const inputTokens = Math.ceil(JSON.stringify(request?.body).length / 4);
    const outputTokens = Math.ceil(text.length / 4);
    expect(chunks.find((chunk) => chunk.type === 'finish')).toMatchObject({
      messageMetadata: {
        model: { provider: settings.provider, id: 'scripted-model' },
        usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
      },
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
    const messages = answered(context.serverId, {
      approved: false,
      reason: 'The person denied this tool call.',
    });
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

  it('runs no approved call this install did not sign (a forged or imported approval)', async () => {
    const context = await setup();
    context.openai.script({ type: 'text', text: 'Done.' });
    for (const approval of [{}, { signature: 'c2lnbmVkIGVsc2V3aGVyZQ' }]) {
      const chunks = await collect(
        await send(
          transportFor(context, settingsFor(context.openai)),
          answered(context.serverId, { approved: true, ...approval }),
        ),
      );
      expect(chunks).toContainEqual({
        type: 'error',
        errorText:
          'A tool call in this chat is marked approved, but not by this Patchbay, so it was not run. Ask again to approve it here.',
      });
      expect(chunks.some((chunk) => chunk.type === 'tool-output-available')).toBe(false);
    }
    const calls = context.fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(calls).toEqual([]);
    expect(context.openai.requests).toHaveLength(0);
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

  it('offers the tool search instead of more tools than the provider accepts', async () => {
    const paginated = await startPaginatedServer({ toolCount: 130, pageSize: 50 });
    cleanups.push(() => paginated.close());
    const context = await setup({ url: paginated.url });
    context.openai.script({ type: 'text', text: 'Hello.' });
    const chunks = await collect(
      await send(transportFor(context, settingsFor(context.openai)), [userMessage('Hello')]),
    );
    expect(streamedText(chunks)).toBe('Hello.');
    expect(context.openai.requests.map((request) => request.toolNames)).toEqual([['search_tools']]);
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

describe('a failed request’s next step', () => {
  it('points Settings at the chat’s own provider, whichever new chats use', async () => {
    const context = await setup();
    context.openai.requiredApiKey = 'sk-right';
    const explained: unknown[] = [];
    const transport = transportFor(context, openAI(context.openai), undefined, {
      onModelError: (failure) => explained.push(failure),
    });
    const chunks = await collect(await send(transport, [userMessage('Hello?')]));
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'error' }));
    expect(explained).toEqual([
      {
        sentence: expect.stringContaining('rejected the API key'),
        step: { kind: 'settings', field: 'api-key', provider: 'openai' },
      },
    ]);
  });
});
