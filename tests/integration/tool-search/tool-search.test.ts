/**
 * Thousands of tools: twelve real MCP servers of 100 tools each behind the real router and
 * client, the chat transport as the side panel wires it, and each provider's wire format from
 * the scripted servers. The model searches, calls what it found, and answers; no request
 * carries more than a handful of tool definitions, and approvals ask where the rules say.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setReadOnlyWithoutAsking, type ApprovalSettings } from '../../../src/policy/grants';
import type { ModelSettings } from '../../../src/models/model-settings';
import { TOOL_SEARCH_NAME } from '../../../src/tool-search/search-tool';
import { startDomainServers, type DomainServer } from '../../fixtures/domain-tools-server';
import { startScriptedAnthropic } from '../../fixtures/scripted-anthropic';
import { startScriptedGemini } from '../../fixtures/scripted-gemini';
import { startScriptedOpenAI } from '../../fixtures/scripted-openai';
import {
  cleanups,
  collect,
  isRecord,
  runCleanups,
  send,
  startBackground,
  streamedText,
  transportFor,
  userMessage,
} from '../../helpers/chat-harness';

afterEach(runCleanups);

let servers: DomainServer[];
beforeAll(async () => {
  servers = await startDomainServers(12, 100);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

type Turn =
  { type: 'tool-call'; toolName: string; input: unknown } | { type: 'text'; text: string };
interface Model {
  baseUrl: string;
  script(...turns: Turn[]): void;
  requests: { body: unknown }[];
  close(): Promise<void>;
}

const PROVIDERS: [string, () => Promise<Model>, (model: Model) => ModelSettings][] = [
  [
    'an OpenAI-compatible endpoint',
    startScriptedOpenAI,
    (model) => ({ provider: 'compatible', baseUrl: model.baseUrl, model: 'scripted-model' }),
  ],
  [
    'OpenAI (Responses)',
    startScriptedOpenAI,
    (model) => ({ provider: 'openai', baseUrl: model.baseUrl, apiKey: 'k', model: 'scripted' }),
  ],
  [
    'Anthropic',
    startScriptedAnthropic,
    (model) => ({ provider: 'anthropic', baseUrl: model.baseUrl, apiKey: 'k', model: 'claude' }),
  ],
  [
    'Gemini',
    startScriptedGemini,
    (model) => ({ provider: 'google', baseUrl: model.baseUrl, apiKey: 'k', model: 'gemini' }),
  ],
];

/** The names of the tools a request to the model defines, in any provider's format. */
function definedTools(body: unknown): string[] {
  const tools = isRecord(body) && Array.isArray(body.tools) ? body.tools.filter(isRecord) : [];
  return tools.flatMap((tool): string[] => {
    if (Array.isArray(tool.functionDeclarations))
      return tool.functionDeclarations.filter(isRecord).map((each) => String(each.name));
    if (isRecord(tool.function)) return [String(tool.function.name)];
    return [String(tool.name)];
  });
}

/** The requests that asked the model for an answer (not for its list of models). */
const modelRequests = (model: Model) =>
  model.requests.filter((request) => isRecord(request.body)).map((request) => request.body);

/** The twelve servers added and switched on; their ids by name. */
async function switchedOn(approvals: (ids: Map<string, string>) => ApprovalSettings = () => ({})) {
  const { harness, client } = startBackground();
  const ids = new Map<string, string>();
  for (const server of servers) {
    const added = await harness.manager.addServer({ name: server.name, url: server.mcpUrl });
    await harness.manager.enable(added.id);
    ids.set(server.name, added.id);
  }
  const { tools } = await client.request('mcp/tools/list');
  expect(tools).toHaveLength(1200);
  return { client, ids, approvals: approvals(ids) };
}

const serverNamed = (name: string) => servers.find((server) => server.name === name)!;

