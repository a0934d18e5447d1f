import { generateText, stepCountIs, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MAX_STEPS } from '../../../src/chat-turn/chat-transport';
import { MAX_TOOLS } from '../../../src/models/model-settings';
import {
  KEPT_LOADED_TOOLS,
  requestTools,
  TOOL_SEARCH_RESULTS,
  toolSearchPrompt,
} from '../../../src/tool-search/request-tools';
import { createPatchbayClient } from '../../../src/messaging/client';
import type { ToolView } from '../../../src/messaging/contract';
import { loadedToolNames } from '../../../src/tool-search/loaded-tools';
import {
  createToolIndex,
  tokenize,
  type SearchableTool,
} from '../../../src/tool-search/rank-tools';
import { foundToolNames, TOOL_SEARCH_NAME } from '../../../src/tool-search/search-tool';

const entry = (key: string, fields: Partial<SearchableTool> = {}): SearchableTool => ({
  key,
  name: key,
  description: '',
  server: 'Server',
  ...fields,
});

describe('tool search words', () => {
  it('splits names the ways servers write them, lower-cased, plurals made singular', () => {
    expect(tokenize('getForecast get_forecasts list-issues HTTPServer')).toEqual([
      'get',
      'forecast',
      'get',
      'forecast',
      'list',
      'issue',
      'http',
      'server',
    ]);
    expect(tokenize('Find the cities, addresses and boxes for my class')).toEqual([
      'find',
      'city',
      'address',
      'box',
      'class',
    ]);
    expect(tokenize('Café Übersicht 2024s')).toEqual(['café', 'übersicht', '2024s']);
  });
});

describe('tool search ranking', () => {
  const tools = [
    entry('mail__send', { name: 'send_message', description: 'Sends an email message.' }),
    entry('chat__send', { name: 'post', description: 'Posts a message to a channel.' }),
    entry('weather__list', {
      name: 'list_alerts',
      description: 'Lists weather alerts for a region.',
      server: 'Weather',
    }),
    entry('weather__forecast', {
      name: 'get_forecast',
      title: 'Forecast',
      description: 'Gets the forecast (temperature, wind, rain) for a city.',
      server: 'Weather',
    }),
  ];
  const index = createToolIndex(tools);

  it('ranks a match in the name above one in the description only', () => {
    expect(index.search('forecast', 5)).toEqual(['weather__forecast']);
    expect(index.search('message', 5)).toEqual(['mail__send', 'chat__send']);
  });

  it('weighs rare words above common ones, and reads the server’s name', () => {
    expect(index.search('weather forecast for Oslo', 5)).toEqual([
      'weather__forecast',
      'weather__list',
    ]);
    expect(index.search('Weather', 1)).toEqual(['weather__list']);
  });

  it('finds nothing for words no tool has, or a query of stop words', () => {
    expect(index.search('spreadsheet', 5)).toEqual([]);
    expect(index.search('what is the', 5)).toEqual([]);
  });

  it('keeps the tools’ order between equal scores, and keeps only those asked about', () => {
    const same = createToolIndex([entry('b', { name: 'x y' }), entry('a', { name: 'x y' })]);
    expect(same.search('x', 5)).toEqual(['b', 'a']);
    expect(index.search('message', 5, (key) => key !== 'mail__send')).toEqual(['chat__send']);
    expect(index.search('message', 1)).toEqual(['mail__send']);
  });
});

const view = (serverId: string, name: string, description = `${name} tool`): ToolView => ({
  serverId,
  name,
  description,
  inputSchema: { type: 'object', properties: {} },
});

/** `count` tools of each server `s0`, `s1`…, named `tool_0`… */
const views = (servers: number, count: number) =>
  Array.from({ length: servers }, (_, server) =>
    Array.from({ length: count }, (_, index) => view(`s${server}`, `tool_${index}`)),
  ).flat();

const searched = (toolCallId: string, names: string[]): UIMessage['parts'][number] => ({
  type: 'dynamic-tool',
  toolName: TOOL_SEARCH_NAME,
  toolCallId,
  state: 'output-available',
  input: { query: 'x' },
  output: { tools: names.map((name) => ({ name, description: name })) },
});

const called = (toolCallId: string, toolName: string): UIMessage['parts'][number] => ({
  type: 'dynamic-tool',
  toolName,
  toolCallId,
  state: 'output-available',
  input: {},
  output: {},
});

