/**
 * The chat transport as the side panel wires it, against real parts: the manager harness behind
 * the real router and client, the fixture MCP server, and the real model factory talking to the
 * scripted OpenAI server. Test files call `afterEach(runCleanups)`.
 */
import type { UIMessage, UIMessageChunk } from 'ai';
import { convertReadableStreamToArray } from 'ai/test';

import { createChatTransport, type ChatTransportOptions } from '../../src/chat-turn/chat-transport';
import type { ApprovalSettings } from '../../src/policy/grants';
import { createLanguageModel } from '../../src/models/model';
import type { ModelSettings } from '../../src/models/model-settings';
import { createPatchbayClient } from '../../src/messaging/client';
import { createRouter } from '../../src/messaging/router';
import { startFixtureServer } from '../fixtures/mcp-fixture-server';
import {
  startScriptedOpenAI,
  type RecordedRequest,
  type ScriptedOpenAI,
} from '../fixtures/scripted-openai';
import { createHarness } from './manager-harness';

export const cleanups: (() => Promise<unknown>)[] = [];
export async function runCleanups(): Promise<void> {
  while (cleanups.length) await cleanups.pop()?.();
}

/** The model: the real factory (as the side panel builds it) against the scripted OpenAI server. */
export async function startModel() {
  const openai = await startScriptedOpenAI();
  cleanups.push(() => openai.close());
  return openai;
}

/** A local OpenAI-compatible endpoint (Ollama, LM Studio): Chat Completions, no key. */
export const compatible = (openai: ScriptedOpenAI): ModelSettings => ({
  provider: 'compatible',
  baseUrl: openai.baseUrl,
  model: 'scripted-model',
});

/** OpenAI through a gateway at the scripted server: the Responses API, with a key. */
export const openAI = (openai: ScriptedOpenAI): ModelSettings => ({
  provider: 'openai',
  baseUrl: openai.baseUrl,
  apiKey: 'sk-test',
  model: 'scripted-model',
});

/** The background with nothing in it: the manager harness behind the real router and client. */
export function startBackground() {
  const harness = createHarness();
  cleanups.push(() => harness.dispose());
  const router = createRouter({
    manager: harness.manager,
    skills: harness.skills,
    extensionId: 'self',
  });
  const client = createPatchbayClient({
    send: (message) => router.handle(message, { id: 'self', origin: 'chrome-extension://self' }),
    subscribe: (listener) => harness.broadcaster.listen(listener),
  });
  return { harness, client };
}

export async function setup(
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
    harness,
    client,
    serverId: server.id,
    approvals: options.approvals?.(server.id) ?? {},
  };
}

export function userMessage(text: string): UIMessage {
  // As the composer sends it: typed by the person.
  return { id: 'u1', role: 'user', metadata: { typed: true }, parts: [{ type: 'text', text }] };
}

export const collect = (stream: ReadableStream<UIMessageChunk>) =>
  convertReadableStreamToArray(stream);

export const streamedText = (chunks: UIMessageChunk[]) =>
  chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');

export function transportFor(
  context: { client: ReturnType<typeof createPatchbayClient>; approvals?: ApprovalSettings },
  settings: ModelSettings,
  fetchImpl?: typeof fetch,
  overrides: Partial<ChatTransportOptions> = {},
) {
  return createChatTransport({
    client: context.client,
    loadSettings: async () => settings,
    loadApprovals: async () => context.approvals ?? {},
    loadApprovalSecret: async () => 'a test install’s approval secret, 32 bytes or more',
    // As the side panel wires it (components/chat/ChatSession.tsx): the real factory from the saved settings.
    createModel: (current) => createLanguageModel(current, fetchImpl),
    ...overrides,
  });
}

export const send = (
  transport: ReturnType<typeof createChatTransport>,
  messages: UIMessage[],
  abortSignal?: AbortSignal,
) =>
  transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'c1',
    messageId: undefined,
    messages,
    abortSignal,
  });

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  if (!isRecord(request?.body)) throw new Error('the model request has no JSON body');
  return request.body;
}

/** A tool output as the model reads it: a string, or content parts (Responses) as JSON. */
export const textOf = (output: unknown) =>
  typeof output === 'string' ? output : JSON.stringify(output);

/** The tool results a model request carries back, in either wire format. */
export function toolResultsIn(
  request: RecordedRequest | undefined,
): { callId: string; output: string }[] {
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
export function offeredSchema(request: RecordedRequest | undefined, name: string): unknown {
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
export function redirectedTo(openai: ScriptedOpenAI) {
  const asked: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.href);
    return fetch(`${new URL(openai.baseUrl).origin}${url.pathname}${url.search}`, init);
  };
  return { asked, fetchImpl };
}
