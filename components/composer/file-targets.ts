import type { ClipboardEvent, DragEvent } from 'react';

/** Paste and drop handlers that hand files to `onFiles` (text pastes and drops go on as usual). */
export function fileTargets(onFiles: ((files: File[]) => void) | undefined) {
  if (!onFiles) return {};
  const hasFiles = (transfer: DataTransfer | null) => Boolean(transfer?.types.includes('Files'));
  return {
    onPaste(event: ClipboardEvent<HTMLFormElement>) {
      const files = [...event.clipboardData.files];
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    },
    onDragOver(event: DragEvent<HTMLFormElement>) {
      if (hasFiles(event.dataTransfer)) event.preventDefault();
    },
    onDrop(event: DragEvent<HTMLFormElement>) {
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault();
      onFiles([...event.dataTransfer.files]);
    },
  };
}
