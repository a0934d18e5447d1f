/** What is wrong with a field, when something is. */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? <p className="field-error">{message}</p> : null;
}
