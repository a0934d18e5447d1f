import { REVOKE_DELAY_MS } from '../resources/download';

/** Saves text as a file, through an object URL this page made (nothing touches the network). */
export function downloadText(text: string, mimeType: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
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
