/**
 * The chat transport as the side panel wires it, with Anthropic and Gemini as the model: the
 * real factory and official provider packages against the scripted servers, the real MCP
 * fixture server behind the real router. Tools, approvals, errors and Gemini's thought
 * signatures across a stored conversation.
 */
import { readUIMessageStream, type UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { setReadOnlyWithoutAsking } from '../../../src/policy/grants';
import { createLanguageModel } from '../../../src/models/model';
import { runSampling } from '../../../src/asks/run-sampling';
import type { ModelSettings } from '../../../src/models/model-settings';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { anthropicError, startScriptedAnthropic } from '../../fixtures/scripted-anthropic';
import { geminiError, startScriptedGemini } from '../../fixtures/scripted-gemini';
import type { ScriptedProvider } from '../../fixtures/scripted-http';
import {
  cleanups,
  collect,
  runCleanups,
  send,
  startBackground,
  streamedText,
  transportFor,
  userMessage,
} from '../../helpers/chat-harness';

afterEach(runCleanups);

const PROVIDERS = [
  {
    label: 'Anthropic',
    start: startScriptedAnthropic,
    settings: (server: ScriptedProvider): ModelSettings => ({
      provider: 'anthropic',
      apiKey: 'sk-ant-chat',
      baseUrl: server.baseUrl,
      model: 'claude-scripted',
    }),
    keyHeader: 'x-api-key',
    overloaded: {
      status: 529,
      body: anthropicError('overloaded_error', 'Overloaded'),
      retryAfterMs: 1,
    },
  },
  {
    label: 'Gemini',
    start: startScriptedGemini,
    settings: (server: ScriptedProvider): ModelSettings => ({
      provider: 'google',
      apiKey: 'g-chat',
      baseUrl: server.baseUrl,
      model: 'gemini-scripted',
    }),
    keyHeader: 'x-goog-api-key',
    overloaded: {
      status: 503,
      body: geminiError(503, 'UNAVAILABLE', 'The model is overloaded.'),
      retryAfterMs: 1,
    },
  },
] as const;

async function setup(
  provider: (typeof PROVIDERS)[number],
  options: { readOnlyWithoutAsking?: boolean } = {},
) {
  const fixture = await startFixtureServer();
  cleanups.push(() => fixture.close());
  const model = await provider.start();
  cleanups.push(() => model.close());
  const { harness, client } = startBackground();
  const server = await harness.manager.addServer({ name: 'Fixture', url: fixture.mcpUrl });
  await harness.manager.enable(server.id);
  const approvals = options.readOnlyWithoutAsking
    ? setReadOnlyWithoutAsking({}, server.id, true)
    : {};
  const transport = transportFor({ client, approvals }, provider.settings(model));
  return { fixture, model, serverId: server.id, transport };
}

/** The assistant message the panel builds (and stores) from a response stream. */
async function assistantFrom(stream: ReadableStream<import('ai').UIMessageChunk>) {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  if (!last) throw new Error('no assistant message');
  // As IndexedDB keeps it: a structured copy.
  return structuredClone(last);
}

describe.each(PROVIDERS)('chat with $label', (provider) => {
  it('runs a tool on the MCP server and feeds its result back, the key only in its header', async () => {
    const context = await setup(provider, { readOnlyWithoutAsking: true });
    context.model.script(
      { type: 'tool-call', toolName: `${context.serverId}__echo`, input: { text: 'hi there' } },
      { type: 'text', text: 'The server said hi there.' },
    );
    const chunks = await collect(
      await send(context.transport, [userMessage('Say hi through the tool')]),
    );
    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-output-available',
        output: expect.objectContaining({
          serverId: context.serverId,
          toolName: 'echo',
          result: { content: [{ type: 'text', text: 'hi there' }] },
        }),
      }),
    );
    expect(streamedText(chunks)).toBe('The server said hi there.');
    expect(context.model.requests).toHaveLength(2);
    expect(JSON.stringify(context.model.requests[1]?.body)).toContain('hi there');
    for (const request of context.model.requests) {
      expect(request.headers[provider.keyHeader]).toBe(provider.settings(context.model).apiKey);
      expect(request.headers).not.toHaveProperty('authorization');
    }
  });

  it('stops a streaming answer: the request to the provider is cut off', async () => {
    const context = await setup(provider);
    context.model.script({ type: 'slow-text', text: 'This goes on and on', delayMs: 20 });
    const controller = new AbortController();
    const reader = (
      await send(context.transport, [userMessage('Talk')], controller.signal)
    ).getReader();
    for (;;) {
      const { value } = await reader.read();
      if (value?.type === 'text-delta') break;
    }
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => context.model.requests[0]?.aborted).toBe(true);
  });

  it('shows the provider’s error inline, in words', async () => {
    const context = await setup(provider);
    // The SDK retries overload twice (at once: retry-after-ms); each retry gets the same answer.
    context.model.script(
      { type: 'error', ...provider.overloaded },
      { type: 'error', ...provider.overloaded },
      { type: 'error', ...provider.overloaded },
    );
    const chunks = await collect(await send(context.transport, [userMessage('hi')]));
    expect(chunks).toContainEqual({
      type: 'error',
      errorText: expect.stringMatching(/^The provider is overloaded right now \(HTTP 5\d\d\)/),
    });
  });
});

