import { describe, expect, it } from 'vitest';
import { exportServers, parseServerImport } from '../../../src/mcp/import-export';
import type { ServerConfig } from '../../../src/mcp/catalog';

const existing = [{ name: 'Notion', url: 'https://mcp.notion.com/mcp' }];

describe('parseServerImport', () => {
  it('reads the mcpServers shape with per-entry results', () => {
    const entries = parseServerImport(
      JSON.stringify({
        mcpServers: {
          docs: {
            url: 'https://docs.example.com/mcp',
            type: 'http',
            headers: { 'X-Api-Key': 'k' },
          },
          legacy: { type: 'sse', url: 'https://legacy.example.com/sse' },
          local: { command: 'npx', args: ['server'] },
          notion: { url: 'https://mcp.notion.com/mcp' },
          plain: { url: 'http://example.com/mcp' },
          twin: { url: 'https://docs.example.com/mcp' },
        },
      }),
      existing,
    );
    expect(entries).toEqual([
      {
        name: 'docs',
        payload: {
          name: 'docs',
          url: 'https://docs.example.com/mcp',
          headers: [{ key: 'X-Api-Key', value: 'k' }],
        },
      },
      { name: 'legacy', payload: { name: 'legacy', url: 'https://legacy.example.com/sse' } },
      {
        name: 'local',
        error:
          'This runs a local program (stdio); Patchbay connects to remote servers by URL only.',
      },
      { name: 'notion', error: 'A server named "notion" already exists. Pick another name.' },
      {
        name: 'plain',
        error:
          'Plain http is only allowed for servers on this machine or your own network (a private address, or a name ending in .local, .lan, .internal or .home.arpa). Use https:// for example.com.',
      },
      { name: 'twin', error: 'A server with this URL is already in your list.' },
    ]);
  });

  it('accepts VS Code’s "servers" key', () => {
    expect(parseServerImport('{"servers":{"a":{"url":"https://a.example/mcp"}}}', [])).toEqual([
      { name: 'a', payload: { name: 'a', url: 'https://a.example/mcp' } },
    ]);
  });

  it.each<[string, string, string | RegExp]>([
    ['text that is not JSON', '{nope', /not valid JSON/],
    ['an array', '[1,2]', 'Expected a JSON object with "mcpServers".'],
    ['an object without servers', '{"name":"x"}', /mcpServers/],
  ])('says what is wrong with %s', (_name, text, message) => {
    expect(() => parseServerImport(text, [])).toThrow(message);
  });
});

describe('exportServers', () => {
  it('exports custom servers without header values or OAuth secrets', () => {
    const servers: ServerConfig[] = [
      {
        id: 'notion',
        name: 'Notion',
        url: 'https://mcp.notion.com/mcp',
        description: '',
        requiresAuthentication: true,
        isCustom: false,
      },
      {
        id: 'custom-1',
        name: 'Docs',
        url: 'https://docs.example.com/sse',
        description: '',
        requiresAuthentication: true,
        isCustom: true,
        transport: 'sse',
        headers: [{ key: 'Authorization', value: 'Bearer secret-value' }],
        oauth: { clientId: 'id', clientSecret: 'client-secret' },
      },
    ];
    const exported = exportServers(servers);
    expect(exported).toEqual({
      mcpServers: {
        Docs: {
          type: 'sse',
          url: 'https://docs.example.com/sse',
          headers: { Authorization: '<Authorization>' },
        },
      },
    });
    expect(JSON.stringify(exported)).not.toMatch(/secret/);
  });
});

