import { describe, expect, it } from 'vitest';
import {
  allowAlways,
  approvalSettingsSchema,
  changesSinceAllowed,
  definitionOf,
  needsApproval,
  recordDefinitions,
  setReadOnlyWithoutAsking,
} from '../../src/ai/approval';
import { checkToolBudget } from '../../src/ai/tool-budget';
import { createToolNameMap, TOOL_NAME_PATTERN } from '../../src/ai/tool-names';
import { toModelToolOutput } from '../../src/ai/tool-result';
import { normalizeToolSchema } from '../../src/ai/tool-schema';
import type { ToolView } from '../../src/messaging/contract';

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
  it('refuses more tools than the provider accepts, saying how many to switch off', () => {
    const tools = Array.from({ length: 130 }, (_, index) => tool('s', `t${index}`));
    expect(checkToolBudget(tools)).toMatchObject({
      ok: false,
      count: 130,
      message:
        '130 tools are switched on, but the model accepts at most 128. Switch off 2 or more in Servers (a whole server, or single tools).',
    });
    expect(checkToolBudget(tools.slice(0, 128))).toMatchObject({ ok: true, count: 128 });
  });

  it('refuses tool definitions that would crowd out the conversation', () => {
    const huge = tool('s', 'huge', { description: 'd'.repeat(200_000) });
    expect(checkToolBudget([huge])).toMatchObject({ ok: false });
  });
});