describe.each(PROVIDERS)('1,200 tools with %s', (_label, start, settingsFor) => {
  it('finds the tool it needs with the search, calls it and answers, never sending 200 tools', async () => {
    const model = await start();
    cleanups.push(() => model.close());
    const context = await switchedOn((ids) =>
      setReadOnlyWithoutAsking({}, ids.get('Weather')!, true),
    );
    const forecast = `${context.ids.get('Weather')}__get_forecast`;
    model.script(
      { type: 'tool-call', toolName: TOOL_SEARCH_NAME, input: { query: 'weather forecast' } },
      { type: 'tool-call', toolName: forecast, input: { id: 'Oslo' } },
      { type: 'text', text: 'Sunny in Oslo.' },
    );
    const chunks = await collect(
      await send(transportFor(context, settingsFor(model)), [userMessage('Weather in Oslo?')]),
    );

    expect(streamedText(chunks)).toBe('Sunny in Oslo.');
    expect(serverNamed('Weather').calls).toContainEqual({
      name: 'get_forecast',
      arguments: { id: 'Oslo' },
    });
    const defined = modelRequests(model).map(definedTools);
    expect(defined).toHaveLength(3);
    expect(defined[0]).toEqual([TOOL_SEARCH_NAME]);
    // What the search found is offered from the next step: the forecast first.
    expect(defined[1]).toHaveLength(6);
    expect(defined[1]!.slice(0, 2)).toEqual([TOOL_SEARCH_NAME, forecast]);
    for (const tools of defined) expect(tools.length).toBeLessThanOrEqual(200);
    expect(JSON.stringify(modelRequests(model)[1])).toContain('Gets the weather forecast');
  });
});

/** The assistant message the panel keeps from a response stream. */
async function assistantFrom(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage> {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  if (!last) throw new Error('no assistant message');
  return structuredClone(last);
}

describe('approvals with 1,200 tools', () => {
  it('asks before a found tool that deletes, and keeps it loaded for the approved call', async () => {
    const model = await startScriptedOpenAI();
    cleanups.push(() => model.close());
    const context = await switchedOn();
    const remove = `${context.ids.get('Calendar')}__delete_event`;
    model.script(
      { type: 'tool-call', toolName: TOOL_SEARCH_NAME, input: { query: 'delete calendar event' } },
      { type: 'tool-call', toolName: remove, input: { id: 'standup' } },
      { type: 'text', text: 'Deleted the standup.' },
    );
    const transport = transportFor(context, settingsFor('compatible', model.baseUrl));
    const question = userMessage('Delete the standup event');
    const asked = await assistantFrom(await send(transport, [question]));
    const call = asked.parts.find(
      (part) => part.type === 'dynamic-tool' && part.toolName === remove,
    );
    if (call?.type !== 'dynamic-tool' || call.state !== 'approval-requested')
      throw new Error(`no approval asked: ${JSON.stringify(asked.parts)}`);
    // The search itself ran unasked; the delete waits for the person.
    expect(asked.parts).toContainEqual(
      expect.objectContaining({ toolName: TOOL_SEARCH_NAME, state: 'output-available' }),
    );
    expect(serverNamed('Calendar').calls).toEqual([]);

    const approved: UIMessage = {
      ...asked,
      parts: asked.parts.map((part) =>
        part === call
          ? { ...call, state: 'approval-responded', approval: { ...call.approval, approved: true } }
          : part,
      ),
    };
    const chunks = await collect(await send(transport, [question, approved]));
    expect(streamedText(chunks)).toBe('Deleted the standup.');
    expect(serverNamed('Calendar').calls).toEqual([
      { name: 'delete_event', arguments: { id: 'standup' } },
    ]);
    const defined = model.requests
      .filter((request) => request.api === 'chat')
      .map((request) => definedTools(request.body));
    expect(defined).toHaveLength(3);
    // The request after the approval starts with what the chat loaded: no search again.
    expect(defined[2]).toContain(remove);
    expect(defined[2]![0]).toBe(TOOL_SEARCH_NAME);
    for (const tools of defined) expect(tools.length).toBeLessThanOrEqual(200);
  });
});

function settingsFor(provider: 'compatible', baseUrl: string): ModelSettings {
  return { provider, baseUrl, model: 'scripted-model' };
}
