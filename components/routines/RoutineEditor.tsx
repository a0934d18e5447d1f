import { useId, type ReactNode } from 'react';
import type { ServerView } from '../../src/messaging/contract';
import { MAX_NAME_CHARS } from '../../src/routines/routine';
import { SubmitRow } from '../settings/SubmitRow';
import { ModelSelect } from './ModelSelect';
import { QuotedPagesNote } from './QuotedPagesNote';
import { ScheduleFields } from './ScheduleFields';
import { ServerToolsPicker } from './ServerToolsPicker';
import { ASKS_NOTIFICATIONS, type RoutineEditorState } from './use-routine-editor';

let knownTimeZones: string[] | undefined;
/** The browser's time zones, offered while typing one (read once). */
function timeZones(): string[] {
  knownTimeZones ??= Intl.supportedValuesOf?.('timeZone') ?? [];
  return knownTimeZones;
}

export type RoutineEditorProps = Pick<
  RoutineEditorState,
  | 'form'
  | 'errors'
  | 'saveError'
  | 'saving'
  | 'asksNotices'
  | 'tools'
  | 'modelLists'
  | 'change'
  | 'submit'
> & {
  servers: readonly ServerView[];
  onServer: RoutineEditorState['chooseServer'];
  onTick: RoutineEditorState['tick'];
  onCancel(): void;
};

/** A routine's form: what it asks, with what, when, and which tools run without asking. */
export function RoutineEditor(props: RoutineEditorProps) {
  const { form, errors, change } = props;
  const id = useId();
  const zones = `${id}-zones`;
  const field = (name: keyof typeof errors, label: string, control: ReactNode) => (
    <div className="routine-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const invalid = (name: keyof typeof errors) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` }
      : {};
  return (
    <form
      className="routine-editor"
      aria-label={form.id ? `Edit ${form.name}` : 'New routine'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.submit();
      }}
    >
      {field(
        'name',
        'Name',
        <input
          id={`${id}-name`}
          value={form.name}
          maxLength={MAX_NAME_CHARS}
          onChange={(event) => change({ name: event.target.value })}
          {...invalid('name')}
        />,
      )}
      {field(
        'prompt',
        'What it asks',
        <textarea
          id={`${id}-prompt`}
          rows={5}
          value={form.prompt}
          onChange={(event) => change({ prompt: event.target.value })}
          {...invalid('prompt')}
        />,
      )}
      <QuotedPagesNote pages={form.quoted} />
      {field(
        'model',
        'Model',
        <ModelSelect
          id={`${id}-model`}
          model={form.model}
          lists={props.modelLists}
          onChange={(model) => change({ model })}
        />,
      )}
      <ScheduleFields form={form} error={errors.schedule} onChange={change} />
      {field(
        'timeZone',
        'Time zone',
        <>
          <input
            id={`${id}-timeZone`}
            list={zones}
            value={form.timeZone}
            onChange={(event) => change({ timeZone: event.target.value })}
            {...invalid('timeZone')}
          />
          <datalist id={zones}>
            {timeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>,
      )}
      <ServerToolsPicker
        form={form}
        servers={props.servers}
        tools={props.tools}
        error={errors.servers ?? errors.tools}
        onServer={props.onServer}
        onTick={props.onTick}
      />
      {field(
        'answerMinutes',
        'Wait for my answer (minutes)',
        <input
          id={`${id}-answerMinutes`}
          type="number"
          min={1}
          max={24 * 60}
          value={form.answerMinutes}
          onChange={(event) => change({ answerMinutes: event.target.value })}
          {...invalid('answerMinutes')}
        />,
      )}
      <p className="muted">
        A run that asks you waits this long for your answer in its chat, then ends.
      </p>
      {props.asksNotices ? <p className="muted">{ASKS_NOTIFICATIONS}</p> : null}
      <SubmitRow
        error={props.saveError}
        working={props.saving}
        label={props.saving ? 'Saving…' : 'Save'}
        onCancel={props.onCancel}
      />
    </form>
  );
}
