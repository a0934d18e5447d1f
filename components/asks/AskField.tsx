import type { FormField } from '../../src/asks/elicitation-form';
import { describeConstraints } from '../../src/asks/form-values';
import type { FieldValue } from '../../src/asks/form-values';

export interface AskFieldProps {
  field: FormField;
  id: string;
  serverName: string;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange(value: FieldValue): void;
  /** Where focus goes when this field is the first invalid one. */
  focusTarget(element: HTMLElement | null): void;
}

const INPUT_TYPES: Record<FormField['kind'], string> = {
  text: 'text',
  email: 'email',
  url: 'url',
  date: 'date',
  datetime: 'datetime-local',
  number: 'number',
  integer: 'number',
  boolean: 'checkbox',
  select: 'text',
  multiselect: 'checkbox',
};

/** One question of the form, as the input its kind calls for. */
export function AskField({
  field,
  id,
  serverName,
  value,
  error,
  onChange,
  focusTarget,
}: AskFieldProps) {
  const hint = describeConstraints(field);
  const ids = {
    description: field.description ? `${id}-description` : undefined,
    hint: hint ? `${id}-hint` : undefined,
    note: field.note ? `${id}-note` : undefined,
    warning: field.secretLike ? `${id}-warning` : undefined,
    error: error ? `${id}-error` : undefined,
  };
  const describedBy = Object.values(ids).filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;

  const details = (
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

  if (field.kind === 'boolean') {
    return (
      <div className="ask-field">
        <div className="inline-check">
          <input
            ref={focusTarget}
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={describedBy}
          />
          <label htmlFor={id}>{field.label}</label>
        </div>
        {details}
      </div>
    );
  }

  if (field.kind === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="ask-field" aria-describedby={describedBy}>
        <legend>{field.label}</legend>
        {(field.options ?? []).map((option, index) => (
          <div className="inline-check" key={option.value}>
            <input
              ref={index === 0 ? focusTarget : undefined}
              id={`${id}-option-${index}`}
              type="checkbox"
              checked={chosen.includes(option.value)}
              aria-invalid={invalid}
              onChange={(event) =>
                onChange(
                  // Kept in the server's order, whatever order the person clicks in.
                  (field.options ?? [])
                    .map((each) => each.value)
                    .filter((each) =>
                      each === option.value ? event.target.checked : chosen.includes(each),
                    ),
                )
              }
            />
            <label htmlFor={`${id}-option-${index}`}>{option.label}</label>
          </div>
        ))}
        {details}
      </fieldset>
    );
  }

  const label = (
    <div className="ask-label">
      <label htmlFor={id}>{field.label}</label>
      {field.required ? (
        <span className="ask-required" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
  const text = typeof value === 'string' ? value : '';

  if (field.kind === 'select') {
    return (
      <div className="ask-field">
        {label}
        <select
          ref={focusTarget}
          id={id}
          value={text}
          required={field.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{field.required ? 'Choose…' : '(None)'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {details}
      </div>
    );
  }

  const numeric = field.kind === 'number' || field.kind === 'integer';
  return (
    <div className="ask-field">
      {label}
      <input
        ref={focusTarget}
        id={id}
        type={field.secretLike ? 'password' : INPUT_TYPES[field.kind]}
        value={text}
        required={field.required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        // A secret typed for one server should not be offered back to every other site.
        autoComplete={field.secretLike ? 'off' : undefined}
        inputMode={numeric ? (field.kind === 'integer' ? 'numeric' : 'decimal') : undefined}
        step={numeric && !field.secretLike ? (field.kind === 'integer' ? 1 : 'any') : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {details}
    </div>
  );
}
