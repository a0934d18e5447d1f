import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { UIMessage } from 'ai';

export interface UserMessageProps {
  message: UIMessage;
  /** Whether Edit is offered (not while an answer streams). */
  editable: boolean;
  /** Whether the edit form is open (Edit, or Up in an empty composer for the last message). */
  editing: boolean;
  onStartEdit(): void;
  onCancelEdit(): void;
  onEdit(text: string): void;
  /** What the message carried besides its text (its images), shown in the bubble above it. */
  attachments?: ReactNode;
}

/** The person's message, and the form that edits and sends it again. */
export function UserMessage({
  message,
  editable,
  editing,
  onStartEdit,
  onCancelEdit,
  onEdit,
  attachments,
}: UserMessageProps) {
  const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  if (editing && editable) {
    return (
      <>
        {attachments}
        <EditForm text={text} onCancel={onCancelEdit} onEdit={onEdit} />
      </>
    );
  }
  const fromApp = (message.metadata as { fromApp?: unknown } | undefined)?.fromApp;
  return (
    <div className="user-bubble">
      {typeof fromApp === 'string' ? (
        <p className="message-origin">Sent from the app {fromApp}</p>
      ) : null}
      {attachments}
      {text ? <p>{text}</p> : null}
      {editable ? (
        <button type="button" className="quiet" onClick={onStartEdit}>
          Edit
        </button>
      ) : null}
    </div>
  );
}

function EditForm({
  text,
  onCancel,
  onEdit,
}: {
  text: string;
  onCancel(): void;
  onEdit(text: string): void;
}) {
  const [draft, setDraft] = useState(text);
  const field = useRef<HTMLTextAreaElement>(null);
  // Opened from the keyboard (Up in the composer) as often as by a click: the text is ready to
  // change, the caret at its end.
  useLayoutEffect(() => {
    const element = field.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);
  return (
    <form
      className="edit-message"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim()) onEdit(draft.trim());
        else onCancel();
      }}
    >
      <textarea
        ref={field}
        aria-label="Edit message"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        rows={3}
      />
      <div className="form-actions">
        <button type="submit" className="primary">
          Send
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
