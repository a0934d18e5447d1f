import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { describeSchema, type RequestedSchema } from '../../src/asks/elicitation-form';
import {
  initialValues,
  toContent,
  validate,
  valueOf,
  type FormValues,
} from '../../src/asks/form-values';
import { AskHead, Expiry } from './ask-parts';
import { CancelButton, DeclineButton } from './ask-buttons';
import { AskField } from './AskField';
import type { ElicitationCardProps } from './elicitation-card-props';

/** A form the server asks the person to fill in. */
export function FormAsk(props: ElicitationCardProps) {
  const { serverName } = props;
  const baseId = useId();
  // Whatever its declared type, describeSchema reads the schema as untrusted input.
  const { fields, skipped } = useMemo(
    () => describeSchema(props.requestedSchema as RequestedSchema | undefined),
    [props.requestedSchema],
  );
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  // Errors appear once the person tries to accept, then follow every change until fixed.
  const [attempted, setAttempted] = useState(false);
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const errors = attempted ? validate(fields, values) : {};
  const asksForSecret = fields.some((field) => field.secretLike);

  function accept(event: FormEvent) {
    event.preventDefault();
    const found = validate(fields, values);
    const firstInvalid = fields.find((field) => Object.hasOwn(found, field.name));
    if (firstInvalid) {
      setAttempted(true);
      focusTargets.current.get(firstInvalid.name)?.focus();
      return;
    }
    props.onAccept(toContent(fields, values));
  }

  return (
    <section
      className="ask-card"
      role="group"
      aria-label={`${serverName} asks for information`}
      data-ask-kind="elicitation-form"
    >
      <AskHead iconDataUrl={props.iconDataUrl} title={`${serverName} asks for information`} />
      <p className="ask-message">{props.message}</p>
      {asksForSecret ? (
        <p className="ask-warning" role="alert">
          {serverName} is asking for something that looks like a password or secret. MCP servers
          should never ask for these in a form; only continue if you trust this server.
        </p>
      ) : null}
      <form className="ask-form" noValidate onSubmit={accept}>
        {fields.map((field, index) => (
          <AskField
            key={field.name}
            field={field}
            id={`${baseId}-${index}`}
            serverName={serverName}
            value={valueOf(values, field.name)}
            error={valueOf(errors, field.name)}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            focusTarget={(element) => {
              if (element) focusTargets.current.set(field.name, element);
              else focusTargets.current.delete(field.name);
            }}
          />
        ))}
        {skipped.length ? (
          <div className="ask-note">
            <p className="muted">
              Patchbay cannot show every question of this form, so {serverName} may not accept the
              answer:
            </p>
            <ul>
              {skipped.map((property) => (
                <li key={property.name} className="muted">
                  <code>{property.name}</code>: {property.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Expiry expiresAt={props.expiresAt} />
        <div className="form-actions ask-actions">
          <button type="submit" className="primary" aria-label={`Accept and send to ${serverName}`}>
            Accept
          </button>
          <DeclineButton {...props} />
          <CancelButton {...props} />
        </div>
      </form>
    </section>
  );
}
