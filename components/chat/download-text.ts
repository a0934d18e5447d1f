import { downloadBlob } from '../resources/download';

/** Saves text as a file, through an object URL this page made (nothing touches the network). */
export function downloadText(text: string, mimeType: string, filename: string): void {
  downloadBlob(new Blob([text], { type: mimeType }), filename);
}
