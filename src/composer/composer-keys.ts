/** What a key pressed in the composer does, once an open picker has had its say. */
export type ComposerKeyAction = 'send' | 'stop' | 'edit-last' | undefined;

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  /** An input method is composing (Enter confirms the word, not the message). */
  isComposing: boolean;
}

/**
 * Enter sends and Shift+Enter breaks the line; Escape stops an answer that is coming; Up in an
 * empty composer edits the person's last message (where there is one to edit).
 */
export function composerKeyAction(
  event: ComposerKey,
  state: { busy: boolean; empty: boolean; canEditLast: boolean },
): ComposerKeyAction {
  if (event.isComposing) return undefined;
  if (event.key === 'Enter') return event.shiftKey ? undefined : 'send';
  if (event.key === 'Escape') return state.busy ? 'stop' : undefined;
  if (event.key === 'ArrowUp' && !event.shiftKey)
    return state.empty && state.canEditLast && !state.busy ? 'edit-last' : undefined;
  return undefined;
}
