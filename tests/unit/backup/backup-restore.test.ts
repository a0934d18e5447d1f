import { describe, expect, it } from 'vitest';
import { BackupError } from '../../../src/errors/backup-error';
import { createMemoryStore } from '../../../src/platform/memory';
import { digestOf } from '../../../src/backup/backup-digest';
import { readBackup } from '../../../src/backup/read-backup';
import { planRestore } from '../../../src/backup/restore-plan';
import { applyRestore } from '../../../src/backup/restore-backup';
import { backupText, writeBackup } from '../../../src/backup/write-backup';
import { API_KEY, SECRET_HEADER, SERVER, setUpStore } from '../../helpers/backup-store';

const APP = '1.4.0';

function recordingClient() {
  const requests: string[] = [];
  return {
    requests,
    request: async (type: 'backup/restored') => {
      requests.push(type);
      return {};
    },
  };
}

async function fileText(passphrase?: string) {
  return backupText(
    await writeBackup({
      store: setUpStore(),
      appVersion: APP,
      ...(passphrase ? { passphrase } : {}),
    }),
  );
}

describe('restoring a backup', () => {
  it('restores into a fresh browser: servers with their headers and switches, the provider, grants, routines, settings', async () => {
    const opened = await readBackup(await fileText('pass phrase'), {
      appVersion: APP,
      passphrase: 'pass phrase',
    });
    const fresh = createMemoryStore();
    const plan = await planRestore(opened, fresh);
    expect(plan.preview.servers).toEqual([
      { id: SERVER.id, name: SERVER.name, url: SERVER.url, action: 'add', missing: [] },
    ]);
    expect(plan.preview.providers).toEqual([
      { label: 'Anthropic', action: 'add', keyMissing: false },
    ]);
    expect(plan.preview.routines).toEqual([{ name: 'Morning brief', action: 'add' }]);
    expect(plan.preview.settings).toEqual(['Keep chats for']);
    const client = recordingClient();
    await applyRestore(plan, { store: fresh, client });
    const stored = fresh.snapshot();
    expect(stored.customMcpServers).toEqual([SERVER]);
    expect(stored[`mcp.${SERVER.id}.enabled`]).toBe(true);
    expect(stored[`mcp.${SERVER.id}.tools.disabled`]).toEqual(['delete_everything']);
    expect(stored['mcp.notion.enabled']).toBe(true);
    expect(stored['chat.models']).toMatchObject({
      active: 'anthropic',
      providers: { anthropic: { apiKey: API_KEY } },
    });
    expect(stored['chat.approvals']).toEqual({
      [SERVER.id]: { readOnlyWithoutAsking: true, alwaysAllow: ['search'] },
    });
    expect(stored.routines).toMatchObject([{ id: 'routine-9', name: 'Morning brief' }]);
    expect(stored['chat.keepDays']).toBe(30);
    // Never carried: sign-ins, sessions, this install's approval key.
    expect(
      Object.keys(stored).filter((key) => /tokens|sessionId|approvalSecret/.test(key)),
    ).toEqual([]);
    expect(client.requests).toEqual(['backup/restored']);
  });

  it('without secrets, says which header values and keys to enter again', async () => {
    const opened = await readBackup(await fileText(), { appVersion: APP });
    const fresh = createMemoryStore();
    const plan = await planRestore(opened, fresh);
    expect(plan.preview.secrets).toBe(false);
    expect(plan.preview.servers[0]?.missing).toEqual(['X-Key']);
    expect(plan.preview.providers).toEqual([
      { label: 'Anthropic', action: 'add', keyMissing: true },
    ]);
    await applyRestore(plan, { store: fresh, client: recordingClient() });
    const [server] = fresh.snapshot().customMcpServers as (typeof SERVER)[];
    expect(server?.headers).toEqual([{ key: 'X-Key', value: '' }]);
    expect(fresh.snapshot()['chat.models']).toBeUndefined();
  });

  it('replaces a server here at the same address and forgets its sign-in there', async () => {
    const opened = await readBackup(await fileText('p'), { appVersion: APP, passphrase: 'p' });
    const here = createMemoryStore({
      customMcpServers: [{ ...SERVER, id: 'custom-local01', name: 'Old name', headers: [] }],
      'oauth.custom-local01.tokens': { access_token: 'old' },
      'mcp.custom-local01.enabled': false,
    });
    const plan = await planRestore(opened, here);
    expect(plan.preview.servers[0]?.action).toBe('replace');
    await applyRestore(plan, { store: here, client: recordingClient() });
    const stored = here.snapshot();
    expect((stored.customMcpServers as { id: string }[]).map((server) => server.id)).toEqual([
      SERVER.id,
    ]);
    expect(Object.keys(stored).filter((key) => key.includes('custom-local01'))).toEqual([]);
    expect(JSON.stringify(stored)).toContain(SECRET_HEADER);
  });

  it('writes nothing when a value is not what Patchbay reads, even with a matching checksum', async () => {
    const file = JSON.parse(await fileText());
    file.content.storage.routines = [{ id: 'r', name: 42 }];
    file.digest = await digestOf(file.content);
    const opened = await readBackup(JSON.stringify(file), { appVersion: APP });
    const here = setUpStore();
    const before = here.snapshot();
    const error = await planRestore(opened, here).catch((caught: unknown) => caught);
    expect(BackupError.isInstance(error) && error.code).toBe('damaged');
    expect(here.snapshot()).toEqual(before);
  });

  it('refuses a server at an address Patchbay would not add', async () => {
    const file = JSON.parse(await fileText());
    file.content.storage.customMcpServers[0].url = 'http://example.com/mcp';
    file.digest = await digestOf(file.content);
    const opened = await readBackup(JSON.stringify(file), { appVersion: APP });
    const error = await planRestore(opened, createMemoryStore()).catch((caught: unknown) => caught);
    expect(BackupError.isInstance(error) && error.message).toMatch(/Team tools/);
  });

  it('writes nothing for a wrong passphrase', async () => {
    const here = createMemoryStore({ 'chat.keepDays': 7 });
    const text = await fileText('right');
    await expect(readBackup(text, { appVersion: APP, passphrase: 'wrong' })).rejects.toThrow(
      /passphrase/,
    );
    expect(here.snapshot()).toEqual({ 'chat.keepDays': 7 });
  });

  it('ignores keys a backup never holds', async () => {
    const file = JSON.parse(await fileText());
    file.content.storage['chat.approvalSecret'] = 'planted';
    file.content.storage[`oauth.${SERVER.id}.tokens`] = { access_token: 'planted' };
    file.digest = await digestOf(file.content);
    const opened = await readBackup(JSON.stringify(file), { appVersion: APP });
    const fresh = createMemoryStore();
    await applyRestore(await planRestore(opened, fresh), {
      store: fresh,
      client: recordingClient(),
    });
    expect(JSON.stringify(fresh.snapshot())).not.toContain('planted');
  });
});
