import { describe, expect, it } from 'vitest';
import { BackupError } from '../../../src/errors/backup-error';
import { checkBackup, readBackup } from '../../../src/backup/read-backup';
import { backupText, writeBackup } from '../../../src/backup/write-backup';
import { digestOf } from '../../../src/backup/backup-digest';
import { API_KEY, CLIENT_SECRET, SECRET_HEADER, setUpStore } from '../../helpers/backup-store';

const APP = '1.4.0';
const PASSPHRASE = 'correct horse battery staple';

async function backupOf(passphrase?: string): Promise<string> {
  return backupText(
    await writeBackup({
      store: setUpStore(),
      appVersion: APP,
      ...(passphrase === undefined ? {} : { passphrase }),
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<BackupError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!BackupError.isInstance(error))
    throw new Error(`expected a BackupError, got ${String(error)}`);
  return error;
}

describe('backup file', () => {
  it('keeps secrets only in the encrypted part, and gives them back with the passphrase', async () => {
    const text = await backupOf(PASSPHRASE);
    for (const secret of [SECRET_HEADER, API_KEY, CLIENT_SECRET])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('token-should-not-travel');
    expect(text).not.toContain('session-should-not-travel');
    expect(text).not.toContain('install-bound');
    const opened = await readBackup(text, { appVersion: APP, passphrase: PASSPHRASE });
    expect(Object.values(opened.secrets ?? {}).sort()).toEqual(
      [API_KEY, CLIENT_SECRET, SECRET_HEADER].sort(),
    );
    expect(opened.file.createdBy).toBe(APP);
    expect(opened.file.secrets?.kdf.iterations).toBeGreaterThanOrEqual(600_000);
  });

  it('says a wrong passphrase is wrong', async () => {
    const text = await backupOf(PASSPHRASE);
    const error = await failure(readBackup(text, { appVersion: APP, passphrase: 'Tr0ub4dor&3' }));
    expect(error.code).toBe('wrong-passphrase');
    expect(error.message).toMatch(/passphrase does not open this backup/);
  });

  it('asks for the passphrase of a file with secrets, or restores it without them', async () => {
    const text = await backupOf(PASSPHRASE);
    expect((await failure(readBackup(text, { appVersion: APP }))).code).toBe('passphrase-needed');
    const opened = await readBackup(text, { appVersion: APP, withoutSecrets: true });
    expect(opened.secrets).toBeUndefined();
  });

  it('finds a flipped byte in the encrypted secrets', async () => {
    const file = JSON.parse(await backupOf(PASSPHRASE));
    const data: string = file.secrets.data;
    file.secrets.data = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    const error = await failure(
      readBackup(JSON.stringify(file), { appVersion: APP, passphrase: PASSPHRASE }),
    );
    expect(error.code).toBe('damaged');
  });

  it('finds a changed header even when the clear part was re-summed', async () => {
    const file = JSON.parse(await backupOf(PASSPHRASE));
    file.content.storage.customMcpServers[0].url = 'https://attacker.example/mcp';
    file.digest = await digestOf(file.content);
    const error = await failure(
      readBackup(JSON.stringify(file), { appVersion: APP, passphrase: PASSPHRASE }),
    );
    expect(error.code).toBe('damaged');
  });

  it('finds a changed byte in the clear part of a file without secrets', async () => {
    const text = (await backupOf()).replace('tools.example.com/mcp', 'tools.example.con/mcp');
    expect((await failure(checkBackup(text, APP))).code).toBe('damaged');
  });

  it('calls a file cut short damaged', async () => {
    const text = await backupOf(PASSPHRASE);
    const error = await failure(checkBackup(text.slice(0, Math.floor(text.length / 2)), APP));
    expect(error.code).toBe('damaged');
  });

  it('names the version of a file from a newer Patchbay', async () => {
    const file = JSON.parse(await backupOf());
    Object.assign(file, { version: 2, createdBy: '2.0.1' });
    const error = await failure(checkBackup(JSON.stringify(file), APP));
    expect(error.code).toBe('newer-version');
    expect(error.message).toContain('made by Patchbay 2.0.1, newer than this one (1.4.0)');
    expect(error.message).toContain('update Patchbay');
  });

  it('refuses files that are not backups', async () => {
    for (const text of [
      'not json at all',
      '{"mcpServers":{}}',
      '[1,2]',
      '{"format":"patchbay-chats"}',
    ])
      expect((await failure(checkBackup(text, APP))).code).toBe('not-a-backup');
  });

  it('refuses a key derivation below 600,000 iterations as damaged', async () => {
    const text = backupText(
      await writeBackup({
        store: setUpStore(),
        appVersion: APP,
        passphrase: 'p',
        iterations: 1000,
      }),
    );
    const error = await failure(readBackup(text, { appVersion: APP, passphrase: 'p' }));
    expect(error.code).toBe('damaged');
  });

  it('leaves every secret out when the person chooses to', async () => {
    const text = await backupOf();
    for (const secret of [SECRET_HEADER, API_KEY, CLIENT_SECRET])
      expect(text).not.toContain(secret);
    const file = JSON.parse(text);
    expect(file.secrets).toBeUndefined();
    expect(file.content.storage.customMcpServers[0].headers).toEqual([{ key: 'X-Key', value: '' }]);
  });
});