describe('the shapes an import may take', () => {
  it.each([
    [
      'a bare map of names to servers',
      { a: { url: 'https://a.example/mcp' }, b: { command: 'npx' } },
      [
        { name: 'a', payload: { name: 'a', url: 'https://a.example/mcp' } },
        { name: 'b', error: expect.stringContaining('local program') },
      ],
    ],
    [
      'an entry that is not an object',
      { mcpServers: { a: 'https://a.example/mcp', b: ['x'], c: null } },
      [
        { name: 'a', error: 'The entry is not an object.' },
        { name: 'b', error: 'The entry is not an object.' },
        { name: 'c', error: 'The entry is not an object.' },
      ],
    ],
    [
      'serverUrl in place of url, and url first when both are there',
      {
        mcpServers: {
          a: { serverUrl: 'https://a.example/mcp' },
          b: { url: 'https://b.example/mcp', serverUrl: 'https://other.example/mcp' },
        },
      },
      [
        { name: 'a', payload: { name: 'a', url: 'https://a.example/mcp' } },
        { name: 'b', payload: { name: 'b', url: 'https://b.example/mcp' } },
      ],
    ],
    [
      'no url, an empty one, or one that is not text',
      {
        mcpServers: {
          a: { type: 'http' },
          b: { url: '' },
          c: { url: 42 },
          d: { serverUrl: 42 },
          e: { url: 42, serverUrl: 'https://e.example/mcp' },
        },
      },
      [
        { name: 'a', error: 'The entry has no "url".' },
        { name: 'b', error: 'The entry has no "url".' },
        { name: 'c', error: 'The entry has no "url".' },
        { name: 'd', error: 'The entry has no "url".' },
        { name: 'e', payload: { name: 'e', url: 'https://e.example/mcp' } },
      ],
    ],
    [
      'header values that are not text, made text; headers that are not a map, left out',
      {
        mcpServers: {
          a: { url: 'https://a.example/mcp', headers: { 'X-Team': 7 } },
          b: { url: 'https://b.example/mcp', headers: ['X-Team: 7'] },
          c: { url: 'https://c.example/mcp', headers: {} },
        },
      },
      [
        {
          name: 'a',
          payload: {
            name: 'a',
            url: 'https://a.example/mcp',
            headers: [{ key: 'X-Team', value: '7' }],
          },
        },
        { name: 'b', payload: { name: 'b', url: 'https://b.example/mcp' } },
        { name: 'c', payload: { name: 'c', url: 'https://c.example/mcp' } },
      ],
    ],
    [
      'the same server twice in one import: the second is refused',
      {
        mcpServers: {
          first: { url: 'https://a.example/mcp' },
          second: { url: 'https://a.example/mcp/' },
          First: { url: 'https://c.example/mcp' },
        },
      },
      [
        { name: 'first', payload: { name: 'first', url: 'https://a.example/mcp' } },
        { name: 'second', error: 'A server with this URL is already in your list.' },
        { name: 'First', error: 'A server named "First" already exists. Pick another name.' },
      ],
    ],
  ])('%s', (_case, json, expected) => {
    expect(parseServerImport(JSON.stringify(json), [])).toStrictEqual(expected);
  });

  it.each([
    ['an empty object', '{}'],
    [
      'a map whose values are not all servers',
      '{"a":{"url":"https://a.example/mcp"},"b":{"name":"x"}}',
    ],
    ['a map of text', '{"a":"https://a.example/mcp"}'],
    ['mcpServers that is not a map', '{"mcpServers":["a"]}'],
    ['null', 'null'],
  ])('refuses %s, saying which shape it expects', (_case, text) => {
    expect(() => parseServerImport(text, [])).toThrow(
      /^Expected a JSON object with "mcpServers"( \(or "servers"\), mapping names to \{ "url": … \})?\.$/,
    );
  });

  it('quotes the parser’s own words for text that is not JSON, and keeps its error as the cause', () => {
    let parserError: unknown;
    try {
      JSON.parse('{nope');
    } catch (error) {
      parserError = error;
    }
    let thrown: unknown;
    try {
      parseServerImport('{nope', []);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(
      `This is not valid JSON: ${(parserError as Error).message}`,
    );
    expect((thrown as Error).cause).toBeInstanceOf(SyntaxError);
    expect(((thrown as Error).cause as Error).message).toBe((parserError as Error).message);
  });
});

describe('what an export holds', () => {
  const server = (overrides: Partial<ServerConfig>): ServerConfig => ({
    id: 'custom-1',
    name: 'Docs',
    url: 'https://docs.example.com/mcp',
    description: '',
    requiresAuthentication: false,
    isCustom: true,
    ...overrides,
  });

  it.each([
    ['no transport named', {}, { type: 'http', url: 'https://docs.example.com/mcp' }],
    [
      'Streamable HTTP',
      { transport: 'streamable-http' as const },
      { type: 'http', url: 'https://docs.example.com/mcp' },
    ],
    [
      'legacy SSE',
      { transport: 'sse' as const },
      { type: 'sse', url: 'https://docs.example.com/mcp' },
    ],
    [
      'an empty header list',
      { headers: [] },
      { type: 'http', url: 'https://docs.example.com/mcp' },
    ],
    [
      'two headers',
      {
        headers: [
          { key: 'X-Api-Key', value: 'k-1' },
          { key: 'X-Team', value: 'blue' },
        ],
      },
      {
        type: 'http',
        url: 'https://docs.example.com/mcp',
        headers: { 'X-Api-Key': '<X-Api-Key>', 'X-Team': '<X-Team>' },
      },
    ],
  ])('%s', (_case, overrides, expected) => {
    expect(exportServers([server(overrides)])).toStrictEqual({ mcpServers: { Docs: expected } });
  });
});
