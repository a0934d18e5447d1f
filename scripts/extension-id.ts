import { createHash } from 'node:crypto';

/**
 * The extension id Chrome gives a manifest `key` (base64 of the DER public key): the first 128
 * bits of its SHA-256, each hex digit written as a letter from a to p. Chrome computes it
 * the same way for a store item, so the key from a store dashboard gives the store's id.
 */
export function extensionIdFromKey(publicKeyBase64: string): string {
  const digest = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex');
  return [...digest.slice(0, 32)]
    .map((digit) => String.fromCharCode('a'.charCodeAt(0) + Number.parseInt(digit, 16)))
    .join('');
}

/** Where chrome.identity.getRedirectURL() points for the extension with this id. */
export function redirectUrlForExtension(extensionId: string): string {
  return `https://${extensionId}.chromiumapp.org/`;
}
