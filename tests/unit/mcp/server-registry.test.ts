import { describe, expect, it } from 'vitest';
import type { UpdateServerPayload } from '../../../src/messaging/contract';
import type { ServerConfig } from '../../../src/mcp/catalog';
import { ServerRegistry } from '../../../src/mcp/registry';
import { createMemoryStore } from '../../../src/platform/memory';
import { FIXTURE_ICON } from '../../fixtures/modern-server';

const builtIn: ServerConfig = {
  id: 'notion',
  name: 'Notion',
  url: 'https://mcp.notion.com/mcp',
  description: 'Notes',
  requiresAuthentication: true,
  isCustom: false,
};

/** A custom server as stored: a header and an OAuth client whose secrets the page never sees. */
const docs: ServerConfig = {
  id: 'custom-docs',
  name: 'Docs',
  url: 'https://docs.example.com/mcp',
  description: '',
  requiresAuthentication: true,
  isCustom: true,
  headers: [{ key: 'X-Api-Key', value: 'secret-key' }],
  oauth: { clientId: 'client-1', clientSecret: 'client-secret' },
  iconDataUrl: FIXTURE_ICON,
};

const edit = (fields: Omit<UpdateServerPayload, 'id'>): UpdateServerPayload => ({
  id: docs.id,
  ...fields,
});

function registry() {
  const store = createMemoryStore({ customMcpServers: [docs] });
  return { store, registry: new ServerRegistry(store, [builtIn]) };
}

describe('editing a custom server', () => {
  it.each<[string, Omit<UpdateServerPayload, 'id'>, Partial<ServerConfig>]>([
    [
      'keeps the secrets it never showed when only the name changes',
      { name: 'Team docs' },
      { name: 'Team docs', headers: docs.headers, oauth: docs.oauth, iconDataUrl: FIXTURE_ICON },
    ],
    [
      'keeps a header value sent back empty',
      { headers: [{ key: 'X-Api-Key', value: '' }] },
      { headers: [{ key: 'X-Api-Key', value: 'secret-key' }] },
    ],
    [
      'takes a header value typed anew',
      { headers: [{ key: 'X-Api-Key', value: 'new-key' }] },
      { headers: [{ key: 'X-Api-Key', value: 'new-key' }] },
    ],
    [
      'keeps the client secret sent back empty for the same client',
      { oauth: { clientId: 'client-1', clientSecret: '' } },
      { oauth: { clientId: 'client-1', clientSecret: 'client-secret' } },
    ],
    [
      'drops the client secret for another client',
      { oauth: { clientId: 'client-2' } },
      { oauth: { clientId: 'client-2' }, requiresAuthentication: true },
    ],
    [
      'keeps the secrets on a new path at the same origin',
      { url: 'https://docs.example.com/v2/mcp' },
      { url: 'https://docs.example.com/v2/mcp', headers: docs.headers, oauth: docs.oauth },
    ],
    [
      'keeps the secrets when the URL was pasted with non-breaking spaces around it',
      { url: '\u00a0https://docs.example.com/v2/mcp\u00a0' },
      { url: 'https://docs.example.com/v2/mcp', headers: docs.headers, oauth: docs.oauth },
    ],
    [
      'drops the client secret at a new origin',
      { url: 'https://elsewhere.example.com/mcp', headers: [{ key: 'X-Api-Key', value: 'k-2' }] },
      {
        url: 'https://elsewhere.example.com/mcp',
        headers: [{ key: 'X-Api-Key', value: 'k-2' }],
        oauth: { clientId: 'client-1' },
      },
    ],
    [
      'drops the client secret at a new origin even when sent back empty',
      {
        url: 'https://elsewhere.example.com/mcp',
        headers: [{ key: 'X-Api-Key', value: 'k-2' }],
        oauth: { clientId: 'client-1', clientSecret: '' },
      },
      { oauth: { clientId: 'client-1' } },
    ],
  ])('%s', async (_name, fields, expected) => {
    const { registry: servers } = registry();
    await servers.load();
    const updated = await servers.prepareUpdate(edit(fields), docs, [builtIn]);
    expect(updated).toMatchObject({ id: docs.id, isCustom: true });
    for (const [field, value] of Object.entries(expected))
      expect(updated[field as keyof ServerConfig]).toEqual(value);
  });

  it('removes the icon and the OAuth client sent empty, and then needs no sign-in', async () => {
    const { registry: servers } = registry();
    await servers.load();
    const updated = await servers.prepareUpdate(edit({ iconDataUrl: '', oauth: {} }), docs, []);
    expect(updated).not.toHaveProperty('iconDataUrl');
    expect(updated).not.toHaveProperty('oauth');
    expect(updated.requiresAuthentication).toBe(false);
  });

  it('asks for a header value again at a new origin', async () => {
    const { registry: servers } = registry();
    await servers.load();
    await expect(
      servers.prepareUpdate(edit({ url: 'https://elsewhere.example.com/mcp' }), docs, []),
    ).rejects.toThrow('Enter a value for X-Api-Key, or remove the header.');
  });

  it('stores the edit in place of the server, and only then', async () => {
    const { store, registry: servers } = registry();
    await servers.load();
    const updated = await servers.prepareUpdate(edit({ name: 'Team docs' }), docs, []);
    expect(store.snapshot().customMcpServers).toEqual([docs]);
    await servers.replace(updated);
    expect(store.snapshot().customMcpServers).toEqual([updated]);
    await expect(servers.load()).resolves.toEqual([builtIn, updated]);
  });
});

