/** What the panel says about a feature's browser permissions. */
export type PermissionNoteState =
  | { kind: 'asking'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'missing'; text: string };

/**
 * What a feature's browser permissions allow, in one sentence, with Allow (Chrome's prompt
 * follows the click): before switching it on, after a refusal, or when it is on without them.
 */
export function PermissionNote({
  feature,
  note,
  onAllow,
  onCancel,
}: {
  feature: string;
  note: PermissionNoteState;
  onAllow(): void;
  onCancel(): void;
}) {
  return (
    <div
      className="permission-note"
      role={note.kind === 'asking' ? 'group' : 'alert'}
      aria-label={`${feature}: browser permission`}
      data-state={note.kind}
    >
      <p>
        {note.kind === 'missing' ? <strong>Missing permission. </strong> : null}
        {note.text}
      </p>
      <div className="permission-note-actions">
        <button type="button" onClick={onAllow}>
          {note.kind === 'refused' ? 'Ask again' : 'Allow'}
        </button>
        {note.kind === 'missing' ? null : (
          <button type="button" className="quiet" onClick={onCancel}>
            Not now
          </button>
        )}
      </div>
    </div>
  );
}
