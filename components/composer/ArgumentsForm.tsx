import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { filledValues, firstMissing, type ArgumentField } from '../../src/composer/argument-fields';
import { ArgumentInput } from './ArgumentInput';
import { ServerIcon } from './ServerIcon';

export interface ArgumentsFormProps {
  /** What is being filled in: a prompt's `/name` or a template's title. */
  title: string;
  /** A muted line under the title: the prompt's description or the uri template. */
  detail?: string | undefined;
  serverName: string;
  serverIconDataUrl?: string | undefined;
  fields: ArgumentField[];
  submitLabel: string;
  /** Asks the server for values of one field, given what the other fields hold. */
  complete?:
    | ((name: string, value: string, context: Record<string, string>) => Promise<string[]>)
    | undefined;
  /** What the values will give (a template's uri), shown as the person types. */
  preview?: ((values: Record<string, string>) => string) | undefined;
  onSubmit(values: Record<string, string>): void;
  onCancel(): void;
}

/** The arguments of a prompt or the variables of a resource template, one input each. */
export function ArgumentsForm(props: ArgumentsFormProps) {
  const { fields, complete } = props;
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ name: string; message: string } | undefined>();
  const fieldId = (index: number) => `${formId}-field-${index}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = firstMissing(fields, values);
    if (missing) {
      setError({ name: missing.name, message: `Fill in ${missing.label}.` });
      document.getElementById(fieldId(fields.indexOf(missing)))?.focus();
      return;
    }
    props.onSubmit(filledValues(values));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      props.onCancel();
    }
  };
  const preview = props.preview?.(filledValues(values));

  return (
    <form
      className="arguments-form"
      aria-label={`Arguments for ${props.title}`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <div className="arguments-head">
        <ServerIcon name={props.serverName} iconDataUrl={props.serverIconDataUrl} />
        <span className="picker-server">{props.serverName}</span>
        <strong>{props.title}</strong>
      </div>
      {props.detail ? <p className="muted arguments-detail">{props.detail}</p> : null}
      {fields.map((field, index) => (
        <ArgumentInput
          key={field.name}
          id={fieldId(index)}
          field={field}
          value={values[field.name] ?? ''}
          error={error?.name === field.name ? error.message : undefined}
          autoFocus={index === 0}
          complete={
            complete
              ? (value) => {
                  const context = filledValues({ ...values });
                  delete context[field.name];
                  return complete(field.name, value, context);
                }
              : undefined
          }
          onChange={(value) => {
            setValues((previous) => ({ ...previous, [field.name]: value }));
            if (error?.name === field.name) setError(undefined);
          }}
        />
      ))}
      {preview !== undefined ? (
        <p className="muted arguments-preview">
          Attaches <code>{preview}</code>
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary">
          {props.submitLabel}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