describe('built-in servers', () => {
  it('cannot be edited', async () => {
    const { registry: servers } = registry();
    await expect(
      servers.prepareUpdate({ id: 'notion', name: 'Mine' }, builtIn, []),
    ).rejects.toThrow('Notion is built in and cannot be edited.');
  });

  it('cannot be removed, and custom ones can', async () => {
    const { store, registry: servers } = registry();
    await servers.load();
    await expect(servers.remove(builtIn)).rejects.toThrow(
      'Notion is built in; switch it off instead.',
    );
    await servers.remove(docs);
    expect(store.snapshot().customMcpServers).toEqual([]);
  });
});

describe('adding a custom server', () => {
  it('gives it an id of its own and stores it after the others', async () => {
    const { store, registry: servers } = registry();
    await servers.load();
    const added = await servers.add(
      { name: 'Linear-like', url: 'https://issues.example.com/mcp', oauth: { clientId: 'c' } },
      [builtIn, docs],
    );
    expect(added).toMatchObject({
      id: expect.stringMatching(/^custom-[0-9a-f]{8}$/),
      isCustom: true,
      requiresAuthentication: true,
    });
    expect(store.snapshot().customMcpServers).toEqual([docs, added]);
  });
});

describe('several custom servers', () => {
  const other: ServerConfig = {
    id: 'custom-other',
    name: 'Other',
    url: 'https://other.example.com/mcp',
    description: '',
    requiresAuthentication: false,
    isCustom: true,
  };
  const two = () => {
    const store = createMemoryStore({ customMcpServers: [docs, other] });
    return { store, servers: new ServerRegistry(store, [builtIn]) };
  };

  it('replaces only the edited one', async () => {
    const { store, servers } = two();
    await servers.load();
    const updated = await servers.prepareUpdate(edit({ name: 'Team docs' }), docs, [other]);
    await servers.replace(updated);
    expect(store.snapshot().customMcpServers).toStrictEqual([updated, other]);
  });

  it('removes only the removed one', async () => {
    const { store, servers } = two();
    await servers.load();
    await servers.remove(docs);
    expect(store.snapshot().customMcpServers).toStrictEqual([other]);
  });

  it('starts from no custom servers before load', async () => {
    const store = createMemoryStore({});
    const servers = new ServerRegistry(store, [builtIn]);
    const added = await servers.add({ name: 'New', url: 'https://new.example.com/mcp' }, []);
    expect(store.snapshot().customMcpServers).toStrictEqual([added]);
  });

  it.each<[string, ServerConfig['headers'], UpdateServerPayload['headers']]>([
    ['on a server with no headers', undefined, [{ key: 'X-New', value: '' }]],
    [
      'beside a stored one',
      [{ key: 'X-Old', value: 'old' }],
      [
        { key: 'X-New', value: '' },
        { key: 'X-Old', value: '' },
      ],
    ],
  ])('asks for the value of a new header %s', async (_, stored, headers) => {
    const { servers } = two();
    const previous: ServerConfig = { ...other, ...(stored ? { headers: stored } : {}) };
    await expect(servers.prepareUpdate({ id: other.id, headers }, previous, [])).rejects.toThrow(
      'Enter a value for X-New, or remove the header.',
    );
  });

  it('adds an OAuth client to a server that had none', async () => {
    const { servers } = two();
    const updated = await servers.prepareUpdate(
      { id: other.id, oauth: { clientId: 'id' } },
      other,
      [],
    );
    expect(updated.oauth).toStrictEqual({ clientId: 'id' });
  });
});
