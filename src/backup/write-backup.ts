/**
 * Makes a backup file from what a store holds: the keys {@link backupKeys} names, secrets taken
 * out and, when a passphrase is given, sealed with it; without one they are left out.
 */
import type { Conversation } from '../chat/history';
import { storageKeys } from '../mcp/storage-keys';
import type { KeyValueStore } from '../platform/ports';
import { sealSecrets } from './backup-crypto';
import { digestOf } from './backup-digest';
import {
  authenticatedHeader,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupContent,
  type BackupFile,
} from './backup-format';
import { backupKeys } from './backup-keys';
import { takeSecrets } from './backup-secrets';

export interface WriteBackupOptions {
  store: KeyValueStore;
  /** The Patchbay version writing it. */
  appVersion: string;
  /** Seals the secrets with it; absent: secrets are left out. */
  passphrase?: string;
  /** Chats to include (the person's choice). */
  chats?: readonly Conversation[];
  now?: () => Date;
  /** Tests only: PBKDF2 iterations (readers refuse fewer than 600,000). */
  iterations?: number;
}

/** The backup as the object written to the file. */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupFile> {
  const customServers = await options.store.get(storageKeys.customServers);
  const stored = await options.store.getMany(backupKeys(customServers));
  const { clear, secrets } = takeSecrets(stored);
  const content: BackupContent = {
    storage: clear,
    ...(options.chats?.length
      ? {
          chats: options.chats.map(({ id, title, createdAt, updatedAt, messages }) => ({
            id,
            title,
            createdAt,
            updatedAt,
            messages,
          })),
        }
      : {}),
  };
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdBy: options.appVersion,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    digest: await digestOf(content),
  } as const;
  if (options.passphrase === undefined) return { ...header, content };
  const sealed = await sealSecrets(
    secrets,
    options.passphrase,
    (parameters) => authenticatedHeader({ ...header, secrets: parameters }),
    options.iterations,
  );
  return { ...header, content, secrets: sealed };
}

/** The file's text: JSON, indented so a person can read what is in the clear. */
export function backupText(file: BackupFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
