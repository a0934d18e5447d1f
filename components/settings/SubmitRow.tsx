/** A form's end: its error, if any, its submit button, and Cancel where the form has one. */
export function SubmitRow(props: {
  error?: string | undefined;
  working: boolean;
  label: string;
  onCancel?(): void;
}) {
  return (
    <>
      {props.error ? (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={props.working}>
          {props.label}
        </button>
        {props.onCancel ? (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </>
  );
}
