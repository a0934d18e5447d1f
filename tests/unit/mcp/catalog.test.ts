import { describe, expect, it } from 'vitest';
import { headersOf, type ServerConfig } from '../../../src/mcp/catalog';

const server: ServerConfig = {
  id: 'custom-a',
  name: 'A',
  url: 'https://a.example/mcp',
  description: '',
  requiresAuthentication: false,
  isCustom: true,
};

describe('headersOf', () => {
  it.each<[string, ServerConfig, Record<string, string>]>([
    ['no headers', server, {}],
    [
      'two headers',
      {
        ...server,
        headers: [
          { key: 'X-A', value: '1' },
          { key: 'X-B', value: '2' },
        ],
      },
      { 'X-A': '1', 'X-B': '2' },
    ],
  ])('returns a record for %s', (_, config, expected) => {
    expect(headersOf(config)).toStrictEqual(expected);
  });
});
