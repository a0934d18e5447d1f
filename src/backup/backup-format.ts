/**
 * The backup file, version 1 (docs/backup.md): what it holds in the clear (`content`, checked by
 * its SHA-256 `digest`) and, when the person chose to keep them, its secrets encrypted with their
 * passphrase (`secrets`, AES-256-GCM whose authenticated data covers the header and the digest).
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'patchbay-backup';
export const BACKUP_VERSION = 1;
/** The suggested file name's stem; the date is added where the file is made. */
export const BACKUP_FILE_STEM = 'patchbay-backup';

/** A chat as the chat file (src/chat/chat-export.ts) writes it; checked again on import. */
const chatSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    messages: z.array(z.unknown()),
  })
  .passthrough();

/** What is restored: storage values by key (secrets blanked), and chats when chosen. */
export const backupContentSchema = z.object({
  storage: z.record(z.string(), z.unknown()),
  chats: z.array(chatSchema).optional(),
});
export type BackupContent = z.infer<typeof backupContentSchema>;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');

/** How the secrets were encrypted: every parameter a reader needs, none it may assume. */
export const secretsEnvelopeSchema = z.object({
  kdf: z.object({
    name: z.literal('PBKDF2'),
    hash: z.literal('SHA-256'),
    iterations: z.number().int(),
    salt: base64,
  }),
  cipher: z.object({ name: z.literal('AES-GCM'), iv: base64 }),
  /** HKDF of the passphrase's key with its own label: tells a wrong passphrase from damage. */
  check: base64,
  data: base64,
});
export type SecretsEnvelope = z.infer<typeof secretsEnvelopeSchema>;

/** The whole file. */
export const backupFileSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  /** The Patchbay version that made it. */
  createdBy: z.string().max(40),
  createdAt: z.string().max(40),
  content: backupContentSchema,
  /** SHA-256 (base64) of `content`'s canonical JSON (src/backup/backup-digest.ts). */
  digest: base64,
  secrets: secretsEnvelopeSchema.optional(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** Secrets by where they go: `{key}\u0000{path}` (src/backup/backup-secrets.ts). */
export type SecretMap = Record<string, string>;

/** What the AEAD authenticates besides the secrets: the header, the digest and the cipher. */
export function authenticatedHeader(
  file: Omit<BackupFile, 'content' | 'secrets'> & {
    secrets: Pick<SecretsEnvelope, 'kdf' | 'cipher'>;
  },
): Record<string, unknown> {
  return {
    format: file.format,
    version: file.version,
    createdBy: file.createdBy,
    createdAt: file.createdAt,
    digest: file.digest,
    kdf: file.secrets.kdf,
    cipher: file.secrets.cipher,
  };
}
