import { afterEach, describe, expect, it } from 'vitest';
import type { UIMessage, UIMessageChunk } from 'ai';
import {
  convertArrayToReadableStream,
  convertReadableStreamToArray,
  MockLanguageModelV4,
} from 'ai/test';

import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createChatTransport, ToolBudgetError } from '../../src/ai/chat-transport';
import { setReadOnlyWithoutAsking, type ApprovalSettings } from '../../src/ai/approval';
import { createPatchbayClient } from '../../src/messaging/client';
import { createRouter } from '../../src/messaging/router';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import { startPaginatedServer } from '../fixtures/paginated-server';
import { createHarness } from '../helpers/manager-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function toolCallTurn(
  toolName: string,
  input: unknown,
): { stream: ReadableStream<LanguageModelV4StreamPart> } {
  return {
    stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
      { type: 'stream-start', warnings: [] },
      { type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ]),
  };
}

function textTurn(text: string): { stream: ReadableStream<LanguageModelV4StreamPart> } {
  return {
    stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: text },
      { type: 'text-end', id: 't1' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ]),
  };
}

async function setup(
  options: { approvals?: (serverId: string) => ApprovalSettings; url?: string } = {},
) {
  const fixture = await startFixtureServer();
  cleanups.push(() => fixture.close());
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const router = createRouter({ manager: harness.manager, extensionId: 'self' });
  const client = createPatchbayClient({
    send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
    subscribe: (listener) => harness.broadcaster.listen(listener),
  });
  const server = await harness.manager.addServer({
    name: 'Fixture',
    url: options.url ?? fixture.mcpUrl,
  });
  await harness.manager.enable(server.id);
  return {
    fixture,
    harness,
    client,
    serverId: server.id,
    approvals: options.approvals?.(server.id) ?? {},
  };
}

function userMessage(text: string): UIMessage {
  return { id: 'u1', role: 'user', parts: [{ type: 'text', text }] };
}

const collect = (stream: ReadableStream<UIMessageChunk>) => convertReadableStreamToArray(stream);

function transportFor(context: Awaited<ReturnType<typeof setup>>, model: MockLanguageModelV4) {
  return createChatTransport({
    client: context.client,
    loadSettings: async () => ({
      provider: 'compatible',
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'mock',
    }),
    loadApprovals: async () => context.approvals,
    createModel: () => model,
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

describe('chat transport', () => {
  it('runs a tool on the MCP server and feeds its result back to the model', async () => {
    const context = await setup({
      approvals: (serverId) => setReadOnlyWithoutAsking({}, serverId, true),
    });
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallTurn(`${context.serverId}__echo`, { text: 'hi there' }),
        textTurn('The server said hi there.'),
      ],
    });
    const chunks = await collect(
      await send(transportFor(context, model), [userMessage('Say hi through the tool')]),
    );

    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-input-available',
        toolName: `${context.serverId}__echo`,
        input: { text: 'hi there' },
      }),
    );
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available');
    expect(output).toMatchObject({
      output: {
        serverId: context.serverId,
        toolName: 'echo',
        result: { content: [{ type: 'text', text: 'hi there' }] },
      },
    });
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'text-delta', delta: 'The server said hi there.' }),
    );
    // The model's second call carries the tool result, mapped from the MCP content.
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('hi there');
    // Tools were offered with the server's own JSON Schema.
    const offered = model.doStreamCalls[0]!.tools ?? [];
    expect(offered.find((tool) => tool.name === `${context.serverId}__create_event`)).toMatchObject(
      {
        type: 'function',
        inputSchema: { type: 'object', properties: { schedule: { type: 'object' } } },
      },
    );
  });

  it('asks for approval before a tool runs, and runs nothing meanwhile', async () => {
    const context = await setup();
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallTurn(`${context.serverId}__create_event`, {
          title: 'x',
          schedule: { start: 'now' },
        }),
      ],
    });
    const chunks = await collect(
      await send(transportFor(context, model), [userMessage('Make an event')]),
    );
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-approval-request', toolCallId: 'call-1' }),
    );
    expect(chunks.some((chunk) => chunk.type === 'tool-output-available')).toBe(false);
    const calls = context.fixture.requests.filter(
      (request) => (request.body as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(calls).toEqual([]);
  });

  it('tells the model about a denied call', async () => {
    const context = await setup();
    const model = new MockLanguageModelV4({
      doStream: [textTurn('Understood, I will not create it.')],
    });
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
    const chunks = await collect(await send(transportFor(context, model), messages));
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-output-denied', toolCallId: 'call-1' }),
    );
    expect(JSON.stringify(model.doStreamCalls[0]!.prompt)).toContain('execution-denied');
  });

  it('passes a tool error to the model as an error it can read', async () => {
    const context = await setup({
      approvals: (serverId) => ({
        [serverId]: { readOnlyWithoutAsking: false, alwaysAllow: ['fail'] },
      }),
    });
    const model = new MockLanguageModelV4({
      doStream: [
        toolCallTurn(`${context.serverId}__fail`, { reason: 'disk full' }),
        textTurn('The tool failed.'),
      ],
    });
    const chunks = await collect(await send(transportFor(context, model), [userMessage('Try it')]));
    expect(chunks.find((chunk) => chunk.type === 'tool-output-available')).toMatchObject({
      output: { result: { isError: true } },
    });
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('Failed: disk full');
  });

  it('refuses to send more tools than the provider accepts', async () => {
    const paginated = await startPaginatedServer({ toolCount: 130, pageSize: 50 });
    cleanups.push(() => paginated.close());
    const context = await setup({ url: paginated.url });
    const model = new MockLanguageModelV4({ doStream: [textTurn('unused')] });
    await expect(send(transportFor(context, model), [userMessage('Hello')])).rejects.toBeInstanceOf(
      ToolBudgetError,
    );
    expect(model.doStreamCalls).toHaveLength(0);
  });
});
