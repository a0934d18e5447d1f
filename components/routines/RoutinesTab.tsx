import { useState } from 'react';
import type { ModelChoice } from '../../src/models/model-choice';
import type { ServerView } from '../../src/messaging/contract';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { RoutineInput } from '../../src/routines/routine';
import { RoutineEditor } from './RoutineEditor';
import { RoutineItem } from './RoutineItem';
import { blankRoutine } from './new-routine';
import { routineFromTemplate } from './routine-templates';
import { RoutineTemplates } from './RoutineTemplates';
import type { RoutineEditing } from './use-routine-editing';
import { useRoutineEditor } from './use-routine-editor';
import { useRoutines, type RoutinesState } from './use-routines';

export const ROUTINES_INTRO =
  'A routine runs a chat on a schedule, with the model and servers you choose. Tools you tick run without asking; anything else pauses the run until you answer in its chat.';

export interface RoutinesTabProps {
  servers: readonly ServerView[];
  /** The providers set up, whose models a routine can run with. */
  choice: ModelChoice | undefined;
  /** Chrome's notifications permission (asked for when the first routine is saved). */
  notices: BrowserPermissions;
  editing: RoutineEditing;
  onOpenChat(chatId: string): void;
}

/** The Routines tab: the routines with their runs, or the editor of one. */
export function RoutinesTab(props: RoutinesTabProps) {
  const state = useRoutines();
  const { editing } = props;
  const [notice, setNotice] = useState<string | undefined>();
  const open = (initial: RoutineInput) => {
    setNotice(undefined);
    editing.open(initial);
  };
  if (editing.editing)
    return (
      <section className="panel routines-panel" aria-label="Routines">
        <h1>{editing.editing.initial.id ? 'Edit routine' : 'New routine'}</h1>
        <EditorPanel
          key={editing.editing.key}
          {...props}
          initial={editing.editing.initial}
          routines={state}
          onDone={(saved) => {
            setNotice(saved);
            editing.close();
          }}
        />
      </section>
    );
  const { routines } = state;
  return (
    <section className="panel routines-panel" aria-label="Routines">
      <header className="panel-header">
        <h1>Routines</h1>
        {routines?.length ? (
          <button type="button" className="primary" onClick={() => open(blankRoutine())}>
            New routine
          </button>
        ) : null}
      </header>
      {[notice, state.notice, state.loadError].map((text, index) =>
        text ? (
          <p key={index} className="routines-notice" role="alert">
            {text}
          </p>
        ) : null,
      )}
      {routines === undefined && !state.loadError ? <p className="muted">Loading…</p> : null}
      {routines?.length === 0 ? (
        <div className="routines-empty">
          <p>{ROUTINES_INTRO}</p>
          <button type="button" className="primary" onClick={() => open(blankRoutine())}>
            New routine
          </button>
          <RoutineTemplates onPick={(template) => open(routineFromTemplate(template))} />
        </div>
      ) : null}
      {routines?.length ? (
        <ul className="routine-list" aria-label="Routines">
          {routines.map((routine) => (
            <RoutineItem
              key={routine.id}
              routine={routine}
              runs={state.runs[routine.id]}
              onRunNow={() => void state.runNow(routine.id)}
              onStop={() => void state.stop(routine.id)}
              onPause={(paused) => void state.setPaused(routine.id, paused)}
              onEdit={() => open(routine)}
              onDelete={() => void state.remove(routine.id)}
              onToggleRuns={() => state.toggleRuns(routine.id)}
              onOpenChat={props.onOpenChat}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function EditorPanel(
  props: RoutinesTabProps & {
    initial: RoutineInput;
    routines: RoutinesState;
    /** Saved (with what to tell the person) or cancelled. */
    onDone(notice?: string): void;
  },
) {
  const { routines, initial } = props;
  const editor = useRoutineEditor({
    initial,
    choice: props.choice,
    save: routines.save,
    first: !initial.id && routines.routines?.length === 0,
    notices: props.notices,
    onSaved: (_routine, notice) => props.onDone(notice),
  });
  return (
    <RoutineEditor
      {...editor}
      servers={props.servers}
      onServer={editor.chooseServer}
      onTick={editor.tick}
      onCancel={() => props.onDone()}
    />
  );
}
