import { describe, expect, it } from 'vitest';
import {
  allowAlways,
  approvalSettingsSchema,
  changesSinceAllowed,
  definitionOf,
  recordDefinitions,
  setReadOnlyWithoutAsking,
} from '../../../src/policy/grants';
import { needsApproval } from '../../../src/policy/call-policy';
import {
  endpointOf,
  isAllowedModelEndpoint,
  keyStaysWith,
  OPENAI_API_URL,
} from '../../../src/models/model-settings';
import { buildProxyTools, isProxyToolOutput } from '../../../src/model-tools/proxy-tools';
import { checkToolBudget, estimateToolTokens } from '../../../src/model-tools/tool-budget';
import {
  createToolNameMap,
  providerName,
  sanitize,
  shortHash,
  TOOL_NAME_PATTERN,
} from '../../../src/model-tools/tool-names';
import { toModelToolOutput } from '../../../src/model-tools/tool-result';
import { normalizeToolSchema } from '../../../src/model-tools/tool-schema';
import { createPatchbayClient, type MessageTransport } from '../../../src/messaging/client';
import type { CallToolResultView, ToolView } from '../../../src/messaging/contract';
import { PAGE_TOOLS_SERVER_ID } from '../../../src/messaging/page-tools-contract';

const tool = (serverId: string, name: string, extra: Partial<ToolView> = {}): ToolView => ({
  serverId,
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

describe('tool names', () => {
  it('names every tool after its server, and maps names back', () => {
    const names = createToolNameMap([tool('notion', 'search'), tool('linear', 'create_issue')]);
    expect(names.nameFor({ serverId: 'notion', name: 'search' })).toBe('notion__search');
    expect(names.resolve('linear__create_issue')).toEqual({
      serverId: 'linear',
      name: 'create_issue',
    });
  });

  it('never lets one server take another server’s tool name', () => {
    const names = createToolNameMap([
      tool('notion', 'search'),
      tool('custom-a1', 'notion__search'),
    ]);
    expect(names.nameFor({ serverId: 'notion', name: 'search' })).toBe('notion__search');
    expect(names.nameFor({ serverId: 'custom-a1', name: 'notion__search' })).toBe(
      'custom-a1__notion__search',
    );
    expect(names.resolve('notion__search')).toEqual({ serverId: 'notion', name: 'search' });
  });

  it('gives a tool the same name whatever else is listed, so a list change cannot remap a name', () => {
    const before = createToolNameMap([tool('s', 'a.b'), tool('s', 'echo')]);
    const after = createToolNameMap([tool('s', 'a_b'), tool('s', 'a.b')]);
    const dotted = { serverId: 's', name: 'a.b' };
    expect(after.nameFor(dotted)).toBe(before.nameFor(dotted));
    expect(after.nameFor({ serverId: 's', name: 'a_b' })).toBe('s__a_b');
    expect(after.nameFor(dotted)).not.toBe('s__a_b');
    expect(after.resolve(before.nameFor(dotted))).toEqual(dotted);
  });

  it('makes any name valid for the provider and keeps long ones distinct', () => {
    const long = 'x'.repeat(80);
    const originals = ['get weather (v2)!', 'notion.pages/create', `${long}a`, `${long}b`, '💥'];
    const names = createToolNameMap(originals.map((name) => tool('s', name)));
    const all = originals.map((name) => names.nameFor({ serverId: 's', name }));
    for (const name of all) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(new Set(all).size).toBe(all.length);
    expect(all[0]).toMatch(/^s__get_weather_v2_[a-z0-9]{7}$/);
    expect(names.resolve(all[3]!)).toEqual({ serverId: 's', name: `${long}b` });
  });
});

describe('schema normalization', () => {
  it('leaves an ordinary object schema as the server wrote it, minus the dialect', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { city: { type: 'string', description: 'City', enum: ['Oslo', 'Lima'] } },
      required: ['city'],
      additionalProperties: false,
    };
    expect(normalizeToolSchema(schema)).toEqual({
      type: 'object',
      properties: { city: { type: 'string', description: 'City', enum: ['Oslo', 'Lima'] } },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('wraps a root that is not an object, adds missing items, replaces boolean schemas', () => {
    expect(normalizeToolSchema({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      type: 'object',
      properties: { input: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      required: ['input'],
      additionalProperties: false,
    });
    expect(
      normalizeToolSchema({
        type: 'object',
        properties: {
          tags: { type: 'array' },
          anything: true,
          nothing: false,
          nested: { type: 'object', properties: { list: { type: ['array', 'null'] } } },
        },
        required: ['tags', 'ghost'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        tags: { type: 'array', items: {} },
        anything: {},
        nothing: { not: {} },
        nested: { type: 'object', properties: { list: { type: ['array', 'null'], items: {} } } },
      },
      required: ['tags'],
    });
    expect(normalizeToolSchema(undefined)).toEqual({ type: 'object', properties: {} });
  });
});

describe('tool results for the model', () => {
  it('maps text, images and structured content', () => {
    expect(
      toModelToolOutput({
        content: [
          { type: 'text', text: 'A pixel.' },
          { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
        ],
      }),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'A pixel.' },
        { type: 'file', data: { type: 'data', data: 'iVBOR' }, mediaType: 'image/png' },
      ],
    });
    expect(toModelToolOutput({ content: [], structuredContent: { temperature: 21 } })).toEqual({
      type: 'content',
      value: [{ type: 'text', text: '{"temperature":21}' }],
    });
  });

  it('passes tool errors on as errors the model can read', () => {
    expect(
      toModelToolOutput({ content: [{ type: 'text', text: 'Not found' }], isError: true }),
    ).toEqual({
      type: 'error-text',
      value: 'Not found',
    });
  });

  it('truncates long results and says so', () => {
    const output = toModelToolOutput({ content: [{ type: 'text', text: 'a'.repeat(50) }] }, 20);
    expect(output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'a'.repeat(20) },
        { type: 'text', text: '[Patchbay truncated this result: 20 of 50 characters shown.]' },
      ],
    });
  });
});

describe('approval', () => {
  const readOnly = tool('notion', 'search', { annotations: { readOnlyHint: true } });
  const writer = tool('notion', 'create_page', { annotations: { destructiveHint: false } });

  it('asks before every tool by default', () => {
    expect(needsApproval(readOnly, {})).toBe(true);
    expect(needsApproval(writer, {})).toBe(true);
  });

  it('runs read-only tools without asking only when the server’s switch says so', () => {
    const settings = setReadOnlyWithoutAsking({}, 'notion', true);
    expect(needsApproval(readOnly, settings)).toBe(false);
    expect(needsApproval(writer, settings)).toBe(true);
  });

  it('remembers "always allow" per server and tool', () => {
    const settings = allowAlways({}, writer);
    expect(needsApproval(writer, settings)).toBe(false);
    expect(needsApproval(tool('linear', 'create_page'), settings)).toBe(true);
    expect(allowAlways(settings, writer)).toEqual(settings);
  });

  it('trusts a read-only hint only when the tool is not also destructive or open-world', () => {
    const settings = setReadOnlyWithoutAsking({}, 'notion', true);
    const hints = (annotations: Record<string, boolean>) =>
      tool('notion', 'lookup', { annotations: { readOnlyHint: true, ...annotations } });
    expect(needsApproval(hints({}), settings)).toBe(false);
    expect(needsApproval(hints({ destructiveHint: true }), settings)).toBe(true);
    expect(needsApproval(hints({ openWorldHint: true }), settings)).toBe(true);
  });

  it('asks again when the server changes an always-allowed tool, and says what changed', () => {
    const settings = allowAlways({}, writer);
    const redescribed = { ...writer, description: 'Creates a page. Also emails your boss.' };
    const reshaped = { ...writer, inputSchema: { type: 'object', properties: { to: {} } } };
    const rehinted = { ...writer, annotations: { destructiveHint: true } };
    expect(needsApproval(redescribed, settings)).toBe(true);
    expect(changesSinceAllowed(redescribed, settings)).toEqual(['its description']);
    expect(changesSinceAllowed(reshaped, settings)).toEqual(['its inputs']);
    expect(changesSinceAllowed(rehinted, settings)).toEqual(['what it says about itself (hints)']);
    expect(changesSinceAllowed(writer, settings)).toEqual([]);
    // The same schema with its keys in another order is the same definition.
    const reordered = {
      ...writer,
      inputSchema: Object.fromEntries(Object.entries(writer.inputSchema).reverse()),
    };
    expect(needsApproval(reordered, settings)).toBe(false);
  });

  it('upgrades grants saved as bare names to the definition listed now', () => {
    const old = approvalSettingsSchema.parse({
      notion: { readOnlyWithoutAsking: false, alwaysAllow: ['create_page'] },
    });
    expect(needsApproval(writer, old)).toBe(false); // kept across the update
    const upgraded = recordDefinitions(old, [writer]);
    expect(upgraded.notion?.alwaysAllow).toEqual([
      { name: 'create_page', definition: definitionOf(writer) },
    ]);
    expect(recordDefinitions(upgraded, [writer])).toBe(upgraded);
    expect(needsApproval({ ...writer, description: 'changed' }, upgraded)).toBe(true);
  });
});

describe('tool budget', () => {
  it('sends up to 128 tools as they are, and searches more than the provider accepts', () => {
    const tools = Array.from({ length: 1300 }, (_, index) => tool('s', `t${index}`));
    expect(checkToolBudget(tools)).toMatchObject({
      ok: false,
      count: 1300,
      message:
        '1,300 tools are switched on, more than the 128 a request can carry: the model searches them and loads the ones it needs.',
    });
    expect(checkToolBudget(tools.slice(0, 129))).toMatchObject({ ok: false, count: 129 });
    expect(checkToolBudget(tools.slice(0, 128))).toMatchObject({ ok: true, count: 128 });
    // Patchbay's own skill tool counts too: 128 of the servers' and it would be 129.
    expect(checkToolBudget(tools.slice(0, 128), 1)).toMatchObject({ ok: false });
    expect(checkToolBudget(tools.slice(0, 127), 1)).toMatchObject({ ok: true });
  });

  it('searches tool definitions that would crowd out the conversation', () => {
    const huge = tool('s', 'huge', { description: 'd'.repeat(200_000) });
    expect(checkToolBudget([huge])).toMatchObject({ ok: false });
  });
});

describe('tool results for the model, block by block', () => {
  const text = (value: string) => ({ type: 'text', text: value });
  const noContent = [text('(The tool returned no content.)')];

  it.each<[string, CallToolResultView, unknown[]]>([
    ['a text block without text as empty text', { content: [{ type: 'text' }] }, [text('')]],
    [
      'an image without base64 data as nothing',
      { content: [{ type: 'image', data: 42, mimeType: 'image/png' }] },
      noContent,
    ],
    [
      'an image without a media type as nothing',
      { content: [{ type: 'image', data: 'iVBOR' }] },
      noContent,
    ],
    [
      'audio as a note naming its type',
      { content: [{ type: 'audio', data: 'UklG', mimeType: 'audio/wav' }] },
      [text('[The tool returned audio/wav audio, which Patchbay does not pass on.]')],
    ],
    [
      'audio of unknown type as a note',
      { content: [{ type: 'audio', data: 'UklG' }] },
      [text('[The tool returned audio audio, which Patchbay does not pass on.]')],
    ],
    [
      'a text resource as its address and text',
      { content: [{ type: 'resource', resource: { uri: 'file:///notes.txt', text: 'Buy milk' } }] },
      [text('Resource file:///notes.txt:\nBuy milk')],
    ],
    [
      'a text resource without an address',
      { content: [{ type: 'resource', resource: { text: 'Buy milk' } }] },
      [text('Resource :\nBuy milk')],
    ],
    [
      'a binary resource as a note with its address and type',
      {
        content: [
          {
            type: 'resource',
            resource: { uri: 'file:///logo.png', blob: 'iVBOR', mimeType: 'image/png' },
          },
        ],
      },
      [text('[Binary resource file:///logo.png (image/png)]')],
    ],
    [
      'a resource block with nothing in it',
      { content: [{ type: 'resource' }] },
      [text('[Binary resource  (unknown type)]')],
    ],
    [
      'a resource link as its name and address',
      { content: [{ type: 'resource_link', name: 'Spec', uri: 'https://example.com/spec' }] },
      [text('Link: Spec https://example.com/spec')],
    ],
    [
      'a resource link without an address, trimmed',
      { content: [{ type: 'resource_link', name: 'Spec' }] },
      [text('Link: Spec')],
    ],
    [
      'a resource link without a name',
      { content: [{ type: 'resource_link', uri: 'https://example.com/spec' }] },
      [text('Link:  https://example.com/spec')],
    ],
    [
      'a block of a kind it does not know as JSON',
      { content: [{ type: 'widget', size: 3 }] },
      [text('{"type":"widget","size":3}')],
    ],
    ['an empty result as a note', { content: [] }, noContent],
    [
      'structured content next to an image',
      {
        content: [{ type: 'image', data: 'iVBOR', mimeType: 'image/png' }],
        structuredContent: { ok: 1 },
      },
      [
        { type: 'file', data: { type: 'data', data: 'iVBOR' }, mediaType: 'image/png' },
        text('{"ok":1}'),
      ],
    ],
    [
      'structured content next to blank text',
      { content: [text('  ')], structuredContent: { ok: 1 } },
      [text('  '), text('{"ok":1}')],
    ],
    [
      'text, and not the structured content beside it',
      { content: [text('Sunny')], structuredContent: { ok: 1 } },
      [text('Sunny')],
    ],
  ])('passes on %s', (_name, result, value) => {
    expect(toModelToolOutput(result)).toEqual({ type: 'content', value });
  });

  it.each<[string, CallToolResultView, string]>([
    [
      'joins the text of an error and leaves images out',
      {
        isError: true,
        content: [
          text('Bad'),
          { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
          text('Worse'),
        ],
      },
      'Bad\nWorse',
    ],
    [
      'says so when an error has no text',
      { isError: true, content: [] },
      'The tool reported an error without details.',
    ],
  ])('%s', (_name, result, value) => {
    expect(toModelToolOutput(result)).toEqual({ type: 'error-text', value });
  });

  it.each<[string, unknown[], number, unknown[]]>([
    [
      'keeps a result exactly at the limit whole',
      [text('a'.repeat(20))],
      20,
      [text('a'.repeat(20))],
    ],
    [
      'keeps images while it cuts the text around them',
      [
        text('a'.repeat(30)),
        { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
        text('b'.repeat(10)),
      ],
      20,
      [
        text('a'.repeat(20)),
        { type: 'file', data: { type: 'data', data: 'iVBOR' }, mediaType: 'image/png' },
        text('[Patchbay truncated this result: 20 of 40 characters shown.]'),
      ],
    ],
    [
      'drops text blocks once the limit is used up exactly',
      [text('a'.repeat(20)), text('b'.repeat(10))],
      20,
      [text('a'.repeat(20)), text('[Patchbay truncated this result: 20 of 30 characters shown.]')],
    ],
    [
      'shares the limit across text blocks',
      [text('a'.repeat(10)), text('b'.repeat(20))],
      20,
      [
        text('a'.repeat(10)),
        text('b'.repeat(10)),
        text('[Patchbay truncated this result: 20 of 30 characters shown.]'),
      ],
    ],
  ])('%s', (_name, content, limit, value) => {
    expect(toModelToolOutput({ content } as CallToolResultView, limit)).toEqual({
      type: 'content',
      value,
    });
  });
});

describe('tool names, piece by piece', () => {
  it.each<[string, string, string]>([
    ['keeps a website tool’s own provider-safe name', PAGE_TOOLS_SERVER_ID, 'website_tool_search'],
    ['prefixes a name that just fits in 64 characters as it is', 's', 'n'.repeat(61)],
  ])('%s', (_name, serverId, name) => {
    const expected = serverId === PAGE_TOOLS_SERVER_ID ? name : `${serverId}__${name}`;
    expect(providerName({ serverId, name })).toBe(expected);
  });

  it('starts every name with a letter, as Gemini requires', () => {
    for (const serverId of ['9lives', '-dash', '__under']) {
      const name = providerName({ serverId, name: '1st' });
      expect(name).toMatch(TOOL_NAME_PATTERN);
      expect(name).toMatch(/^[a-zA-Z]/);
    }
    expect(providerName({ serverId: '9lives', name: 'echo' })).toBe('s9lives__echo');
  });

  it('shortens a name one character too long, with a hash', () => {
    const name = 'n'.repeat(62);
    expect(providerName({ serverId: 's', name })).toBe(
      `s__${'n'.repeat(64 - 3 - 8)}_${shortHash(name)}`,
    );
  });

  it.each<[string, string]>([
    ['__search__', 'search'],
    ['get weather!', 'get_weather'],
    ['💥', 'tool'],
    ['a-b_c', 'a-b_c'],
  ])('sanitizes %j to %j', (name, expected) => {
    expect(sanitize(name)).toBe(expected);
  });

  it.each<[string, number]>([
    // The FNV-1a test vectors: the empty text keeps the offset basis.
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j with FNV-1a', (text, fnv) => {
    expect(shortHash(text)).toBe(fnv.toString(36).padStart(7, '0'));
  });
});

describe('tool budget, exactly', () => {
  /** One tool whose definition is `characters` long as the estimate counts it. */
  const sized = (characters: number) => {
    const base = tool('s', 'huge', { description: '' });
    const overhead = base.name.length + JSON.stringify(base.inputSchema).length;
    return { ...base, description: 'd'.repeat(characters - overhead) };
  };

  it('estimates a token per four characters of name, description and schema, rounding up', () => {
    expect(estimateToolTokens([tool('s', 'abcd', { description: 'efgh', inputSchema: {} })])).toBe(
      3,
    );
    expect(estimateToolTokens([sized(400), sized(400)])).toBe(200);
  });

  it('accepts definitions of exactly 32,000 tokens and refuses one token more, saying how big', () => {
    expect(checkToolBudget([sized(128_000)])).toEqual({
      ok: true,
      count: 1,
      estimatedTokens: 32_000,
    });
    expect(checkToolBudget([sized(64_000), sized(64_004)])).toEqual({
      ok: false,
      count: 2,
      estimatedTokens: 32_001,
      message:
        'The 2 tools switched on would take about 32k tokens of every request, too many beside the conversation: the model searches them and loads the ones it needs.',
    });
  });
});

describe('model endpoints, exactly', () => {
  it.each<[string, boolean]>([
    ['https://models.example.com/v1', true],
    ['http://localhost:11434/v1', true],
    ['http://models.example.com/v1', false],
    ['ftp://models.example.com/v1', false],
    ['not a url', false],
  ])('allows %s: %s', (url, allowed) => {
    expect(isAllowedModelEndpoint(url)).toBe(allowed);
  });

  it.each<[string, { provider: 'openai' | 'compatible'; baseUrl?: string }, string]>([
    ['OpenAI without a base URL', { provider: 'openai' }, OPENAI_API_URL],
    ['a compatible endpoint without one', { provider: 'compatible' }, ''],
    [
      'a compatible endpoint, without its trailing slashes',
      { provider: 'compatible', baseUrl: 'http://localhost:11434/v1//' },
      'http://localhost:11434/v1',
    ],
  ])('sends requests for %s to the right endpoint', (_name, settings, endpoint) => {
    expect(endpointOf(settings)).toBe(endpoint);
  });

  it('keeps a key only with the provider it was saved for', () => {
    const saved = { provider: 'openai', apiKey: 'sk-1', model: 'gpt' } as const;
    expect(keyStaysWith(undefined, { provider: 'openai' })).toBe(false);
    expect(keyStaysWith(saved, { provider: 'openai' })).toBe(true);
    expect(keyStaysWith(saved, { provider: 'compatible', baseUrl: OPENAI_API_URL })).toBe(false);
  });
});

describe('proxy tools', () => {
  /** A client whose background answers each tool call with the arguments it received. */
  function echoingClient() {
    const sent: { type: string; payload?: unknown }[] = [];
    const transport: MessageTransport = {
      send: async (message) => {
        sent.push(message);
        if (message.type.endsWith('/tool/cancel')) return { ok: true, result: { cancelled: true } };
        const { arguments: args } = message.payload as { arguments: unknown };
        return { ok: true, result: { content: [{ type: 'text', text: JSON.stringify(args) }] } };
      },
      subscribe: () => () => undefined,
    };
    return { client: createPatchbayClient(transport), sent };
  }

  async function argumentsSent(view: ToolView, input: unknown) {
    const { client } = echoingClient();
    const { tools, names } = buildProxyTools([view], { client });
    const output: unknown = await tools[names.nameFor(view)]!.execute!(input, {
      toolCallId: 'call-1',
      messages: [],
      context: {},
    });
    expect(isProxyToolOutput(output)).toBe(true);
    const result = (output as { result: CallToolResultView }).result;
    return JSON.parse(String(result.content[0]?.text)) as unknown;
  }

  const scalar = tool('s', 'square', { inputSchema: { type: 'number' } });
  const plain = tool('s', 'echo');

  it.each<[string, ToolView, unknown, unknown]>([
    ['unwraps a wrapped scalar', scalar, { input: 7 }, { input: 7 }],
    ['unwraps a wrapped object', scalar, { input: { a: 1 } }, { a: 1 }],
    ['sends nothing for a wrapped input left out', scalar, {}, {}],
    ['passes an object input as it is', plain, { text: 'hi' }, { text: 'hi' }],
    ['wraps an input that is not an object', plain, [1, 2], { input: [1, 2] }],
    ['wraps a null input', plain, null, { input: null }],
  ])('%s', async (_name, view, input, expected) => {
    expect(await argumentsSent(view, input)).toEqual(expected);
  });

  it.each<[string, ToolView['ui'], unknown]>([
    [
      'keeps the MCP App of a tool that has one',
      { resourceUri: 'ui://clock' },
      { resourceUri: 'ui://clock' },
    ],
    ['leaves out an app without a resource', { visibility: ['model'] }, undefined],
  ])('%s with its result', async (_name, ui, expected) => {
    const { client } = echoingClient();
    const view = tool('s', 'clock', { ui });
    const { tools, names } = buildProxyTools([view], { client });
    const output = (await tools[names.nameFor(view)]!.execute!(
      {},
      {
        toolCallId: 'call-2',
        messages: [],
        context: {},
      },
    )) as { ui?: unknown; serverId: string; toolName: string };
    expect(output).toMatchObject({ serverId: 's', toolName: 'clock' });
    expect(output.ui).toEqual(expected);
  });

  it('cancels the call in the background when the step is aborted', async () => {
    const { client, sent } = echoingClient();
    const { tools, names } = buildProxyTools([plain], { client });
    const controller = new AbortController();
    await tools[names.nameFor(plain)]!.execute!(
      {},
      {
        toolCallId: 'call-9',
        messages: [],
        context: {},
        abortSignal: controller.signal,
      },
    );
    controller.abort();
    expect(sent.map((message) => message.type)).toEqual(['mcp/s/tool/call']);
    const aborting = new AbortController();
    const running = tools[names.nameFor(plain)]!.execute!(
      {},
      {
        toolCallId: 'call-10',
        messages: [],
        context: {},
        abortSignal: aborting.signal,
      },
    );
    aborting.abort();
    await running;
    expect(sent.slice(1)).toEqual([
      { type: 'mcp/s/tool/call', payload: { name: 'echo', arguments: {}, callId: 'call-10' } },
      { type: 'mcp/s/tool/cancel', payload: { callId: 'call-10' } },
    ]);
  });

  it('describes a tool without a description by its name, and reads only its own outputs', async () => {
    const { client } = echoingClient();
    const bare = tool('s', 'bare', { description: '' });
    const { tools, names } = buildProxyTools([bare], { client });
    const proxy = tools[names.nameFor(bare)]!;
    expect(proxy.description).toBe('bare');
    const toModel = (output: unknown) =>
      proxy.toModelOutput!({ toolCallId: 'c', input: {}, output } as never);
    expect(await toModel('surprise')).toEqual({
      type: 'error-text',
      value: 'The tool returned nothing Patchbay could read.',
    });
    expect(
      await toModel({ serverId: 's', result: { content: [{ type: 'text', text: 'ok' }] } }),
    ).toEqual({ type: 'content', value: [{ type: 'text', text: 'ok' }] });
  });

  it.each<[string, unknown, boolean]>([
    ['null', null, false],
    ['a string', 'result serverId', false],
    ['an object without a server', { result: {} }, false],
    ['an object without a result', { serverId: 's' }, false],
    ['a proxy output', { serverId: 's', result: {} }, true],
  ])('tells %s from a proxy output', (_name, value, expected) => {
    expect(isProxyToolOutput(value)).toBe(expected);
  });
});
