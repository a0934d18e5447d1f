import { describe, expect, it } from 'vitest';
import { exportServers, parseServerImport } from '../../src/mcp/import-export';
import type { ServerConfig } from '../../src/mcp/catalog';

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
          'Plain http is only allowed for servers on this machine (localhost or 127.0.0.1). Use https:// for remote servers.',
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
