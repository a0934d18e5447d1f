import { describe, expect, it } from 'vitest';
import { installFields, installPayload } from '../../../src/registry/install-remote';
import type { RegistryEntry, RegistryRemote } from '../../../src/registry/registry-entry';

const remote: RegistryRemote = {
  type: 'streamable-http',
  url: 'https://{region}.mcp.example.com/mcp',
  variables: {
    region: { isRequired: true, isSecret: false, choices: ['eu', 'us'], default: 'eu' },
  },
  headers: [
    { name: 'X-Api-Key', isRequired: true, isSecret: true, description: 'Your key', variables: {} },
    { name: 'X-Client', isRequired: false, isSecret: false, value: 'patchbay', variables: {} },
    { name: 'X-Team', isRequired: false, isSecret: false, variables: {} },
  ],
};
const entry: RegistryEntry = {
  name: 'com.example/weather',
  title: 'Weather',
  description: 'Forecasts.',
  version: '2.1.0',
  publisher: 'example.com',
  remotes: [remote],
  packages: [],
  status: 'active',
};

describe('installing a registry remote', () => {
  it('asks for a name, then what the publisher did not fix: URL variables, headers', () => {
    expect(installFields(entry, remote).map((field) => [field.key, field.input.isSecret])).toEqual([
      ['name', false],
      ['var:region', false],
      ['header:X-Api-Key', true],
      ['header:X-Team', false],
    ]);
    // A long title is cut to a name's length.
    const long = { ...entry, title: 'W'.repeat(100) };
    expect(installFields(long, remote)[0]?.input.default).toHaveLength(60);
  });

  it('fills the URL and the headers, with defaults and fixed values', () => {
    expect(installPayload(entry, remote, { 'header:X-Api-Key': ' k-123 ' })).toEqual({
      ok: true,
      payload: {
        name: 'Weather',
        url: 'https://eu.mcp.example.com/mcp',
        headers: [
          { key: 'X-Api-Key', value: 'k-123' },
          { key: 'X-Client', value: 'patchbay' },
        ],
      },
    });
    expect(
      installPayload(entry, remote, { name: 'Team weather', 'header:X-Api-Key': 'k' }),
    ).toMatchObject({ ok: true, payload: { name: 'Team weather' } });
  });

  it('asks for the parts of a header’s fixed value, and fills them in', () => {
    const bearer: RegistryRemote = {
      type: 'sse',
      url: 'https://mcp.example.com/sse',
      variables: {},
      headers: [
        {
          name: 'Authorization',
          isRequired: true,
          isSecret: true,
          value: 'Bearer {api_key}',
          variables: { api_key: { isRequired: true, isSecret: true, description: 'Your key' } },
        },
      ],
    };
    expect(installFields(entry, bearer).map((field) => [field.key, field.input.isSecret])).toEqual([
      ['name', false],
      ['header:Authorization:api_key', true],
    ]);
    expect(installPayload(entry, bearer, {})).toEqual({
      ok: false,
      field: 'header:Authorization:api_key',
      message: 'Enter api_key.',
    });
    expect(installPayload(entry, bearer, { 'header:Authorization:api_key': 'sk-1' })).toMatchObject(
      {
        ok: true,
        payload: { headers: [{ key: 'Authorization', value: 'Bearer sk-1' }] },
      },
    );
  });

  it.each([
    [{}, 'header:X-Api-Key', 'Enter X-Api-Key.'],
    [
      { 'var:region': 'asia', 'header:X-Api-Key': 'k' },
      'var:region',
      'region must be one of: eu, us.',
    ],
    [{ name: ' ', 'header:X-Api-Key': 'k' }, 'name', 'Give the server a name.'],
  ])('names the field the person must fix (%o)', (values, field, message) => {
    expect(installPayload(entry, remote, values)).toEqual({ ok: false, field, message });
  });

  it('lets no variable change where the URL goes', () => {
    const open: RegistryRemote = {
      ...remote,
      variables: { region: { isRequired: true, isSecret: false } },
    };
    for (const sneaky of ['evil.com/x?', 'a@evil.com', 'eu.evil.com:443/#', 'a b']) {
      const result = installPayload(entry, open, {
        'var:region': sneaky,
        'header:X-Api-Key': 'k',
      });
      expect(result).toMatchObject({ ok: false, field: 'var:region' });
    }
    // A dot is fine: it stays inside the part the publisher wrote.
    expect(
      installPayload(entry, open, { 'var:region': 'eu.west', 'header:X-Api-Key': 'k' }),
    ).toMatchObject({ ok: true, payload: { url: 'https://eu.west.mcp.example.com/mcp' } });
  });

  it('refuses an address with a part the entry does not describe, or plain http to a network host', () => {
    const odd: RegistryRemote = { ...remote, url: 'https://{tenant}.example.com/{region}/mcp' };
    expect(installPayload(entry, odd, { 'header:X-Api-Key': 'k' })).toMatchObject({
      ok: false,
      field: 'url',
    });
    for (const url of ['http://169.254.169.254/latest', 'http://nas.local/mcp']) {
      expect(
        installPayload(entry, { ...remote, url, variables: {} }, { 'header:X-Api-Key': 'k' }),
      ).toMatchObject({ ok: false, field: 'url', message: expect.stringContaining('https only') });
    }
    expect(
      installPayload(
        entry,
        { ...remote, url: 'http://127.0.0.1:8080/mcp', variables: {} },
        { 'header:X-Api-Key': 'k' },
      ),
    ).toMatchObject({ ok: true });
  });
});
