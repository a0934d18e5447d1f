import { useCallback, useEffect, useState } from 'react';
import type { ModelChoice } from '../../src/models/model-choice';
import { RequestError } from '../../src/messaging/client';
import { useClient } from '../shared/client-context';
import type { ToolView } from '../../src/messaging/contract';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { RoutineInput, RoutineView } from '../../src/routines/routine';
import { useModelOptions } from '../shared/use-model-options';
import { usePermissionsHeld } from '../permissions/use-permissions-held';
import {
  formOf,
  isRoutineField,
  validate,
  withServer,
  withTick,
  type FieldErrors,
  type RoutineForm,
} from './routine-form';

/** The feature named when Chrome is asked to let Patchbay show notifications for routines. */
export const ROUTINE_NOTICES = 'Routines';
export const ASKS_NOTIFICATIONS =
  'Saving asks Chrome to let Patchbay show a notification when a run waits for your answer, finishes or fails.';
export const NO_NOTIFICATIONS =
  'Patchbay can’t show notifications; open Routines to see runs that wait for you.';

/**
 * One routine's editor: the form as typed, its errors by field, the tools the chosen servers
 * list (kept current), the models of the providers set up, and Save. Saving the first routine
 * asks Chrome for notifications from the Save click itself; a refusal still saves.
 */
export function useRoutineEditor(options: {
  initial: RoutineInput;
  choice: ModelChoice | undefined;
  save(input: RoutineInput): Promise<RoutineView>;
  /** No routine is saved yet: saving this one asks for notifications. */
  first: boolean;
  notices: BrowserPermissions;
  /** Saved; `notice` says what the person should know (notifications refused). */
  onSaved(routine: RoutineView, notice?: string): void;
}) {
  const { save, first, notices, onSaved } = options;
  const client = useClient();
  const [form, setForm] = useState<RoutineForm>(() => formOf(options.initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [noticesHeld] = usePermissionsHeld(notices);
  const [tools, setTools] = useState<ToolView[] | undefined>();
  const models = useModelOptions(options.choice);
  const { load: loadModels } = models;

  // The editor opened from a click: the providers' model lists are read once, now.
  useEffect(() => void loadModels(), [loadModels]);

  useEffect(() => {
    const refresh = () =>
      void client.request('mcp/tools/list').then(
        ({ tools: listed }) => setTools(listed),
        () => setTools((previous) => previous ?? []),
      );
    refresh();
    return client.onBroadcast((message) => {
      if (message.type === 'mcp/tools/changed') refresh();
    });
  }, [client]);

  const change = useCallback((next: Partial<RoutineForm>) => {
    setForm((previous) => ({ ...previous, ...next }));
  }, []);

  // The first routine's Save asks for notifications (said above Save first).
  const asksNotices = first && noticesHeld === false;

  const submit = () => {
    const checked = validate(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaveError(undefined);
    // Straight to Chrome within the Save click, before any await: the prompt needs the gesture.
    const asking = first && noticesHeld !== true ? notices.ask(ROUTINE_NOTICES) : undefined;
    setSaving(true);
    void save(checked.input).then(
      async (routine) => {
        const answer = await asking;
        onSaved(routine, answer && !answer.granted ? NO_NOTIFICATIONS : undefined);
      },
      (error: unknown) => {
        setSaving(false);
        const field = error instanceof RequestError ? error.field : undefined;
        const message = error instanceof Error ? error.message : String(error);
        if (field && isRoutineField(field)) setErrors({ [field]: message });
        else setSaveError(message);
      },
    );
  };

  return {
    form,
    errors,
    saveError,
    saving,
    asksNotices,
    tools,
    modelLists: models.lists,
    change,
    chooseServer: (serverId: string, chosen: boolean) =>
      setForm((previous) => withServer(previous, serverId, chosen)),
    tick: (tool: ToolView, ticked: boolean) =>
      setForm((previous) => withTick(previous, tool, ticked)),
    submit,
  };
}

export type RoutineEditorState = ReturnType<typeof useRoutineEditor>;
