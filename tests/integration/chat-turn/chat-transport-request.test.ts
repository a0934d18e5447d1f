/**
 * What the chat transport puts in each model request, read off the scripted OpenAI server:
 * the system prompt (servers' instructions, apps' context), attached resources, the tools
 * offered at each step, stored approvals upgraded, an interrupted tool call, and Stop.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UIMessage } from 'ai';

import { setReadOnlyWithoutAsking, type ApprovalSettings } from '../../../src/policy/grants';
import type { PatchbayClient } from '../../../src/messaging/client';
import type { ResourceUIPart } from '../../../src/chat-message/resource-parts';
import { startFixtureServer } from '../../fixtures/mcp-fixture-server';
import { FIXTURE_INSTRUCTIONS, startModernServer } from '../../fixtures/modern-server';
import type { RecordedRequest } from '../../fixtures/scripted-openai';
import {
  bodyOf,
  cleanups,
  collect,
  compatible,
  runCleanups,
  send,
  setup,
  streamedText,
  transportFor,
  userMessage,
} from '../../helpers/chat-harness';

afterEach(runCleanups);

interface ChatMessage {
  role: string;
  content: unknown;
  tool_calls?: unknown[];
}

/** The messages of a Chat Completions request. */
function messagesOf(request: RecordedRequest | undefined): ChatMessage[] {
  const { messages } = bodyOf(request);
  if (!Array.isArray(messages)) throw new Error('the model request has no messages');
  return messages as ChatMessage[];
}

const systemPromptOf = (request: RecordedRequest | undefined) =>
  String(messagesOf(request).find((message) => message.role === 'system')?.content);

/** Everything the person's messages say, as one string. */
const userTextOf = (request: RecordedRequest | undefined) =>
  JSON.stringify(messagesOf(request).filter((message) => message.role === 'user'));

function resourcePart(serverId: string): ResourceUIPart {
  return {
    type: 'data-resource',
    data: {
      serverId,
      uri: 'file:///notes/plan.md',
      name: 'plan.md',
      text: 'Ship on Friday.',
      readAt: 0,
    },
  };
}