describe.each(PROVIDERS)('a server’s sampling request on $label', (provider) => {
  it('runs as approved, with the image, bounded, answered in MCP terms', async () => {
    const model = await provider.start();
    cleanups.push(() => model.close());
    model.script({ type: 'text', text: 'A calm sea.' });
    const PNG =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const result = await runSampling(
      createLanguageModel(provider.settings(model)),
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe this' },
              { type: 'image', data: PNG, mimeType: 'image/png' },
            ],
          },
        ],
        maxTokens: 100_000,
      },
      { messages: [{ role: 'user', text: 'Describe this briefly' }], maxTokens: 100_000 },
    );
    expect(result).toEqual({ text: 'A calm sea.', stopReason: 'endTurn' });
    const body = JSON.stringify(model.requests[0]?.body);
    expect(body).toContain('Describe this briefly');
    expect(body).toContain(PNG);
    expect(body).toMatch(/"(max_tokens|maxOutputTokens)":4096/);
    expect(model.requests[0]?.headers[provider.keyHeader]).toBe(provider.settings(model).apiKey);
  });
});

describe('Gemini thought signatures', () => {
  it('go back with an approved call from the stored conversation', async () => {
    const gemini = PROVIDERS[1];
    const context = await setup(gemini);
    context.model.script(
      {
        type: 'tool-call',
        toolName: `${context.serverId}__create_event`,
        input: { title: 'Standup', schedule: { start: 'now' } },
        thoughtSignature: 'sig-from-gemini',
      },
      { type: 'text', text: 'Created it.' },
    );
    const question = userMessage('Make an event');
    const asked = await assistantFrom(await send(context.transport, [question]));
    const part = asked.parts.find((candidate) => candidate.type === 'dynamic-tool');
    expect(part).toMatchObject({ state: 'approval-requested' });
    if (part?.type !== 'dynamic-tool' || part.state !== 'approval-requested')
      throw new Error('no approval asked');
    const approved: UIMessage = {
      ...asked,
      parts: asked.parts.map((candidate) =>
        candidate === part
          ? {
              ...part,
              state: 'approval-responded',
              approval: { ...part.approval, approved: true },
            }
          : candidate,
      ),
    };

    const chunks = await collect(await send(context.transport, [question, approved]));
    expect(streamedText(chunks)).toBe('Created it.');
    const second = context.model.requests[1]?.body as {
      contents: { role: string; parts: Record<string, unknown>[] }[];
    };
    const call = second.contents
      .flatMap((content) => content.parts)
      .find((candidate) => 'functionCall' in candidate);
    expect(call).toMatchObject({
      functionCall: { name: `${context.serverId}__create_event` },
      thoughtSignature: 'sig-from-gemini',
    });
    expect(JSON.stringify(second.contents)).toContain('"functionResponse"');
  });
});
