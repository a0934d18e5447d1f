import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  describeConstraints,
  describeSchema,
  describeUrlRequest,
  initialValues,
  toContent,
  validate,
  valueOf,
  type FieldValue,
  type FormField,
  type FormValues,
  type RequestedSchema,
} from '../../src/asks/elicitation-form';

export interface ElicitationCardProps {
  serverName: string;
  /** Shown only when it is a `data:image/…` URL, so the card never loads anything. */
  iconDataUrl?: string;
  /** The server's message, shown as plain text (never HTML or Markdown). */
  message: string;
  mode: 'form' | 'url';
  /** Form mode: the server's `requestedSchema`, untrusted. */
  requestedSchema?: unknown;
  /** URL mode: the page the server wants the person to open. */
  url?: string;
  /** URL mode: after the person agreed to open the page, until the server says it is done. */
  phase?: 'asking' | 'opened' | 'completed';
  /** Epoch milliseconds after which the server stops waiting. */
  expiresAt?: number;
  /** Form mode: the validated content. URL mode: the person agreed to open the page. */
  onAccept(content?: Record<string, unknown>): void;
  onDecline(): void;
  onCancel(): void;
}

/** A server asks the person for input mid-call: a form to fill in, or a page to open. */
export function ElicitationCard(props: ElicitationCardProps) {
  return props.mode === 'url' ? <UrlAsk {...props} /> : <FormAsk {...props} />;
}

function FormAsk(props: ElicitationCardProps) {
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
          <Field
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

interface FieldProps {
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

function Field({ field, id, serverName, value, error, onChange, focusTarget }: FieldProps) {
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

function DeclineButton({ serverName, onDecline }: ElicitationCardProps) {
  return (
    <button
      type="button"
      onClick={() => onDecline()}
      aria-label={`Decline ${serverName}'s request`}
    >
      Decline
    </button>
  );
}

function CancelButton({ serverName, onCancel }: ElicitationCardProps) {
  return (
    <button
      type="button"
      className="link"
      onClick={() => onCancel()}
      aria-label={`Cancel ${serverName}'s request`}
    >
      Cancel
    </button>
  );
}

function UrlAsk(props: ElicitationCardProps) {
  const { serverName, phase = 'asking' } = props;
  const target = describeUrlRequest(props.url ?? '');
  const decline = <DeclineButton {...props} />;
  const cancel = <CancelButton {...props} />;

  return (
    <section
      className="ask-card"
      role="group"
      aria-label={`${serverName} asks you to open a page`}
      data-ask-kind="elicitation-url"
    >
      <AskHead iconDataUrl={props.iconDataUrl} title={`${serverName} wants you to open a page`} />
      {!target.ok ? (
        <>
          <p className="field-error" role="alert">
            Patchbay will not open this page. {target.reason}
          </p>
          {props.url ? <p className="ask-url muted">{props.url}</p> : null}
          <p className="ask-message">{props.message}</p>
          <div className="form-actions ask-actions">{decline}</div>
        </>
      ) : phase === 'asking' ? (
        <>
          <p className="ask-host">{target.host}</p>
          <p className="ask-url muted">{target.url}</p>
          <p className="ask-message">{props.message}</p>
          <Expiry expiresAt={props.expiresAt} />
          <div className="form-actions ask-actions">
            {/* No argument: the click event is not content to send. */}
            <button type="button" className="primary" onClick={() => props.onAccept()}>
              Open {target.host}
            </button>
            {decline}
            {cancel}
          </div>
        </>
      ) : phase === 'opened' ? (
        <>
          <p className="ask-busy" role="status">
            Waiting for {serverName} to confirm you finished on {target.host}…
          </p>
          <p className="muted">
            {target.host} opened in a new tab. Finish there, and this card updates when {serverName}{' '}
            confirms.
          </p>
          <div className="form-actions ask-actions">
            {/* For servers that never confirm: the person says so themselves. */}
            <button type="button" onClick={() => props.onAccept()}>
              I’m done on {target.host}
            </button>
            {cancel}
          </div>
        </>
      ) : (
        <p className="test-ok" role="status">
          {serverName} confirmed it is done.
        </p>
      )}
    </section>
  );
}

function AskHead({ iconDataUrl, title }: { iconDataUrl: string | undefined; title: string }) {
  return (
    <div className="ask-head">
      {iconDataUrl && /^data:image\//i.test(iconDataUrl) ? (
        <img className="ask-icon" src={iconDataUrl} alt="" />
      ) : null}
      <h3 className="ask-title">{title}</h3>
    </div>
  );
}

function Expiry({ expiresAt }: { expiresAt: number | undefined }) {
  // Computed once: a static line is enough, and the card is replaced when the request ends.
  const [now] = useState(() => Date.now());
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return null;
  return <p className="muted ask-expiry">{expiryText(expiresAt - now)}</p>;
}

/** Rounded down: telling the person they have less time than they do is the safe mistake. */
export function expiryText(remainingMilliseconds: number): string {
  if (remainingMilliseconds <= 0) return 'This request has expired.';
  const minutes = Math.floor(remainingMilliseconds / 60_000);
  if (minutes < 1) return 'Waiting for your answer · expires in less than a minute';
  if (minutes < 120) return `Waiting for your answer · expires in ${minutes} min`;
  return `Waiting for your answer · expires in ${Math.floor(minutes / 60)} h`;
}
