import { describe, expect, it } from 'vitest';
import { MAX_ICON_BYTES, validateCustomServerInput } from '../../../src/mcp/custom-server-input';
import { isLoopbackHost } from '../../../src/net/private-network';
import type { ServerConfig } from '../../../src/mcp/catalog';

const existing: ServerConfig[] = [
  {
    id: 'notion',
    name: 'Notion',
    url: 'https://mcp.notion.com/mcp',
    description: '',
    requiresAuthentication: true,
    isCustom: false,
  },
];

function errorOf(run: () => unknown): { field?: string; message: string } {
  try {
    run();
  } catch (error) {
    const { details, message } = error as { details: { field?: string }; message: string };
    return { ...(details.field ? { field: details.field } : {}), message };
  }
  throw new Error('expected a validation error');
}

describe('validateCustomServerInput', () => {
  it('normalizes a valid server', () => {
    expect(
      validateCustomServerInput(
        {
          name: '  Tracker ',
          url: 'https://mcp.example.com/mcp#frag',
          headers: [
            { key: 'X-Api-Key', value: ' k ' },
            { key: '', value: '' },
          ],
        },
        existing,
      ),
    ).toEqual({
      name: 'Tracker',
      url: 'https://mcp.example.com/mcp',
      description: 'Custom server at mcp.example.com',
      headers: [{ key: 'X-Api-Key', value: 'k' }],
    });
  });

  it.each([
    [{ name: '', url: 'https://a.example/mcp' }, 'name', 'Give the server a name.'],
    [
      { name: 'notion', url: 'https://a.example/mcp' },
      'name',
      'A server named "notion" already exists. Pick another name.',
    ],
    [
      { name: 'A', url: 'not a url' },
      'url',
      '"not a url" is not a valid URL. Include the scheme, e.g. https://example.com/mcp.',
    ],
    [
      { name: 'A', url: 'http://example.com/mcp' },
      'url',
      'Plain http is only allowed for servers on this machine or your own network (a private address, or a name ending in .local, .lan, .internal or .home.arpa). Use https:// for example.com.',
    ],
    [
      { name: 'A', url: 'https://mcp.notion.com/mcp/' },
      'url',
      'A server with this URL is already in your list.',
    ],
    [
      { name: 'A', url: 'https://user:pw@a.example/mcp' },
      'url',
      'Put credentials in a header, not in the URL.',
    ],
    [
      { name: 'A', url: 'https://a.example/mcp', headers: [{ key: 'Bad Header', value: 'x' }] },
      'headers.0.key',
      '"Bad Header" is not a valid header name: use letters, digits and - only.',
    ],
    [
      {
        name: 'A',
        url: 'https://a.example/mcp',
        headers: [{ key: 'X-A', value: 'one\r\nInjected: yes' }],
      },
      'headers.0.value',
      'The value of X-A contains a line break; paste it on one line.',
    ],
    [
      {
        name: 'A',
        url: 'https://a.example/mcp',
        headers: [
          { key: 'X-A', value: '1' },
          { key: 'x-a', value: '2' },
        ],
      },
      'headers.1.key',
      'The header x-a is listed twice.',
    ],
    [
      { name: 'A', url: 'https://a.example/mcp', headers: [{ key: 'Mcp-Session-Id', value: '1' }] },
      'headers.0.key',
      'Patchbay sets Mcp-Session-Id itself; remove this header.',
    ],
    [
      { name: 'A', url: 'https://a.example/mcp', headers: [{ key: 'X-Key', value: ' ' }] },
      'headers.0.value',
      'Enter a value for X-Key, or remove the header.',
    ],
    [
      { name: 'A', url: 'https://a.example/mcp', iconDataUrl: 'data:text/html;base64,PGI+' },
      'iconDataUrl',
      'The icon must be a PNG, JPEG or SVG image.',
    ],
    [
      { name: 'A', url: 'https://a.example/mcp', oauth: { clientSecret: 's' } },
      'oauth.clientId',
      'A client secret needs its client ID.',
    ],
  ])('rejects %j', (input, field, message) => {
    expect(errorOf(() => validateCustomServerInput(input, existing))).toEqual({ field, message });
  });

  /** A data URL of `bytes` bytes: its base64 ends in "==", "=" or nothing by the byte count. */
  const iconOf = (type: string, bytes: number) =>
    `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

  it.each([
    ['image/png', MAX_ICON_BYTES - 2, '='],
    ['image/jpeg', MAX_ICON_BYTES - 1, ''],
    ['image/svg+xml', MAX_ICON_BYTES, '=='],
  ])('keeps an icon of type %s and %i bytes (base64 padding "%s")', (type, bytes, padding) => {
    const icon = iconOf(type, bytes);
    expect(icon.slice(-2).replace(/[^=]/g, '')).toBe(padding);
    expect(
      validateCustomServerInput(
        { name: 'A', url: 'https://a.example/mcp', iconDataUrl: icon },
        existing,
      ).iconDataUrl,
    ).toBe(icon);
  });

  it.each([
    [MAX_ICON_BYTES + 1, '=', 'The icon is 65 KB; the limit is 64 KB.'],
    [MAX_ICON_BYTES + 2, '', 'The icon is 65 KB; the limit is 64 KB.'],
    [MAX_ICON_BYTES + 3, '==', 'The icon is 65 KB; the limit is 64 KB.'],
    [80 * 1024, '=', 'The icon is 80 KB; the limit is 64 KB.'],
  ])(
    'refuses an icon of %i bytes (base64 padding "%s") with its size',
    (bytes, padding, message) => {
      const icon = iconOf('image/png', bytes);
      expect(icon.slice(-2).replace(/[^=]/g, '')).toBe(padding);
      expect(
        errorOf(() =>
          validateCustomServerInput(
            { name: 'A', url: 'https://a.example/mcp', iconDataUrl: icon },
            existing,
          ),
        ),
      ).toEqual({ field: 'iconDataUrl', message });
    },
  );

  it('refuses secrets in the query string and points at headers', () => {
    for (const url of [
      'https://mcp.example.com/mcp?api_key=sk-123',
      'https://mcp.example.com/mcp?team=a&access_token=t',
      'https://mcp.example.com/sse?Token=t',
    ]) {
      expect(() => validateCustomServerInput({ name: 'Keyed', url }, existing)).toThrow(
        /looks like a secret .* in its query string.*Send it in a header instead/,
      );
    }
    expect(
      validateCustomServerInput(
        { name: 'Plain', url: 'https://mcp.example.com/mcp?workspace=docs' },
        existing,
      ).url,
    ).toBe('https://mcp.example.com/mcp?workspace=docs');
  });

  it('allows plain http only to loopback hosts', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    // The extension's CSP can name only these two; an IPv6 literal cannot appear in it.
    expect(isLoopbackHost('[::1]')).toBe(false);
    expect(isLoopbackHost('127.0.0.2')).toBe(false);
    expect(isLoopbackHost('127.example.com')).toBe(false);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
    expect(
      validateCustomServerInput({ name: 'Local', url: 'http://localhost:3000/mcp' }, existing).url,
    ).toBe('http://localhost:3000/mcp');
  });
  it.each([
    [
      { name: 'A'.repeat(61), url: 'https://a.example/mcp' },
      'name',
      'Keep the name under 60 characters.',
    ],
    [{ name: 'A', url: '   ' }, 'url', 'Enter the server URL, e.g. https://example.com/mcp.'],
    [
      { name: 'A', url: 'https://user@a.example/mcp' },
      'url',
      'Put credentials in a header, not in the URL.',
    ],
    [
      { name: 'A', url: 'https://:pw@a.example/mcp' },
      'url',
      'Put credentials in a header, not in the URL.',
    ],
    [
      { name: 'A', url: 'https://a.example/mcp?key=k' },
      'url',
      'The URL carries what looks like a secret ("key") in its query string, where it would be shown and exported with the server. Send it in a header instead (Authorization, or the header the server documents).',
    ],
    [
      { name: 'A', url: 'https://mcp.notion.com/mcp//' },
      'url',
      'A server with this URL is already in your list.',
    ],
    [
      {
        name: 'A',
        url: 'https://a.example/mcp',
        iconDataUrl: `data:image/png;base64,${Buffer.alloc(66561, 7).toString('base64')}`,
      },
      'iconDataUrl',
      'The icon is 66 KB; the limit is 64 KB.',
    ],
  ])('rejects boundary input %#', (input, field, message) => {
    expect(errorOf(() => validateCustomServerInput(input, existing))).toEqual({ field, message });
  });

  it.each([
    [
      { name: 'B'.repeat(60), url: 'https://a.example/mcp' },
      {
        name: 'B'.repeat(60),
        url: 'https://a.example/mcp',
        description: 'Custom server at a.example',
      },
    ],
    [
      {
        name: 'A',
        url: 'https://a.example/mcp',
        headers: [{ key: ' X-Key ', value: 'v' }],
        oauth: { clientId: ' id ', clientSecret: ' s ', scopes: [' a ', ' ', 'b'] },
      },
      {
        name: 'A',
        url: 'https://a.example/mcp',
        description: 'Custom server at a.example',
        headers: [{ key: 'X-Key', value: 'v' }],
        oauth: { clientId: 'id', clientSecret: 's', scopes: ['a', 'b'] },
      },
    ],
    [
      { name: 'A', url: 'https://a.example/mcp', oauth: { clientId: '  ', scopes: [' '] } },
      { name: 'A', url: 'https://a.example/mcp', description: 'Custom server at a.example' },
    ],
  ])('normalizes %#', (input, expected) => {
    expect(validateCustomServerInput(input, existing)).toStrictEqual(expected);
  });

  it('ignores a stored server whose URL does not parse', () => {
    const broken: ServerConfig = { ...existing[0]!, id: 'x', name: 'Broken', url: 'not a url' };
    expect(
      validateCustomServerInput({ name: 'A', url: 'https://a.example/mcp' }, [broken]).url,
    ).toBe('https://a.example/mcp');
  });
});

describe('a server on the person’s own network', () => {
  it.each([
    'http://homeassistant.local:8123/api/mcp',
    'http://192.168.1.20:8080/mcp',
    'http://10.0.0.5/mcp',
    'http://[fd00::5]:8123/mcp',
  ])('may use plain http: %s', (url) => {
    expect(validateCustomServerInput({ name: 'Home', url }, existing).url).toBe(new URL(url).href);
  });
});
