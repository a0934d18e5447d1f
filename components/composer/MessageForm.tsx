import type { FormEvent, KeyboardEvent, ReactNode, RefObject } from 'react';
import { fileTargets } from './file-targets';
import type { comboboxAttributes } from './PickerMenu';

/** The composer's form: the "+" menu, the message's text, and Send (Stop while an answer comes). */
export function MessageForm({
  textareaRef,
  text,
  busy,
  disabledReason,
  sendable,
  pickersAvailable,
  combobox,
  addMenu,
  onFiles,
  onSubmit,
  onStop,
  onChange,
  onSelect,
  onKeyDown,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  busy: boolean;
  disabledReason: string | undefined;
  sendable: boolean;
  /** "@" or "/" open a picker: the placeholder says so. */
  pickersAvailable: boolean;
  combobox: ReturnType<typeof comboboxAttributes>;
  addMenu: ReactNode;
  onFiles: ((files: File[]) => void) | undefined;
  onSubmit(event: FormEvent): void;
  onStop(): void;
  onChange(text: string, caret: number): void;
  onSelect(text: string, caret: number): void;
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
}) {
  return (
    <form className="composer" onSubmit={onSubmit} {...fileTargets(onFiles)}>
      {addMenu}
      <textarea
        ref={textareaRef}
        aria-label="Message"
        placeholder={
          disabledReason ??
          (pickersAvailable
            ? 'Ask anything (@ attach, / prompt)'
            : 'Ask anything… (Enter to send, Shift+Enter for a new line)')
        }
        value={text}
        rows={1}
        {...combobox}
        onChange={(event) => onChange(event.target.value, event.target.selectionStart)}
        onSelect={(event) =>
          onSelect(event.currentTarget.value, event.currentTarget.selectionStart)
        }
        onKeyDown={onKeyDown}
        disabled={Boolean(disabledReason)}
      />
      {busy ? (
        <button type="button" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="primary" disabled={Boolean(disabledReason) || !sendable}>
          Send
        </button>
      )}
    </form>
  );
}
