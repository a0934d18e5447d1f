import type { FormField } from '../../src/asks/elicitation-form';

/** The ids of the lines said under one question, each undefined when that line is not shown. */
export interface AskFieldDetailIds {
  description: string | undefined;
  hint: string | undefined;
  note: string | undefined;
  warning: string | undefined;
  error: string | undefined;
}

/** Ids for the lines under the question whose input has `id`; their list describes the input. */
export function askFieldDetailIds(
  field: FormField,
  id: string,
  hint: string | undefined,
  error: string | undefined,
): AskFieldDetailIds {
  return {
    description: field.description ? `${id}-description` : undefined,
    hint: hint ? `${id}-hint` : undefined,
    note: field.note ? `${id}-note` : undefined,
    warning: field.secretLike ? `${id}-warning` : undefined,
    error: error ? `${id}-error` : undefined,
  };
}

/**
 * What is said under a question: the server's description, the limits its answer must keep, the
 * server's note, a warning when it asks for something like a password, and what is wrong with
 * the answer.
 */
export function AskFieldDetails({
  field,
  ids,
  hint,
  serverName,
  error,
}: {
  field: FormField;
  ids: AskFieldDetailIds;
  hint: string | undefined;
  serverName: string;
  error: string | undefined;
}) {
  return (
    <>
      {field.description ? (
        <p id={ids.description} className="muted ask-field-description">
          {field.description}
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hint} className="muted ask-field-hint">
          {hint}
        </p>
      ) : null}
      {field.note ? (
        <p id={ids.note} className="muted ask-field-hint">
          {field.note}
        </p>
      ) : null}
      {field.secretLike ? (
        <p id={ids.warning} className="ask-field-warning">
          This looks like a password or secret. Only enter it if you trust {serverName}.
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
