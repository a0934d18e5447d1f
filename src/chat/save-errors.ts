/** The sentence shown when a chat could not be written, by what IndexedDB said. */
export function describeSaveError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'QuotaExceededError')
    return 'Browser storage is full, so new messages in this chat are not being saved. The chat keeps working here, and everything saved before stays. Free some storage and saving resumes by itself.';
  return `This chat could not be saved (${detail}). It keeps working here, but what is new will be gone when the panel closes unless saving resumes.`;
}
