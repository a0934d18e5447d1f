/**
 * The passphrase's encryption of a backup's secrets, WebCrypto only: PBKDF2-SHA-256 (600,000
 * iterations, OWASP 2023, 16-byte random salt) gives a master key; HKDF-SHA-256 derives from it
 * an AES-256-GCM key and a check value under separate labels; the secrets are sealed with a
 * 12-byte random IV and the file's header as authenticated data.
 */
import { BackupError } from '../errors/backup-error';
import { canonicalJson, fromBase64, toBase64 } from './backup-digest';
import type { SecretsEnvelope } from './backup-format';

export const PBKDF2_ITERATIONS = 600_000;
/** Files asking for more are refused: a crafted count could hold the panel for hours. */
export const MAX_PBKDF2_ITERATIONS = 10_000_000;

const encoder = new TextEncoder();

interface DerivedKeys {
  key: CryptoKey;
  check: string;
}

async function deriveKeys(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<DerivedKeys> {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(passphrase.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const master = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    256,
  );
  const hkdf = await crypto.subtle.importKey('raw', master, 'HKDF', false, [
    'deriveBits',
    'deriveKey',
  ]);
  const label = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(),
    info: encoder.encode(info),
  });
  const key = await crypto.subtle.deriveKey(
    label('patchbay-backup/v1/key'),
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const check = await crypto.subtle.deriveBits(label('patchbay-backup/v1/check'), hkdf, 256);
  return { key, check: toBase64(new Uint8Array(check)) };
}

/**
 * Seals `secrets` with the passphrase; `header` (the file's header, which includes the digest of
 * its clear part) is bound in as authenticated data, so a change anywhere fails decryption.
 */
export async function sealSecrets(
  secrets: Record<string, string>,
  passphrase: string,
  header: (parameters: Pick<SecretsEnvelope, 'kdf' | 'cipher'>) => Record<string, unknown>,
  iterations = PBKDF2_ITERATIONS,
): Promise<SecretsEnvelope> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const parameters = {
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(salt) },
    cipher: { name: 'AES-GCM', iv: toBase64(iv) },
  } as const;
  const { key, check } = await deriveKeys(passphrase, salt, iterations);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(canonicalJson(header(parameters))) },
    key,
    encoder.encode(JSON.stringify(secrets)),
  );
  return { ...parameters, check, data: toBase64(new Uint8Array(data)) };
}

/**
 * Opens sealed secrets. Throws {@link BackupError}: `wrong-passphrase` when the check value
 * differs, `damaged` when the passphrase is right but the cipher text or header was changed.
 */
export async function openSecrets(
  envelope: SecretsEnvelope,
  passphrase: string,
  header: Record<string, unknown>,
): Promise<Record<string, string>> {
  const { iterations } = envelope.kdf;
  if (iterations < PBKDF2_ITERATIONS || iterations > MAX_PBKDF2_ITERATIONS)
    throw damaged(`its key derivation asks for ${iterations} iterations`);
  const { key, check } = await deriveKeys(passphrase, fromBase64(envelope.kdf.salt), iterations);
  if (check !== envelope.check)
    throw new BackupError(
      'wrong-passphrase',
      'That passphrase does not open this backup. Type the one chosen when it was made.',
    );
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: fromBase64(envelope.cipher.iv),
        additionalData: encoder.encode(canonicalJson(header)),
      },
      key,
      fromBase64(envelope.data),
    );
  } catch (error) {
    throw damaged('its encrypted part does not match its header', error);
  }
  return parseSecrets(new TextDecoder().decode(plain));
}

function parseSecrets(text: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw damaged('its secrets are not a list of values');
  for (const value of Object.values(parsed))
    if (typeof value !== 'string') throw damaged('its secrets are not a list of values');
  return parsed as Record<string, string>;
}

/** The one sentence for a file that was changed or cut short since it was made. */
export function damaged(reason: string, cause?: unknown): BackupError {
  return new BackupError(
    'damaged',
    `This backup is damaged or was changed after it was made (${reason}). Nothing was restored; use another copy of the file.`,
    cause === undefined ? undefined : { cause },
  );
}
