import type { ReactNode } from 'react';
import type { FormField } from '../../src/asks/elicitation-form';
import { describeConstraints } from '../../src/asks/form-values';
import type { FieldValue } from '../../src/asks/form-values';
import { AskFieldDetails, askFieldDetailIds } from './ask-field-details';

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

/** What each kind of question's input gets besides the field's own props. */
interface FieldInputProps extends AskFieldProps {
  /** The ids of the lines under the question, for `aria-describedby`. */
  describedBy: string | undefined;
  invalid: true | undefined;
  /** The lines under the question (AskFieldDetails). */
  details: ReactNode;
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
export function AskField(props: AskFieldProps) {
  const { field, id, error } = props;
  const hint = describeConstraints(field);
  const ids = askFieldDetailIds(field, id, hint, error);
  const input: FieldInputProps = {
    ...props,
    describedBy: Object.values(ids).filter(Boolean).join(' ') || undefined,
    invalid: error ? true : undefined,
    details: (
      <AskFieldDetails
        field={field}
        ids={ids}
        hint={hint}
        serverName={props.serverName}
        error={error}
      />
    ),
  };
  if (field.kind === 'boolean') return <CheckField {...input} />;
  if (field.kind === 'multiselect') return <ChoicesField {...input} />;
  if (field.kind === 'select') return <SelectField {...input} />;
  return <TextField {...input} />;
}

/** A yes-or-no question: one checkbox. */
function CheckField({
  field,
  id,
  value,
  onChange,
  focusTarget,
  describedBy,
  details,
}: FieldInputProps) {
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

/** A question with several answers to tick: a checkbox for each option. */
function ChoicesField(props: FieldInputProps) {
  const { field, id, value, onChange, focusTarget, invalid, describedBy, details } = props;
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

/** The question's label, marked when an answer is required. */
function QuestionLabel({ field, id }: { field: FormField; id: string }) {
  return (
    <div className="ask-label">
      <label htmlFor={id}>{field.label}</label>
      {field.required ? (
        <span className="ask-required" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

/** A question with one answer from a list. */
function SelectField(props: FieldInputProps) {
  const { field, id, value, focusTarget, invalid, describedBy, details } = props;
  return (
    <div className="ask-field">
      <QuestionLabel field={field} id={id} />
      <select
        ref={focusTarget}
        id={id}
        value={typeof value === 'string' ? value : ''}
        required={field.required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => props.onChange(event.target.value)}
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

/** A question answered by typing: text, an address, a date or a number. */
function TextField(props: FieldInputProps) {
  const { field, id, value, focusTarget, invalid, describedBy, details } = props;
  const numeric = field.kind === 'number' || field.kind === 'integer';
  return (
    <div className="ask-field">
      <QuestionLabel field={field} id={id} />
      <input
        ref={focusTarget}
        id={id}
        type={field.secretLike ? 'password' : INPUT_TYPES[field.kind]}
        value={typeof value === 'string' ? value : ''}
        required={field.required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        // A secret typed for one server should not be offered back to every other site.
        autoComplete={field.secretLike ? 'off' : undefined}
        inputMode={numeric ? (field.kind === 'integer' ? 'numeric' : 'decimal') : undefined}
        step={numeric && !field.secretLike ? (field.kind === 'integer' ? 1 : 'any') : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {details}
    </div>
  );
}
