import { useId, useMemo } from 'react';
import {
  describeSchema,
  type RequestedSchema,
  type SkippedProperty,
} from '../../src/asks/elicitation-form';
import { valueOf } from '../../src/asks/form-values';
import { AskHead, Expiry } from './ask-parts';
import { CancelButton, DeclineButton } from './ask-buttons';
import { AskField } from './AskField';
import type { ElicitationCardProps } from './elicitation-card-props';
import { useAskForm } from './use-ask-form';

/** A form the server asks the person to fill in. */
export function FormAsk(props: ElicitationCardProps) {
  const { serverName } = props;
  const baseId = useId();
  // Whatever its declared type, describeSchema reads the schema as untrusted input.
  const { fields, skipped } = useMemo(
    () => describeSchema(props.requestedSchema as RequestedSchema | undefined),
    [props.requestedSchema],
  );
  const form = useAskForm(fields, (content) => props.onAccept(content));
  const asksForSecret = fields.some((field) => field.secretLike);

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
      <form className="ask-form" noValidate onSubmit={form.accept}>
        {fields.map((field, index) => (
          <AskField
            key={field.name}
            field={field}
            id={`${baseId}-${index}`}
            serverName={serverName}
            value={valueOf(form.values, field.name)}
            error={valueOf(form.errors, field.name)}
            onChange={(value) => form.setValue(field.name, value)}
            focusTarget={form.focusTarget(field.name)}
          />
        ))}
        <SkippedQuestions serverName={serverName} skipped={skipped} />
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

/** The questions of the server's form Patchbay cannot show, and why. */
function SkippedQuestions({
  serverName,
  skipped,
}: {
  serverName: string;
  skipped: SkippedProperty[];
}) {
  if (!skipped.length) return null;
  return (
    <div className="ask-note">
      <p className="muted">
        Patchbay cannot show every question of this form, so {serverName} may not accept the answer:
      </p>
      <ul>
        {skipped.map((property) => (
          <li key={property.name} className="muted">
            <code>{property.name}</code>: {property.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
