import { useId, type ReactNode } from 'react';
import type { ServerView } from '../../src/messaging/contract';
import { MAX_NAME_CHARS } from '../../src/routines/routine';
import { SubmitRow } from '../settings/SubmitRow';
import { ModelSelect } from './ModelSelect';
import { AnswerTimeField, invalidAttributes, RoutineField, TimeZoneField } from './RoutineFields';
import { QuotedPagesNote } from './QuotedPagesNote';
import { ScheduleFields } from './ScheduleFields';
import { ServerToolsPicker } from './ServerToolsPicker';
import { ASKS_NOTIFICATIONS, type RoutineEditorState } from './use-routine-editor';

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
  const field = (name: keyof typeof errors, label: string, control: ReactNode) => (
    <RoutineField id={id} name={name} label={label} errors={errors}>
      {control}
    </RoutineField>
  );
  const invalid = (name: keyof typeof errors) => invalidAttributes(id, name, errors);
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
      <TimeZoneField id={id} value={form.timeZone} errors={errors} change={change} />
      <ServerToolsPicker
        form={form}
        servers={props.servers}
        tools={props.tools}
        error={errors.servers ?? errors.tools}
        onServer={props.onServer}
        onTick={props.onTick}
      />
      <AnswerTimeField id={id} value={form.answerMinutes} errors={errors} change={change} />
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
