/** A settings form's end: its error, if any, and its submit button. */
export function SubmitRow(props: { error?: string | undefined; working: boolean; label: string }) {
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
      </div>
    </>
  );
}
