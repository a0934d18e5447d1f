import type { ReactNode } from 'react';
import type { RoutineEditorState } from './use-routine-editor';

type Errors = RoutineEditorState['errors'];
type Change = RoutineEditorState['change'];

/** A field of one value: the form's id prefix, the value, the form's errors, and its change. */
interface ValueFieldProps {
  id: string;
  value: string;
  errors: Errors;
  change: Change;
}

/** A field's label, its control, and its error under it. */
export function RoutineField({
  id,
  name,
  label,
  errors,
  children,
}: {
  id: string;
  name: keyof Errors;
  label: string;
  errors: Errors;
  children: ReactNode;
}) {
  return (
    <div className="routine-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {children}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}

/** What a control says of its field's error, for screen readers. */
export function invalidAttributes(id: string, name: keyof Errors, errors: Errors) {
  return errors[name]
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` }
    : {};
}

let knownTimeZones: string[] | undefined;
/** The browser's time zones, offered while typing one (read once). */
function timeZones(): string[] {
  knownTimeZones ??= Intl.supportedValuesOf?.('timeZone') ?? [];
  return knownTimeZones;
}

/** The time zone the schedule counts in, typed with the browser's zones offered. */
export function TimeZoneField({ id, value, errors, change }: ValueFieldProps) {
  const zones = `${id}-zones`;
  return (
    <RoutineField id={id} name="timeZone" label="Time zone" errors={errors}>
      <input
        id={`${id}-timeZone`}
        list={zones}
        value={value}
        onChange={(event) => change({ timeZone: event.target.value })}
        {...invalidAttributes(id, 'timeZone', errors)}
      />
      <datalist id={zones}>
        {timeZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </RoutineField>
  );
}

/** How long a run that asks waits for the person's answer, and what happens then. */
export function AnswerTimeField({ id, value, errors, change }: ValueFieldProps) {
  return (
    <>
      <RoutineField
        id={id}
        name="answerMinutes"
        label="Wait for my answer (minutes)"
        errors={errors}
      >
        <input
          id={`${id}-answerMinutes`}
          type="number"
          min={1}
          max={24 * 60}
          value={value}
          onChange={(event) => change({ answerMinutes: event.target.value })}
          {...invalidAttributes(id, 'answerMinutes', errors)}
        />
      </RoutineField>
      <p className="muted">
        A run that asks you waits this long for your answer in its chat, then ends.
      </p>
    </>
  );
}
