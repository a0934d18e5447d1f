import { base64ToBytes, cleanBase64, mimeEssence } from './resource-content';

/**
 * How long the object URL of a download stays valid. Revoking it in the same task as the
 * click can cancel the download before the browser has read the blob.
 */
export const REVOKE_DELAY_MS = 10_000;

/**
 * Saves a Blob as a file, through an object URL this page created (the download never touches
 * the network); the URL is revoked afterwards.
 */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/**
 * Saves base64 data as a file: the bytes go into a Blob behind an object URL that this page
 * created, so the download never touches the network, and the URL is revoked afterwards.
 * Returns false when the data is not base64.
 */
export function downloadBase64(base64: string, mimeType: unknown, filename: string): boolean {
  const cleaned = cleanBase64(base64);
  if (cleaned === undefined) return false;
  const blob = new Blob([base64ToBytes(cleaned)], {
    type: mimeEssence(mimeType) ?? 'application/octet-stream',
  });
  downloadBlob(blob, filename);
  return true;
}
