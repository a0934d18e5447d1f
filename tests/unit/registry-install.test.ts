import { describe, expect, it } from 'vitest';
import { installFields, installPayload } from '../../src/registry/install-remote';
import type { RegistryEntry, RegistryRemote } from '../../src/registry/registry-entry';

const remote: RegistryRemote = {
  type: 'streamable-http',
  url: 'https://{region}.mcp.example.com/mcp',
  variables: {
    region: { isRequired: true, isSecret: false, choices: ['eu', 'us'], default: 'eu' },
  },
  headers: [
    { name: 'X-Api-Key', isRequired: true, isSecret: true, description: 'Your key' },
    { name: 'X-Client', isRequired: false, isSecret: false, value: 'patchbay' },
    { name: 'X-Team', isRequired: false, isSecret: false },
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
  it('asks for what the publisher did not fix: URL variables, then headers', () => {
    expect(installFields(remote).map((field) => [field.key, field.input.isSecret])).toEqual([
      ['var:region', false],
      ['header:X-Api-Key', true],
      ['header:X-Team', false],
    ]);
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
  });

  it.each([
    [{}, 'header:X-Api-Key', 'Enter X-Api-Key.'],
    [
      { 'var:region': 'asia', 'header:X-Api-Key': 'k' },
      'var:region',
      'region must be one of: eu, us.',
    ],
  ])('names the field the person must fix (%o)', (values, field, message) => {
    expect(installPayload(entry, remote, values)).toEqual({ ok: false, field, message });
  });

  it('lets no variable change where the URL goes', () => {
    const open: RegistryRemote = {
      ...remote,
      variables: { region: { isRequired: true, isSecret: false } },
    };
    for (const sneaky of ['evil.com/x?', 'a@evil.com', 'eu.evil.com:443/#', 'a b']) {
      const result = installPayload(entry, open, { 'var:region': sneaky, 'header:X-Api-Key': 'k' });
      expect(result).toMatchObject({ ok: false, field: 'var:region' });
    }
    // A dot is fine: it stays inside the part the publisher wrote.
    expect(
      installPayload(entry, open, { 'var:region': 'eu.west', 'header:X-Api-Key': 'k' }),
    ).toMatchObject({ ok: true, payload: { url: 'https://eu.west.mcp.example.com/mcp' } });
  });

  it('refuses an address with a variable the entry does not describe', () => {
    const odd: RegistryRemote = { ...remote, url: 'https://{tenant}.example.com/{region}/mcp' };
    expect(installPayload(entry, odd, { 'header:X-Api-Key': 'k' })).toMatchObject({
      ok: false,
      field: 'url',
    });
  });
});