describe('the chat transport’s model requests', () => {
  it('asks for a model in Settings when none is set up, and sends nothing', async () => {
    const context = await setup();
    const transport = transportFor(context, compatible(context.openai), undefined, {
      loadSettings: async () => undefined,
    });
    await expect(send(transport, [userMessage('Hello')])).rejects.toThrow(
      'Set up a model in Settings first.',
    );
    expect(context.openai.requests).toHaveLength(0);
  });

  it('puts a connected server’s instructions and the apps’ context in the system prompt', async () => {
    const context = await setup();
    const modern = await startModernServer({ legacy: 'reject', fullClient: true });
    cleanups.push(() => modern.close());
    const docs = await context.harness.manager.addServer({ name: 'Deploys', url: modern.mcpUrl });
    await context.harness.manager.enable(docs.id);
    context.openai.script({ type: 'text', text: 'ok' });

    const transport = transportFor(context, compatible(context.openai), undefined, {
      appContext: () => [
        { callId: 'call-9', serverName: 'Deploys', toolName: 'show_chart', text: 'Week 3 shown.' },
      ],
    });
    await collect(await send(transport, [userMessage('Deploy it')]));

    const prompt = systemPromptOf(context.openai.requests[0]);
    expect(prompt).toContain(
      `<server-instructions server="Deploys">\n${FIXTURE_INSTRUCTIONS}\n</server-instructions>`,
    );
    expect(prompt).toContain(
      '<app-context server="Deploys" tool="show_chart">\nWeek 3 shown.\n</app-context>',
    );
  });

  it.each([
    ['the server’s name when it is still added', (serverId: string) => serverId, 'from Fixture'],
    ['the server’s id when it has been removed', () => 'gone-server', 'from gone-server'],
  ])('reads an attached resource to the model, labelled with %s', async (_label, idOf, label) => {
    const context = await setup();
    context.openai.script({ type: 'text', text: 'Friday it is.' });
    const message: UIMessage = {
      id: 'u1',
      role: 'user',
      parts: [{ type: 'text', text: 'When do we ship?' }, resourcePart(idOf(context.serverId))],
    };
    await collect(await send(transportFor(context, compatible(context.openai)), [message]));

    const text = userTextOf(context.openai.requests[0]);
    expect(text).toContain(
      `The person attached the resource plan.md (file:///notes/plan.md) ${label}`,
    );
    expect(text).toContain('Ship on Friday.');
  });

  it('stores approvals saved as bare names with the tool’s definition, once, and honours them', async () => {
    const saved: ApprovalSettings[] = [];
    const context = await setup({
      approvals: (serverId) => ({
        [serverId]: { readOnlyWithoutAsking: false, alwaysAllow: ['fail'] },
      }),
    });
    context.openai.script(
      { type: 'tool-call', toolName: `${context.serverId}__fail`, input: { reason: 'x' } },
      { type: 'text', text: 'It failed.' },
    );
    const transport = transportFor(context, compatible(context.openai), undefined, {
      saveApprovals: async (next) => void saved.push(next),
    });
    const chunks = await collect(await send(transport, [userMessage('Try it')]));

    expect(saved).toEqual([
      {
        [context.serverId]: {
          readOnlyWithoutAsking: false,
          alwaysAllow: [
            {
              name: 'fail',
              // The tool as the server lists it now: a later change to it asks again.
              definition: {
                description: 'Always fails with a tool error the model can read.',
                inputSchema: expect.stringContaining('"reason"'),
                annotations: '{}',
              },
            },
          ],
        },
      },
    ]);
    // Granted without asking: the call ran.
    expect(chunks.some((chunk) => chunk.type === 'tool-approval-request')).toBe(false);
    expect(chunks.some((chunk) => chunk.type === 'tool-output-available')).toBe(true);

    // Approvals already in the current layout are not written again.
    context.openai.script({ type: 'text', text: 'ok' });
    const upgraded = saved[0];
    if (!upgraded) throw new Error('nothing was saved');
    const again = transportFor(
      { client: context.client, approvals: upgraded },
      compatible(context.openai),
      undefined,
      { saveApprovals: async (next) => void saved.push(next) },
    );
    await collect(await send(again, [userMessage('Hello')]));
    expect(saved).toHaveLength(1);
  });

  it('leaves out a tool call the person interrupted, instead of failing the request', async () => {
    const context = await setup();
    context.openai.script({ type: 'text', text: 'Starting over.' });
    const messages: UIMessage[] = [
      userMessage('Echo something'),
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            type: 'dynamic-tool',
            toolName: `${context.serverId}__echo`,
            toolCallId: 'call-stopped',
            state: 'input-available',
            input: { text: 'never answered' },
          },
        ],
      },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Never mind' }] },
    ];
    const chunks = await collect(
      await send(transportFor(context, compatible(context.openai)), messages),
    );
    expect(streamedText(chunks)).toBe('Starting over.');
    const sent = JSON.stringify(messagesOf(context.openai.requests[0]));
    expect(sent).not.toContain('call-stopped');
    expect(sent).toContain('Never mind');
  });

  it('stops offering a server’s tools at the next step once it is switched off', async () => {
    // A closed-world tool runs unasked though another server's descriptions are in the request.
    const closed = await startFixtureServer({ closedWorld: true });
    cleanups.push(() => closed.close());
    const context = await setup({
      url: closed.mcpUrl,
      approvals: (serverId) => setReadOnlyWithoutAsking({}, serverId, true),
    });
    const other = await startFixtureServer();
    cleanups.push(() => other.close());
    const otherId = await context.harness.addAndEnable(other.mcpUrl, 'Other');
    // The person switches Other off while the model's first tool call runs.
    const client: PatchbayClient = {
      ...context.client,
      server: (async (serverId: string, action: string, ...payload: unknown[]) => {
        if (action === 'tool/call') await context.harness.manager.disable(otherId);
        return (context.client.server as (...args: unknown[]) => Promise<unknown>)(
          serverId,
          action,
          ...payload,
        );
      }) as PatchbayClient['server'],
    };
    context.openai.script(
      { type: 'tool-call', toolName: `${context.serverId}__count_words`, input: { text: 'hi' } },
      { type: 'text', text: 'Done.' },
    );
    const chunks = await collect(
      await send(transportFor({ ...context, client }, compatible(context.openai)), [
        userMessage('Count the words of hi'),
      ]),
    );
    expect(streamedText(chunks)).toBe('Done.');

    const [first, second] = context.openai.requests;
    expect(first?.toolNames).toContain(`${otherId}__echo`);
    expect(second?.toolNames).toContain(`${context.serverId}__echo`);
    expect(second?.toolNames.filter((name) => name.startsWith(`${otherId}__`))).toEqual([]);
  });

  it('stops the model’s answer when the person presses Stop', async () => {
    const context = await setup();
    context.openai.script({ type: 'slow-text', text: 'one two three four five six', delayMs: 50 });
    const stop = new AbortController();
    const stream = await send(
      transportFor(context, compatible(context.openai)),
      [userMessage('Count slowly')],
      stop.signal,
    );
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (chunk.value.type === 'text-delta') {
        stop.abort();
        break;
      }
    }
    reader.releaseLock();
    await vi.waitFor(() => expect(context.openai.requests[0]?.aborted).toBe(true), {
      timeout: 5_000,
    });
  });

  it('has no stream to resume: nothing runs outside the side panel', async () => {
    const context = await setup();
    const transport = transportFor(context, compatible(context.openai));
    await expect(transport.reconnectToStream({ chatId: 'c1' })).resolves.toBeNull();
  });
});