describe('tools the chat keeps loaded', () => {
  const messages: UIMessage[] = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'first' }] },
    { id: 'a1', role: 'assistant', parts: [searched('c1', ['old_a', 'old_b']), called('c2', 'x')] },
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'second' }] },
    { id: 'a2', role: 'assistant', parts: [searched('c3', ['new_a', 'gone', 'old_a'])] },
  ];

  it('keeps what searches found and what was called, most recent first, while switched on', () => {
    expect(
      loadedToolNames(messages, { isAvailable: (name) => name !== 'gone', limit: 10 }),
    ).toEqual(['new_a', 'old_a', 'x', 'old_b']);
    expect(loadedToolNames(messages, { isAvailable: () => true, limit: 2 })).toEqual([
      'new_a',
      'gone',
    ]);
  });

  it('reads only a search’s listed names', () => {
    expect(foundToolNames({ tools: [{ name: 'a' }, { name: 3 }, 'b', { name: '' }] })).toEqual([
      'a',
    ]);
    expect(foundToolNames('tools')).toEqual([]);
  });
});

const client = createPatchbayClient({
  send: async (message) => ({
    ok: true,
    result: { content: [{ type: 'text', text: `ran ${message.type}` }] },
  }),
  subscribe: () => () => undefined,
});
const serverName = (serverId: string) => `Server ${serverId}`;

describe('the request’s tools', () => {
  it('offers every tool and no search while they fit', () => {
    const { tools, search } = requestTools(views(1, 128), [], { client, serverName });
    expect(search).toBeUndefined();
    expect(Object.keys(tools)).toHaveLength(128);
    expect(Object.values(tools).some((tool) => tool.deferLoading)).toBe(false);
  });

  it('defers every tool behind the search past the budget, but those the chat loaded', () => {
    const all = views(12, 100);
    const { tools, names, search } = requestTools(
      all,
      [{ id: 'a1', role: 'assistant', parts: [called('c1', 's3__tool_7')] }],
      { client, serverName },
    );
    expect(search).toEqual({ total: 1200, servers: 12, loaded: ['s3__tool_7'] });
    expect(Object.keys(tools)).toHaveLength(1201);
    const offered = Object.entries(tools).filter(([, tool]) => !tool.deferLoading);
    expect(offered.map(([name]) => name)).toEqual([TOOL_SEARCH_NAME, 's3__tool_7']);
    expect(names.nameFor(all[0]!)).toBe('s0__tool_0');
    expect(toolSearchPrompt(search!)).toContain('1200 tools from 12 servers');
  });

  it('keeps a request within what every provider accepts, whatever the model does', () => {
    expect(1 + KEPT_LOADED_TOOLS + TOOL_SEARCH_RESULTS * MAX_STEPS).toBeLessThanOrEqual(MAX_TOOLS);
  });
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

describe('the tools of each step', () => {
  it('offers the search first, then what it found, and runs a found tool', async () => {
    const all = [
      ...views(11, 100),
      view('weather', 'get_forecast', 'Gets the weather forecast for a city.'),
      view('weather', 'list_alerts', 'Lists weather alerts.'),
    ];
    const { tools } = requestTools(all, [], { client, serverName });
    const offered: string[][] = [];
    const turns = [
      { type: 'tool-call', toolName: TOOL_SEARCH_NAME, input: { query: 'weather forecast' } },
      { type: 'tool-call', toolName: 'weather__get_forecast', input: {} },
      { type: 'text', text: 'Sunny.' },
    ] as const;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        offered.push((options.tools ?? []).map((tool) => tool.name));
        const turn = turns[offered.length - 1]!;
        return {
          content: [
            turn.type === 'text'
              ? turn
              : {
                  type: 'tool-call',
                  toolCallId: `call-${offered.length}`,
                  toolName: turn.toolName,
                  input: JSON.stringify(turn.input),
                },
          ],
          finishReason: {
            unified: turn.type === 'text' ? 'stop' : 'tool-calls',
            raw: undefined,
          },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({
      model,
      tools,
      prompt: 'Weather in Oslo?',
      stopWhen: stepCountIs(MAX_STEPS),
    });
    expect(offered).toEqual([
      [TOOL_SEARCH_NAME],
      [TOOL_SEARCH_NAME, 'weather__get_forecast', 'weather__list_alerts'],
      [TOOL_SEARCH_NAME, 'weather__get_forecast', 'weather__list_alerts'],
    ]);
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({
      tools: [
        { name: 'weather__get_forecast', description: 'Gets the weather forecast for a city.' },
        { name: 'weather__list_alerts', description: 'Lists weather alerts.' },
      ],
    });
    expect(result.steps[1]!.toolResults[0]).toMatchObject({
      toolName: 'weather__get_forecast',
      output: { serverId: 'weather', toolName: 'get_forecast' },
    });
    expect(result.text).toBe('Sunny.');
  });
});
