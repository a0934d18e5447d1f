import { MarkedError } from './marked-error';

/**
 * Why a backup file cannot be restored: `not-a-backup` (another file), `newer-version` (made by
 * a later Patchbay), `damaged` (cut short, changed, or its parts no longer agree),
 * `passphrase-needed` (its secrets are encrypted and no passphrase was given),
 * `wrong-passphrase`.
 */
export type BackupErrorCode =
  'not-a-backup' | 'newer-version' | 'damaged' | 'passphrase-needed' | 'wrong-passphrase';

/** A backup Patchbay refuses, with a sentence saying what the person can do. */
export class BackupError extends MarkedError {
  static override readonly marker = Symbol.for('patchbay.backup-error');
  override readonly name = 'BackupError';

  constructor(
    readonly code: BackupErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
