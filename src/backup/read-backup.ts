/**
 * Reads a backup file, checking all of it before anything is used: that it is a Patchbay
 * backup, of a version this Patchbay reads, whole (its digest), and, when it holds secrets,
 * that the passphrase opens them. Every refusal is a {@link BackupError}.
 */
import { BackupError } from '../errors/backup-error';
import { damaged, openSecrets } from './backup-crypto';
import { digestOf } from './backup-digest';
import {
  authenticatedHeader,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupFileSchema,
  type BackupContent,
  type BackupFile,
  type SecretMap,
} from './backup-format';

/** A file checked and, when it had secrets and a passphrase was given, opened. */
export interface OpenedBackup {
  file: BackupFile;
  content: BackupContent;
  /** Absent when the file holds no secrets. */
  secrets?: SecretMap;
}

/** Checks the file without a passphrase: throws for anything but a wrong or missing passphrase. */
export async function checkBackup(text: string, appVersion: string): Promise<BackupFile> {
  const raw = parseJson(text);
  if (
    typeof raw !== 'object' ||
    raw === null ||
    (raw as { format?: unknown }).format !== BACKUP_FORMAT
  )
    throw new BackupError(
      'not-a-backup',
      'This file is not a Patchbay backup. Choose the file Settings › Backup made.',
    );
  const { version, createdBy } = raw as { version?: unknown; createdBy?: unknown };
  if (typeof version === 'number' && version > BACKUP_VERSION)
    throw new BackupError(
      'newer-version',
      `This backup was made by Patchbay ${typeof createdBy === 'string' ? createdBy.slice(0, 40) : 'of a later version'}, newer than this one (${appVersion}): update Patchbay, then restore it.`,
    );
  const parsed = backupFileSchema.safeParse(raw);
  if (!parsed.success)
    throw damaged(parsed.error.issues[0]?.path.join('.') || 'its layout is not version 1');
  // The digest is over what the file says, not what the schema kept of it.
  if ((await digestOf((raw as { content: unknown }).content)) !== parsed.data.digest)
    throw damaged('its content does not match its checksum');
  return parsed.data;
}

/**
 * Checks the file and opens its secrets with `passphrase`. A file with secrets and no
 * passphrase throws `passphrase-needed`, unless `withoutSecrets` (the person chose to restore
 * it without them).
 */
export async function readBackup(
  text: string,
  options: { appVersion: string; passphrase?: string; withoutSecrets?: boolean },
): Promise<OpenedBackup> {
  const file = await checkBackup(text, options.appVersion);
  if (!file.secrets || options.withoutSecrets) return { file, content: file.content };
  if (!options.passphrase)
    throw new BackupError(
      'passphrase-needed',
      'This backup’s secrets are encrypted: type its passphrase.',
    );
  const header = authenticatedHeader({ ...file, secrets: file.secrets });
  const secrets = await openSecrets(file.secrets, options.passphrase, header);
  return { file, content: file.content, secrets };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // Cut short or changed: it began as one of ours.
    if (text.includes(`"${BACKUP_FORMAT}"`)) throw damaged('it is not complete JSON', error);
    throw new BackupError(
      'not-a-backup',
      'This file is not a Patchbay backup. Choose the file Settings › Backup made.',
      { cause: error },
    );
  }
}
