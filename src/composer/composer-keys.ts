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

/** What a key pressed while a picker is open does; undefined leaves the key to the composer. */
export type PickerKeyAction = { move: 1 | -1 } | 'choose' | 'dismiss' | undefined;

/**
 * Arrows move through the rows, Enter or Tab choose one, Escape closes the picker. With nothing
 * to choose, Tab still moves the focus on; Enter never sends from an open picker.
 */
export function pickerKeyAction(
  event: Omit<ComposerKey, 'isComposing'>,
  count: number,
): PickerKeyAction {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp')
    return { move: event.key === 'ArrowDown' ? 1 : -1 };
  if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey)
    return event.key === 'Tab' && count === 0 ? undefined : 'choose';
  if (event.key === 'Escape') return 'dismiss';
  return undefined;
}
